import { afterEach, describe, expect, it } from 'vitest';
import { startBackchannelDouble, type BackchannelDouble } from '../../test/rtsp-backchannel-double.ts';
import { backchannelTrack, BackchannelError, digestAuthorization, downsample16kTo8k, linearToAlaw, linearToUlaw, openOnvifBackchannel, ulawToLinear } from './onvif-backchannel.ts';

/** 20 ms of a 440 Hz tone at 16 kHz, s16le. */
function toneFrame(n: number, amplitude = 8000): Buffer {
  const b = Buffer.alloc(640);
  for (let i = 0; i < 320; i++) b.writeInt16LE(Math.round(Math.sin(((n * 320 + i) / 16000) * 2 * Math.PI * 440) * amplitude), i * 2);
  return b;
}
const until = async (cond: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('G.711 and resampling', () => {
  it('encodes µ-law and A-law as ITU-T G.711 does', () => {
    expect(linearToUlaw(0)).toBe(0xff);
    expect(linearToUlaw(-1)).toBe(0x7f);
    expect(linearToUlaw(32767)).toBe(0x80);
    expect(linearToUlaw(-32768)).toBe(0x00);
    expect(linearToAlaw(0)).toBe(0xd5);
    expect(linearToAlaw(32767)).toBe(0xaa);
    expect(linearToAlaw(-32768)).toBe(0x2a);
    // µ-law round trip keeps a sample within its quantisation step (about 1/16 of its size).
    for (const v of [100, -100, 1000, -5000, 12000, -30000]) expect(Math.abs(ulawToLinear(linearToUlaw(v)) - v)).toBeLessThanOrEqual(Math.abs(v) / 16 + 8);
  });

  it('halves the rate by averaging pairs', () => {
    const pcm = Buffer.alloc(8);
    [100, 300, -200, -400].forEach((v, i) => pcm.writeInt16LE(v, i * 2));
    expect([...downsample16kTo8k(pcm)]).toEqual([200, -300]);
    expect(downsample16kTo8k(toneFrame(0))).toHaveLength(160);
  });
});

describe('RTSP pieces', () => {
  it('computes RFC 2617 digest responses with and without qop', () => {
    // RFC 2617 section 3.5's example.
    const h = digestAuthorization('Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"', 'Mufasa', 'Circle Of Life', 'GET', '/dir/index.html', '0a4f113b');
    expect(h).toContain('response="6629fae49393a05397450978507c4ef1"');
    expect(h).toContain('opaque="5ccc069c403ebaf9f0171e9517f40e41"');
    expect(digestAuthorization('Digest realm="r", nonce="n"', 'u', 'p', 'DESCRIBE', 'rtsp://h/')).not.toContain('qop');
  });

  it('finds the sendonly audio medium, its control URL and its codec', () => {
    const sdp = 'v=0\r\nm=video 0 RTP/AVP 96\r\na=control:trackID=1\r\na=recvonly\r\nm=audio 0 RTP/AVP 8\r\na=rtpmap:8 PCMA/8000\r\na=control:trackID=2\r\na=recvonly\r\nm=audio 0 RTP/AVP 8 0\r\na=control:rtsp://cam/back\r\na=sendonly\r\n';
    expect(backchannelTrack(sdp, 'rtsp://cam/')).toEqual({ control: 'rtsp://cam/back', payloadType: 0, codec: 'PCMU' });
    expect(backchannelTrack(sdp.replace('RTP/AVP 8 0', 'RTP/AVP 8'), 'rtsp://cam/')).toMatchObject({ payloadType: 8, codec: 'PCMA' });
    expect(backchannelTrack(sdp.replace('a=control:rtsp://cam/back', 'a=control:trackID=4'), 'rtsp://cam/main/')).toMatchObject({ control: 'rtsp://cam/main/trackID=4' });
    expect(backchannelTrack(sdp.replace('a=sendonly', 'a=recvonly'), 'rtsp://cam/')).toBeNull();
  });
});

describe('talk-back through an ONVIF backchannel (against a local double)', () => {
  let double: BackchannelDouble | undefined;
  afterEach(async () => {
    await double?.close();
    double = undefined;
  });
  const allow = ['127.0.0.1'];

  it('authenticates, sets the backchannel up and sends one PCMU packet of 160 samples per 20 ms frame, then tears down', async () => {
    double = await startBackchannelDouble({ username: 'admin', password: 'cam-pass' });
    const session = await openOnvifBackchannel({ url: double.url, username: 'admin', password: 'cam-pass', allowHosts: allow });
    expect(session.codec).toBe('PCMU');
    for (let n = 0; n < 25; n++) session.send(toneFrame(n));
    await until(() => double!.packets.length === 25);
    const [first, second] = double.packets;
    expect(first).toMatchObject({ payloadType: 0 });
    expect(first!.payload).toHaveLength(160);
    expect(second!.seq).toBe((first!.seq + 1) & 0xffff);
    expect((second!.timestamp - first!.timestamp) >>> 0).toBe(160);
    expect(new Set(double.packets.map((p) => p.ssrc)).size).toBe(1);
    // What the room hears is the tone: loud, not silence.
    const samples = double.packets.flatMap((p) => [...p.payload].map(ulawToLinear));
    const rms = Math.sqrt(samples.reduce((s, v) => s + v * v, 0) / samples.length);
    expect(rms).toBeGreaterThan(3000);
    await session.close();
    await until(() => double!.teardowns === 1);
    expect(double.requests).toEqual(['DESCRIBE 401', 'DESCRIBE 200', 'SETUP 200', 'PLAY 200', 'TEARDOWN 200']);
  });

  it('takes credentials from the stream URL when the directory holds none', async () => {
    double = await startBackchannelDouble({ username: 'u', password: 'p@ss' });
    const url = double.url.replace('rtsp://', 'rtsp://u:p%40ss@');
    const session = await openOnvifBackchannel({ url, allowHosts: allow });
    await session.close();
    expect(double.requests).toContain('PLAY 200');
  });

  it('says why it cannot: wrong password, no backchannel, a host not allowed, nobody listening', async () => {
    double = await startBackchannelDouble({ username: 'admin', password: 'right' });
    await expect(openOnvifBackchannel({ url: double.url, username: 'admin', password: 'wrong', allowHosts: allow })).rejects.toMatchObject({ kind: 'unauthorized' });
    await double.close();
    double = await startBackchannelDouble({ backchannel: false });
    await expect(openOnvifBackchannel({ url: double.url, allowHosts: allow })).rejects.toMatchObject({ kind: 'unsupported' });
    // Loopback is refused unless the operator allows it; only rtsp:// is spoken.
    await expect(openOnvifBackchannel({ url: double.url, allowHosts: [] })).rejects.toMatchObject({ kind: 'blocked' });
    await expect(openOnvifBackchannel({ url: 'http://127.0.0.1/', allowHosts: allow })).rejects.toBeInstanceOf(BackchannelError);
    const port = Number(new URL(double.url).port);
    await double.close();
    double = undefined;
    await expect(openOnvifBackchannel({ url: `rtsp://127.0.0.1:${port}/x`, allowHosts: allow, timeoutMs: 1000 })).rejects.toMatchObject({ kind: 'unreachable' });
  });
});
