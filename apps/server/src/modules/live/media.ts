/**
 * The media source behind live video, one per running app (issue 14): the built-in camera simulator
 * by default, the MediaMTX gateway adapter when MEDIA_GATEWAY=mediamtx (docs/decisions/0017). Created
 * on first use, closed with the app (live.routes.ts registers the close), and shared by every module
 * that opens a stream: patrol, live lessons, shares.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CameraSimulator, findFfmpeg, type SimulatedStream } from '../../platform/adapters/camera-simulator.ts';
import { gatewayPathName, MediaMtxGateway, subStreamUrl } from '../../platform/adapters/media-gateway-mediamtx.ts';
import type { Deps } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';

/** One camera stream: the simulator draws `lines`; a gateway pulls the camera's own RTSP `source`. */
export type LiveStream = SimulatedStream & { schoolId?: string; cameraId?: string; source?: string | null };

export type LiveMedia = {
  kind: 'simulator' | 'gateway';
  /** Starts the stream if needed (the first viewer asks) and resolves once it can be played. */
  open(stream: LiveStream): Promise<void>;
  /** Where a browser plays the stream with this token: same-origin for the simulator, the gateway's HLS otherwise. */
  playUrl(stream: LiveStream, token: string): string;
  /** The gateway's WHEP address for the same stream and token (WebRTC), when it offers one; else null. */
  whepUrl(stream: LiveStream, token: string): string | null;
  /** A file of a running simulated stream (the HLS route), null when not running or not its own (always null for a gateway). */
  read(key: string, name: string): Promise<{ playlist: string } | { segment: string } | null>;
  close(): Promise<void>;
};

/** Where the simulator's streams are served: /live/hls/<camera>/<quality>/index.m3u8?t=<token>. */
export const HLS_PREFIX = '/live/hls';
export const hlsPath = (cameraId: string, quality: SimulatedStream['quality'], file: string) => `${HLS_PREFIX}/${cameraId}/${quality}/${file}`;

const media = new WeakMap<Deps, LiveMedia | null>();

function simulatorMedia(deps: Deps): LiveMedia | null {
  const ffmpeg = findFfmpeg(deps.config.live.ffmpegPath);
  if (!ffmpeg) {
    deps.log.warn('live video: no ffmpeg found (FFMPEG_PATH, PATH, @ffmpeg-installer/linux-x64); the camera simulator is off');
    return null;
  }
  const sim = new CameraSimulator({ ffmpeg, dir: fs.mkdtempSync(path.join(os.tmpdir(), 'hxk-live-')), idleMs: deps.config.live.simulatorIdleMs, clockCode: deps.config.live.simulatorClockCode, fps: deps.config.live.simulatorFps, log: (m) => deps.log.warn(m) });
  return {
    kind: 'simulator',
    open: (s) => sim.open({ key: s.key, lines: s.lines, quality: s.quality }),
    playUrl: (s, token) => {
      const cameraId = s.cameraId ?? s.key.split('-')[1] ?? '';
      return `${hlsPath(cameraId, s.quality, 'index.m3u8')}?t=${encodeURIComponent(token)}`;
    },
    whepUrl: () => null,
    read: (key, name) => sim.read(key, name),
    close: () => sim.close(),
  };
}

function gatewayMedia(deps: Deps, gw: NonNullable<Deps['config']['live']['gateway']>): LiveMedia {
  const client = new MediaMtxGateway({ apiUrl: gw.apiUrl, apiUser: gw.apiUser, apiPassword: gw.apiPassword, playUrl: gw.playUrl, allowHosts: deps.config.outboundAllowHosts, webrtcUrl: gw.webrtcUrl });
  const pathOf = (s: LiveStream) => {
    if (!s.schoolId || !s.cameraId) throw new Error('a gateway stream needs its school and camera');
    return gatewayPathName(s.schoolId, s.cameraId, s.quality);
  };
  return {
    kind: 'gateway',
    async open(s) {
      if (!s.source) throw new AppError('live.noStreamUrl');
      try {
        await client.ensurePath(pathOf(s), s.quality === 'sub' ? subStreamUrl(s.source) : s.source);
      } catch (e) {
        deps.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'live video: media gateway call failed');
        throw new AppError('live.gatewayUnreachable');
      }
    },
    playUrl: (s, token) => client.hlsUrl(pathOf(s), token),
    whepUrl: (s, token) => client.whepUrl(pathOf(s), token),
    read: async () => null,
    close: () => client.close(),
  };
}

export function liveMedia(deps: Deps): LiveMedia | null {
  if (media.has(deps)) return media.get(deps) ?? null;
  const gw = deps.config.live.gateway;
  const made = gw ? gatewayMedia(deps, gw) : simulatorMedia(deps);
  media.set(deps, made);
  return made;
}

export async function closeLiveMedia(deps: Deps): Promise<void> {
  const made = media.get(deps);
  media.delete(deps);
  await made?.close();
}
