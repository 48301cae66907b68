import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { gatewayPathName, MediaMtxGateway, parseGatewayPath, subStreamUrl } from './media-gateway-mediamtx.ts';

describe('MediaMTX gateway adapter', () => {
  it('names one path per school, camera and quality, and reads it back', () => {
    expect(gatewayPathName('12', '345', 'sub')).toBe('hxk_12_345_sub');
    expect(parseGatewayPath('hxk_12_345_sub')).toEqual({ schoolId: '12', cameraId: '345', quality: 'sub' });
    for (const other of ['hxk_12_345_hd', 'hxk_12_sub', 'cam1', 'hxk_1_2_main/x', '../hxk_1_2_main', 'hxk_a_2_main']) expect(parseGatewayPath(other)).toBeNull();
  });

  it('derives the sub stream from the main stream by the makers\' conventions, else keeps the main stream', () => {
    expect(subStreamUrl('rtsp://u:p@10.0.0.5:554/Streaming/Channels/101')).toBe('rtsp://u:p@10.0.0.5:554/Streaming/Channels/102');
    expect(subStreamUrl('rtsp://10.0.0.5/Streaming/Channels/301?transportmode=unicast')).toBe('rtsp://10.0.0.5/Streaming/Channels/302?transportmode=unicast');
    expect(subStreamUrl('rtsp://10.0.0.6/cam/realmonitor?channel=1&subtype=0')).toBe('rtsp://10.0.0.6/cam/realmonitor?channel=1&subtype=1');
    expect(subStreamUrl('rtsp://10.0.0.7/media/video1')).toBe('rtsp://10.0.0.7/media/video2');
    expect(subStreamUrl('rtsp://10.0.0.8:8554/live/main')).toBe('rtsp://10.0.0.8:8554/live/sub');
    expect(subStreamUrl('rtsp://10.0.0.9/stream')).toBe('rtsp://10.0.0.9/stream');
  });

  it('takes the gateway settings from the environment, and refuses incomplete ones', () => {
    const base = { MEDIA_GATEWAY: 'mediamtx', MEDIA_GATEWAY_API_URL: 'http://10.0.0.5:9997/', MEDIA_GATEWAY_PLAY_URL: 'https://media.school.example:8888', MEDIA_GATEWAY_HOOK_SECRET: 'x'.repeat(32), PLAY_TOKEN_SECRET: 'y'.repeat(32) };
    expect(loadConfig(base).live.gateway).toEqual({ kind: 'mediamtx', apiUrl: 'http://10.0.0.5:9997', apiUser: undefined, apiPassword: undefined, playUrl: 'https://media.school.example:8888', hookSecret: 'x'.repeat(32) });
    expect(loadConfig({}).live.gateway).toBeNull();
    expect(() => loadConfig({ ...base, MEDIA_GATEWAY_PLAY_URL: undefined })).toThrow(/MEDIA_GATEWAY_PLAY_URL is required/);
    expect(() => loadConfig({ ...base, PLAY_TOKEN_SECRET: undefined })).toThrow(/PLAY_TOKEN_SECRET is required/);
    expect(() => loadConfig({ ...base, MEDIA_GATEWAY_HOOK_SECRET: 'short' })).toThrow(/MEDIA_GATEWAY_HOOK_SECRET/);
    expect(() => loadConfig({ ...base, MEDIA_GATEWAY_API_USER: 'hxk' })).toThrow(/go together/);
    expect(() => loadConfig({ ...base, MEDIA_GATEWAY: 'zlm' })).toThrow(/MEDIA_GATEWAY/);
  });

  it('offers WebRTC (WHEP) for the same path and token only when MEDIA_GATEWAY_WEBRTC_URL is set', () => {
    const base = { MEDIA_GATEWAY: 'mediamtx', MEDIA_GATEWAY_API_URL: 'http://10.0.0.5:9997', MEDIA_GATEWAY_PLAY_URL: 'https://media.school.example:8888', MEDIA_GATEWAY_HOOK_SECRET: 'x'.repeat(32), PLAY_TOKEN_SECRET: 'y'.repeat(32) };
    expect(loadConfig({ ...base, MEDIA_GATEWAY_WEBRTC_URL: 'https://media.school.example:8889/' }).live.gateway?.webrtcUrl).toBe('https://media.school.example:8889');
    expect(loadConfig(base).live.gateway?.webrtcUrl).toBeUndefined();
    expect(() => loadConfig({ ...base, MEDIA_GATEWAY_WEBRTC_URL: 'media.school.example:8889' })).toThrow(/MEDIA_GATEWAY_WEBRTC_URL/);
    expect(() => loadConfig({ ...base, MEDIA_GATEWAY_WEBRTC_URL: 'rtsp://media.school.example:8554' })).toThrow(/MEDIA_GATEWAY_WEBRTC_URL: must be an http\(s\) URL/);
    expect(() => loadConfig({ MEDIA_GATEWAY_WEBRTC_URL: 'https://media.school.example:8889' })).toThrow(/MEDIA_GATEWAY_WEBRTC_URL needs MEDIA_GATEWAY=mediamtx/);

    const opts = { apiUrl: 'http://10.0.0.5:9997', playUrl: 'https://media.school.example:8888', allowHosts: [] };
    const token = 'v1.abc+/=';
    const withRtc = new MediaMtxGateway({ ...opts, webrtcUrl: 'https://media.school.example:8889' });
    expect(withRtc.whepUrl('hxk_1_2_sub', token)).toBe('https://media.school.example:8889/hxk_1_2_sub/whep?t=v1.abc%2B%2F%3D');
    expect(withRtc.hlsUrl('hxk_1_2_sub', token)).toBe('https://media.school.example:8888/hxk_1_2_sub/index.m3u8?t=v1.abc%2B%2F%3D');
    expect(new MediaMtxGateway(opts).whepUrl('hxk_1_2_sub', token)).toBeNull();
  });
});
