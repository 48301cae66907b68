/**
 * Where a live analysis (docs/decisions/0022-live-analysis.md) gets the pictures and the sound of a
 * class in progress. Three sources behind one interface:
 *
 * - **camera through the media gateway**: ffmpeg reads the gateway's HLS of the camera (the URL the
 *   deployment configured, MEDIA_GATEWAY_PLAY_URL, with a play token for the viewer label
 *   `analysis:<id>`, which the gateway's auth hook checks like any reader's). Nothing here ever opens
 *   a camera's own address: that is the gateway's to pull.
 * - **camera from the built-in simulator**: the newest segment of the simulator's HLS (test patterns:
 *   few or no faces, and no sound — the figures say so).
 * - **the demo**: a drawn demo lesson (demo/demo-lesson.ts) "played live": the picture and the sound
 *   at (now − class start) modulo its length.
 *
 * A frame is a JPEG of the moment asked for; sound is asked at the start of an S-T interval and
 * resolves once the interval has passed (a live camera takes that long to hear it). Time comes from
 * a LiveClock, so tests run a 45-minute class in seconds. Every ffmpeg started here is waited for: an
 * aborted or timed-out one is killed and reaped before the call returns.
 */
import { spawn } from 'node:child_process';
import type { TLiveSourceKind } from '@hxk/contracts';

export type LiveCameraRole = 'student' | 'teacher';

/** The time a live analysis goes by: `now`, and waiting (which a test's clock may skip). */
export type LiveClock = {
  now(): Date;
  /** Resolves after `ms` (at once when ms ≤ 0), or rejects with the signal's reason when it aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
};

const pendingSleeps = new Set<NodeJS.Timeout>();

/** Sleeps of the real clock not yet over (tests check a stopped analysis leaves none). */
export const pendingLiveTimers = () => pendingSleeps.size;

/** The app's clock, waiting with timers. */
export function realClock(now: () => Date): LiveClock {
  return {
    now,
    sleep(ms, signal) {
      if (signal.aborted) return Promise.reject(signal.reason as Error);
      if (ms <= 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          pendingSleeps.delete(timer);
          signal.removeEventListener('abort', onAbort);
        };
        const onAbort = () => {
          done();
          reject(signal.reason as Error);
        };
        const timer = setTimeout(() => {
          done();
          resolve();
        }, ms);
        pendingSleeps.add(timer);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}

/** Sound of an interval, as a WAV file at 16 kHz: `seconds` of it, ending at the interval's end. */
export type LiveSound = { seconds: number };

export interface LiveSource {
  readonly kind: TLiveSourceKind;
  /** The camera's picture at class second `t` (for a live camera: now) as a JPEG; null when there is none. */
  frame(camera: LiveCameraRole, t: number, signal: AbortSignal): Promise<Buffer | null>;
  /**
   * Starts listening to class seconds [from, to) (called at `from`: a live camera is heard as it
   * goes); the function returned collects that sound into `file` (WAV) once `to` has passed — it
   * waits for `to` when called earlier. null when the source has no sound (or it could not be read).
   */
  listen(from: number, to: number, file: string, signal: AbortSignal): () => Promise<LiveSound | null>;
  close(): Promise<void>;
}

// ------------------------------------------------------------------------------------------------ timing (pure)

/** The second of a drawn lesson of `length` seconds played in a loop from the class's start. */
export function loopOffset(t: number, length: number): number {
  if (!(length > 0)) throw new RangeError('length must be positive');
  return ((t % length) + length) % length;
}

/**
 * Length a drawn demo lesson gets for looping: whole S-T intervals (so an interval never wraps round
 * the end of the file), at least one.
 */
export function loopLength(seconds: number, intervalSeconds: number): number {
  return Math.max(1, Math.floor(seconds / intervalSeconds)) * intervalSeconds;
}

/** The S-T interval a moment opens (t a multiple of the interval) within the class, or null: [t, min(t + I, class end)). */
export function intervalAt(t: number, classSeconds: number, intervalSeconds: number): { from: number; to: number } | null {
  if (t % intervalSeconds !== 0 || t >= classSeconds) return null;
  const to = Math.min(t + intervalSeconds, classSeconds);
  // A last sliver of a class is not an interval (talk.ts: MIN_LAST_INTERVAL_SECONDS).
  return to - t >= 1 ? { from: t, to } : null;
}

/**
 * The next moment a live analysis samples, and the S-T interval it opens. Moments are multiples of
 * the sample period from the class's start: the one after `after` (the first at or after `elapsed`
 * to begin with), or the present one when the analysis has fallen behind (a slow frame, a busy
 * machine). The interval a moment falls in opens at it if it has not yet: at its start, or later
 * while at least half of it is still to come (a start mid-class, a moment skipped); an interval
 * missed beyond that is not coded. null once the class is over.
 */
export function nextMoment(o: { after: number | null; elapsed: number; periodSeconds: number; intervalSeconds: number; classSeconds: number; opened: number }): { t: number; opens: { from: number; to: number } | null } | null {
  const P = o.periodSeconds;
  const I = o.intervalSeconds;
  let t = o.after === null ? Math.max(0, Math.ceil(o.elapsed / P - 1e-9) * P) : o.after + P;
  const present = Math.floor(o.elapsed / P) * P;
  if (present > t) t = present;
  if (t >= o.classSeconds) return null;
  const start = Math.floor(t / I) * I;
  return { t, opens: start > o.opened && t - start <= I / 2 ? intervalAt(start, o.classSeconds, I) : null };
}

// ------------------------------------------------------------------------------------------------ ffmpeg

type Run = { code: number | null; out: Buffer; err: string };

/**
 * Runs ffmpeg to its end, collecting stdout; on abort or after `timeoutMs` it is killed, and the call
 * returns only once the process is gone (no ffmpeg outlives the analysis).
 */
export async function runFfmpeg(ffmpeg: string, args: string[], opts: { signal: AbortSignal; timeoutMs: number }): Promise<Run> {
  opts.signal.throwIfAborted();
  const proc = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  let err = '';
  proc.stdout.on('data', (d: Buffer) => chunks.push(d));
  proc.stderr.on('data', (d: Buffer) => {
    err = (err + d.toString()).slice(-2000);
  });
  const kill = () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  };
  const timer = setTimeout(kill, opts.timeoutMs);
  opts.signal.addEventListener('abort', kill, { once: true });
  try {
    const code = await new Promise<number | null>((resolve) => {
      proc.once('error', (e) => {
        err = e.message;
        resolve(null);
      });
      proc.once('close', (c) => resolve(c));
    });
    opts.signal.throwIfAborted();
    return { code, out: Buffer.concat(chunks), err };
  } finally {
    clearTimeout(timer);
    opts.signal.removeEventListener('abort', kill);
  }
}

const QUIET = ['-hide_banner', '-loglevel', 'error', '-nostdin'];
/** One picture as a JPEG on stdout, scaled down to 1280 wide at most (vision works at 720p). */
const ONE_JPEG = ['-an', '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-q:v', '4', '-f', 'image2pipe', '-c:v', 'mjpeg', 'pipe:1'];
/** The first audio stream, channels kept apart (lapel, room), 16 kHz 16-bit WAV. */
const WAV = (file: string) => ['-vn', '-map', '0:a:0', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav', '-y', file];

const FRAME_TIMEOUT_MS = 20_000;

async function jpeg(ffmpeg: string, input: string[], signal: AbortSignal): Promise<Buffer | null> {
  const r = await runFfmpeg(ffmpeg, [...QUIET, ...input, ...ONE_JPEG], { signal, timeoutMs: FRAME_TIMEOUT_MS });
  return r.code === 0 && r.out.length > 0 ? r.out : null;
}

// ------------------------------------------------------------------------------------------------ the demo

export type DemoSourceOptions = {
  ffmpeg: string;
  clock: LiveClock;
  classStart: Date;
  /** The drawn lesson: the student camera carries the sound (lapel, room); the teacher camera is video only. */
  files: { student: string; teacher: string | null };
  /** Its length (a whole number of S-T intervals: loopLength). */
  seconds: number;
  /** Removes the drawn files. */
  dispose?: () => Promise<void>;
};

export function demoLiveSource(o: DemoSourceOptions): LiveSource {
  return {
    kind: 'demo',
    async frame(camera, t, signal) {
      const file = camera === 'student' ? o.files.student : o.files.teacher;
      if (!file) return null;
      return jpeg(o.ffmpeg, ['-ss', String(loopOffset(t, o.seconds)), '-i', file], signal);
    },
    listen(from, to, file, signal) {
      return async () => {
        // Played live: the interval's sound is there once the interval is over.
        await o.clock.sleep(o.classStart.getTime() + to * 1000 - o.clock.now().getTime(), signal);
        const seconds = to - from;
        const r = await runFfmpeg(o.ffmpeg, [...QUIET, '-ss', String(loopOffset(from, o.seconds)), '-i', o.files.student, '-t', String(seconds), ...WAV(file)], { signal, timeoutMs: 60_000 });
        return r.code === 0 ? { seconds } : null;
      };
    },
    close: async () => o.dispose?.(),
  };
}

// ------------------------------------------------------------------------------------------------ cameras

/** How ffmpeg reaches a camera now: a file (the simulator's newest segment) or the gateway's URL with its token. */
export type CameraInput = { file: string } | { url: string; token: string };

export type CameraSourceOptions = {
  ffmpeg: string;
  kind: 'gateway' | 'simulator';
  clock: LiveClock;
  classStart: Date;
  /** Where the camera of a role can be read now; null when the room has none (or it cannot be read). */
  locate(camera: LiveCameraRole, signal: AbortSignal): Promise<CameraInput | null>;
};

/**
 * ffmpeg's input arguments for a camera. The gateway's HLS gets the token twice: in the playlist URL
 * (as browsers send it) and as a bearer header, which ffmpeg repeats on every segment request (the
 * hook reads either). Only network protocols HLS needs are allowed.
 */
export function cameraInputArgs(input: CameraInput): string[] {
  if ('file' in input) return ['-i', input.file];
  return [
    '-protocol_whitelist', 'http,https,tcp,tls,crypto',
    '-rw_timeout', '10000000',
    '-headers', `Authorization: Bearer ${input.token}\r\n`,
    '-i', input.url,
  ];
}

export function cameraLiveSource(o: CameraSourceOptions): LiveSource {
  return {
    kind: o.kind,
    async frame(camera, _t, signal) {
      const input = await o.locate(camera, signal);
      return input ? jpeg(o.ffmpeg, cameraInputArgs(input), signal) : null;
    },
    listen(from, to, file, signal) {
      const over = () => o.clock.sleep(o.classStart.getTime() + to * 1000 - o.clock.now().getTime(), signal);
      // The simulator draws pictures only.
      if (o.kind === 'simulator') return async () => (await over(), null);
      // Heard from now to the interval's end (all of it when called on time), starting at once.
      const seconds = Math.min(to - from, (o.classStart.getTime() + to * 1000 - o.clock.now().getTime()) / 1000);
      const heard = (async (): Promise<LiveSound | null> => {
        const input = seconds >= 1 ? await o.locate('student', signal) : null;
        if (!input) return null;
        const r = await runFfmpeg(o.ffmpeg, [...QUIET, ...cameraInputArgs(input), '-t', seconds.toFixed(3), ...WAV(file)], { signal, timeoutMs: (seconds + 20) * 1000 });
        return r.code === 0 ? { seconds } : null;
      })();
      // Collected at the interval's end, or dropped with the run: never an unhandled rejection.
      heard.catch(() => undefined);
      return async () => {
        const got = await heard;
        await over();
        return got;
      };
    },
    close: async () => undefined,
  };
}
