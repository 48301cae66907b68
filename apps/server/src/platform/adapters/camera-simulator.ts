/**
 * The built-in camera simulator (issue 14): with no media gateway configured, every camera of the
 * directory is a live HLS stream that ffmpeg draws (the room, the camera frame, a running clock and
 * moving test patterns), so `npm start` shows moving video with no hardware. One encoder per camera
 * and quality whatever the number of viewers, started by the first viewer and stopped once nobody
 * has fetched its playlist or a segment for `idleMs` (30 s by default). Segments are 1 s long
 * (RECIPES: 1.8 s glass-to-glass with hls.js and liveSyncDurationCount 1).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export type SimulatedStream = {
  /** Unique per camera and quality, safe as a folder name. */
  key: string;
  /** Burned into the picture: the room, then the camera frame. */
  lines: [string, string];
  quality: 'main' | 'sub';
};

type Running = { proc: ChildProcess; dir: string; lastUse: number; ready: Promise<void>; exited: boolean; stopping: boolean };

const SIZES = { main: { size: '960x540', bitrate: '1200k', font: 30 }, sub: { size: '480x270', bitrate: '350k', font: 16 } } as const;
const FONTS = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
];
const FILE_NAME = /^(index\.m3u8|s\d{1,9}\.ts)$/;

/** The system's ffmpeg, else the binary the optional npm package @ffmpeg-installer/linux-x64 carries; null without either. */
export function findFfmpeg(explicit?: string): string | null {
  if (explicit) return fs.existsSync(explicit) ? explicit : null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'ffmpeg');
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  try {
    const pkg = createRequire(import.meta.url).resolve('@ffmpeg-installer/linux-x64/package.json');
    const bin = path.join(path.dirname(pkg), 'ffmpeg');
    return fs.existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

export type CameraSimulatorOptions = {
  ffmpeg: string;
  /** Where the playlists and segments are written (a folder per stream, removed when it stops). */
  dir: string;
  idleMs?: number;
  /** Time until a new stream's first segment is listed. */
  startTimeoutMs?: number;
  now?: () => number;
  log?: (msg: string) => void;
  /**
   * Burns a machine-readable clock into the top 10 rows (bench/live.ts reads it for glass-to-glass
   * latency): 24 black/white blocks, least significant bit left, holding the wall-clock time of
   * capture in ms modulo 2^24. Frame times then follow the wall clock, not the frame count.
   */
  clockCode?: boolean;
  /** Frames per second (default 25); a keyframe starts every second, so each 1 s segment stands alone. */
  fps?: number;
};

/** The clock strip's layout (see CameraSimulatorOptions.clockCode): blocks across the full width. */
export const CLOCK_CODE = { bits: 24, rows: 10, modulo: 2 ** 24 } as const;

/**
 * The ffmpeg filter chain that burns the clock strip into a picture (see CameraSimulatorOptions.clockCode).
 * Frame time = wall-clock time since an epoch that is an exact multiple of 2^24 ms, so T*1000 mod 2^24
 * equals the wall clock in ms mod 2^24: a page decodes it and subtracts it from its own clock. Shared
 * by the simulator and the MediaMTX double's WebRTC pictures (test/mediamtx-double.ts).
 */
export function clockCodeFilter(nowMs = Date.now()): string {
  const epochMs = Math.floor(nowMs / CLOCK_CODE.modulo) * CLOCK_CODE.modulo;
  const bw = `(W/${CLOCK_CODE.bits})`;
  return [
    `setpts=(RTCTIME-${epochMs * 1000})/(TB*1000000),split[v][s]`,
    `[s]crop=iw:${CLOCK_CODE.rows}:0:0,geq=lum='if(mod(floor(mod(floor(T*1000),${CLOCK_CODE.modulo})/pow(2,floor(X/${bw}))),2),235,16)':cb=128:cr=128[c]`,
    '[v][c]overlay=0:0',
  ].join(';');
}

export class CameraSimulator {
  private readonly streams = new Map<string, Running>();
  /** Encoders being started (folder made, process spawned), by stream key. */
  private readonly starting = new Map<string, Promise<Running>>();
  private readonly idleMs: number;
  private readonly startTimeoutMs: number;
  private readonly now: () => number;
  private readonly sweeper: NodeJS.Timeout;
  private readonly font: string | undefined = FONTS.find((f) => fs.existsSync(f));

  constructor(private readonly opts: CameraSimulatorOptions) {
    this.idleMs = opts.idleMs ?? 30_000;
    this.startTimeoutMs = opts.startTimeoutMs ?? 15_000;
    this.now = opts.now ?? Date.now;
    this.sweeper = setInterval(() => void this.sweep(), Math.max(200, Math.min(5_000, this.idleMs / 3)));
    this.sweeper.unref();
  }

  /** The encoder's process id of a running stream (benchmarks read its CPU time). */
  pid(key: string): number | undefined {
    const s = this.streams.get(key);
    return s && !s.exited ? s.proc.pid : undefined;
  }

  /** Keys of the encoders running now. */
  running(): string[] {
    return [...this.streams.keys()];
  }

  /** Starts the stream if it is not running, counts a use, and resolves once its playlist lists a segment. */
  async open(stream: SimulatedStream): Promise<void> {
    let s = this.streams.get(stream.key);
    if (!s || s.exited) {
      // Viewers opening a camera at the same moment share one start: each starting its own encoder
      // in the same folder left all but one running untracked, and one's clean-up failed the others'.
      let starting = this.starting.get(stream.key);
      if (!starting) {
        starting = this.start(stream)
          .then((r) => {
            this.streams.set(stream.key, r);
            return r;
          })
          .finally(() => this.starting.delete(stream.key));
        this.starting.set(stream.key, starting);
      }
      s = await starting;
    }
    s.lastUse = this.now();
    await s.ready;
  }

  /**
   * A file of a running stream (after `open`), counted as a use: the playlist's text, or a segment's
   * path. null when the stream is not running or the file is not one of its own.
   */
  async read(key: string, name: string): Promise<{ playlist: string } | { segment: string } | null> {
    const s = this.streams.get(key);
    if (!s || s.exited || !FILE_NAME.test(name)) return null;
    s.lastUse = this.now();
    const file = path.join(s.dir, name);
    if (name === 'index.m3u8') {
      const text = await fsp.readFile(file, 'utf8').catch(() => null);
      return text === null ? null : { playlist: text };
    }
    return fs.existsSync(file) ? { segment: file } : null;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    // An encoder still starting is in the map once started: stopped with the others.
    await Promise.allSettled([...this.starting.values()]);
    await Promise.all([...this.streams.keys()].map((k) => this.stop(k)));
  }

  private async start(stream: SimulatedStream): Promise<Running> {
    const dir = path.join(this.opts.dir, stream.key);
    await fsp.rm(dir, { recursive: true, force: true });
    await fsp.mkdir(dir, { recursive: true });
    const { size, bitrate, font } = SIZES[stream.quality];
    const fps = String(this.opts.fps ?? 25);
    const filters: string[] = [];
    const top = this.opts.clockCode ? CLOCK_CODE.rows + 4 : 0;
    if (this.opts.clockCode) filters.push(clockCodeFilter());
    if (this.font) {
      // Text from files: no escaping of room names (any script) inside the filter graph.
      await fsp.writeFile(path.join(dir, 'line1.txt'), stream.lines[0]);
      await fsp.writeFile(path.join(dir, 'line2.txt'), stream.lines[1]);
      const common = `fontfile='${this.font}':fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=6`;
      filters.push(
        `drawtext=${common}:fontsize=${font}:x=12:y=${12 + top}:textfile='${path.join(dir, 'line1.txt')}'`,
        `drawtext=${common}:fontsize=${font}:x=12:y=${12 + top + font * 1.6}:textfile='${path.join(dir, 'line2.txt')}'`,
        `drawtext=${common}:fontsize=${font}:x=w-tw-12:y=h-th-12:text='%{localtime\\:%H\\\\\\:%M\\\\\\:%S}'`,
      );
    }
    const args = [
      '-hide_banner', '-loglevel', 'error', '-nostdin',
      '-re', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${fps}`,
      ...(filters.length ? ['-vf', filters.join(',')] : []),
      '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p',
      '-b:v', bitrate, '-g', fps, '-keyint_min', fps, '-sc_threshold', '0',
      '-f', 'hls', '-hls_time', '1', '-hls_list_size', '4',
      '-hls_flags', 'delete_segments+independent_segments+omit_endlist',
      '-hls_segment_filename', path.join(dir, 's%d.ts'),
      path.join(dir, 'index.m3u8'),
    ];
    const proc = spawn(this.opts.ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const running: Running = { proc, dir, lastUse: this.now(), exited: false, stopping: false, ready: Promise.resolve() };
    let stderr = '';
    proc.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    const exited = new Promise<never>((_, reject) => {
      proc.once('exit', (code, signal) => {
        running.exited = true;
        if (!running.stopping) this.opts.log?.(`camera simulator ${stream.key}: ffmpeg exited with ${code}: ${stderr.trim()}`);
        reject(new Error(`camera simulator ${stream.key}: ffmpeg exited (${code ?? signal}) ${stderr.trim()}`));
      });
      proc.once('error', (e) => {
        running.exited = true;
        reject(e);
      });
    });
    exited.catch(() => undefined);
    running.ready = Promise.race([this.firstSegment(dir), exited]);
    return running;
  }

  private async firstSegment(dir: string): Promise<void> {
    const until = Date.now() + this.startTimeoutMs;
    while (Date.now() < until) {
      const text = await fsp.readFile(path.join(dir, 'index.m3u8'), 'utf8').catch(() => '');
      if (/\.ts\s*$/m.test(text)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('camera simulator: no segment in time');
  }

  private async sweep(): Promise<void> {
    const now = this.now();
    for (const [key, s] of this.streams) {
      if (s.exited || now - s.lastUse >= this.idleMs) await this.stop(key);
    }
  }

  private async stop(key: string): Promise<void> {
    const s = this.streams.get(key);
    if (!s) return;
    this.streams.delete(key);
    s.stopping = true;
    if (!s.exited) {
      const gone = new Promise<void>((r) => s.proc.once('exit', () => r()));
      s.proc.kill('SIGTERM');
      const timer = setTimeout(() => s.proc.kill('SIGKILL'), 2_000);
      await gone;
      clearTimeout(timer);
    }
    await fsp.rm(s.dir, { recursive: true, force: true });
  }
}
