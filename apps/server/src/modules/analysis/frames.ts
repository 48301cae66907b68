/**
 * Frames of a recording at a sampling period (issue 15: every 10 s by default), as JPEG images, by
 * ffmpeg: one decode of the file, a `select` keeps the first frame of each period (the first at t = 0),
 * written as an MJPEG stream on stdout and split at the JPEG end marker. Streaming: a 45-minute
 * lesson never sits in memory, only the frame being analysed.
 */
import { spawn } from 'node:child_process';

export type SampledFrame = { t: number; image: Buffer };

/** JPEG end-of-image marker: MJPEG frames from ffmpeg have no other FFD9 outside entropy-coded data stuffing. */
const EOI = Buffer.from([0xff, 0xd9]);

export async function* sampleFrames(ffmpeg: string, file: string, periodSeconds: number, opts: { width?: number; signal?: AbortSignal } = {}): AsyncGenerator<SampledFrame> {
  const width = opts.width ?? 1280;
  const args = [
    '-hide_banner', '-loglevel', 'error', '-nostdin',
    '-i', file,
    '-an',
    // The first frame at or after each period's start (t = 0, P, 2P…: the moment the sample stands for;
    // the fps filter would take a frame from later in the period); scaled down when larger (vision works at 720p).
    '-vf', `select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,${periodSeconds - 0.001})',scale='min(${width},iw)':-2`,
    '-vsync', 'vfr',
    '-q:v', '4', '-f', 'image2pipe', '-c:v', 'mjpeg', 'pipe:1',
  ];
  const proc = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(opts.signal ? { signal: opts.signal } : {}) });
  let stderr = '';
  proc.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    proc.once('error', reject);
    proc.once('close', (code) => resolve(code));
  });
  let pending: Buffer = Buffer.alloc(0);
  let index = 0;
  try {
    for await (const chunk of proc.stdout as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let end = pending.indexOf(EOI);
      while (end >= 0) {
        const image = pending.subarray(0, end + 2);
        pending = pending.subarray(end + 2);
        yield { t: index * periodSeconds, image: Buffer.from(image) };
        index++;
        end = pending.indexOf(EOI);
      }
    }
    const code = await exited;
    if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`);
  } finally {
    if (proc.exitCode === null) proc.kill('SIGKILL');
  }
}
