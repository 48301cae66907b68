/**
 * The built-in simulator's recordings (issue 14): with no recorder or gateway to fetch a class's
 * file from, ffmpeg draws one like the live picture (the room and course, the source, a clock
 * starting at the class's start) as a short H.264 MP4 with its index first (faststart), so that a
 * browser seeks in it by HTTP Range before it has downloaded it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Seconds of a simulated recording: short, so preparing one costs a couple of seconds of one core. */
export const SIMULATED_SECONDS = 20;

const FONTS = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
];

export type SimulatedRecording = {
  /** Burned into the picture: room, course and teacher, source and camera. */
  lines: [string, string, string];
  /** The clock shown at the first frame, in the school's local time, as if it were UTC. */
  clockStart: Date;
  seconds?: number;
};

/**
 * Draws the recording into a new file under `tmpDir` and returns its path and size; `onProgress`
 * gets the seconds encoded so far. The caller removes the file.
 */
export async function drawRecording(ffmpeg: string, tmpDir: string, rec: SimulatedRecording, onProgress?: (seconds: number) => void): Promise<{ file: string; size: number }> {
  await fsp.mkdir(tmpDir, { recursive: true });
  const dir = await fsp.mkdtemp(path.join(tmpDir || os.tmpdir(), 'rec-'));
  const out = path.join(dir, 'recording.mp4');
  const seconds = rec.seconds ?? SIMULATED_SECONDS;
  const font = FONTS.find((f) => fs.existsSync(f));
  const filters: string[] = [];
  if (font) {
    const common = `fontfile='${font}':fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=6:fontsize=20`;
    // Text from files: no escaping of names (any script) inside the filter graph.
    for (const [i, line] of rec.lines.entries()) {
      await fsp.writeFile(path.join(dir, `line${i}.txt`), line);
      filters.push(`drawtext=${common}:x=12:y=${12 + i * 32}:textfile='${path.join(dir, `line${i}.txt`)}'`);
    }
    const epoch = Math.floor(rec.clockStart.getTime() / 1000);
    filters.push(`drawtext=${common}:fontsize=26:x=w-tw-12:y=h-th-12:text='%{pts\\:gmtime\\:${epoch}\\:%Y-%m-%d %H\\\\\\:%M\\\\\\:%S}'`);
  }
  const args = [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=25:duration=${seconds}`,
    ...(filters.length ? ['-vf', filters.join(',')] : []),
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-b:v', '500k',
    // A key frame every second: a seek lands within a second of where it was asked.
    '-g', '25', '-keyint_min', '25', '-sc_threshold', '0',
    '-movflags', '+faststart', '-progress', 'pipe:1', '-f', 'mp4', out,
  ];
  try {
    await new Promise<void>((resolve, reject) => {
      const proc = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      proc.stderr.on('data', (d: Buffer) => {
        stderr = (stderr + d.toString()).slice(-2000);
      });
      proc.stdout.on('data', (d: Buffer) => {
        const m = /out_time_us=(\d+)/.exec(d.toString());
        if (m && onProgress) onProgress(Math.min(seconds, Math.floor(Number(m[1]) / 1e6)));
      });
      proc.once('error', reject);
      proc.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`))));
    });
    const { size } = await fsp.stat(out);
    return { file: out, size };
  } catch (e) {
    await fsp.rm(dir, { recursive: true, force: true });
    throw e;
  }
}

export async function removeDrawn(file: string): Promise<void> {
  await fsp.rm(path.dirname(file), { recursive: true, force: true });
}
