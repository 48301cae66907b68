/**
 * The media source behind live video, one per running app (issue 14): the built-in camera simulator
 * today, a media gateway adapter when one is configured. Created on first use, closed with the app
 * (live.routes.ts registers the close), and shared by every module that opens a stream: patrol,
 * live lessons, shares.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CameraSimulator, findFfmpeg, type SimulatedStream } from '../../platform/adapters/camera-simulator.ts';
import type { Deps } from '../../platform/context.ts';

export type LiveMedia = {
  /** Starts the stream if needed (the first viewer asks) and resolves once it can be played. */
  open(stream: SimulatedStream): Promise<void>;
  /** A file of a running simulated stream (the HLS route), null when not running or not its own. */
  read(key: string, name: string): Promise<{ playlist: string } | { segment: string } | null>;
  close(): Promise<void>;
};

const media = new WeakMap<Deps, LiveMedia | null>();

export function liveMedia(deps: Deps): LiveMedia | null {
  if (media.has(deps)) return media.get(deps) ?? null;
  const ffmpeg = findFfmpeg(deps.config.live.ffmpegPath);
  if (!ffmpeg) deps.log.warn('live video: no ffmpeg found (FFMPEG_PATH, PATH, @ffmpeg-installer/linux-x64); the camera simulator is off');
  const made = ffmpeg
    ? new CameraSimulator({ ffmpeg, dir: fs.mkdtempSync(path.join(os.tmpdir(), 'hxk-live-')), idleMs: deps.config.live.simulatorIdleMs, log: (m) => deps.log.warn(m) })
    : null;
  media.set(deps, made);
  return made;
}

export async function closeLiveMedia(deps: Deps): Promise<void> {
  const made = media.get(deps);
  media.delete(deps);
  await made?.close();
}
