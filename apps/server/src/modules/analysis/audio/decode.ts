/**
 * Audio of a recording (issue 15) as 16 kHz mono float32 PCM per channel, decoded by ffmpeg and
 * streamed in fixed blocks: a 45-minute lesson is 2 × 43 M samples (2 × 173 MB as float32), so it is
 * never held whole; memory stays at one block per channel plus the pipe's buffer.
 *
 * Channel convention of the product's recorders: two channels carry the teacher's lapel microphone
 * on channel 0 and the room microphone on channel 1; one channel is the room only (teacher and
 * students cannot then be told apart by channel). More than two channels: the first two are taken
 * with that meaning (never downmixed, which would mix the lapel into the room). Only the first audio
 * stream of the container is read.
 */
import { spawn } from 'node:child_process';
import { findFfmpeg } from '../../../platform/adapters/camera-simulator.ts';

/** Silero VAD's rate; speech-to-text adapters accept it too. */
export const PCM_SAMPLE_RATE = 16_000;
/** 32 Silero windows of 512 samples (~1 s): a block never splits a window. */
export const PCM_BLOCK_SAMPLES = 512 * 32;

export type AudioLayout = {
  /** Channels that will be decoded: 2 = teacher lapel (0) + room (1); 1 = room only. */
  channels: 1 | 2;
  /** As the container declares it (e.g. 6 for 5.1), null when ffmpeg names no count. */
  sourceChannels: number | null;
  sourceSampleRate: number | null;
};

export type PcmBlock = {
  /** Index of the block's first sample from the start of the audio, at PCM_SAMPLE_RATE. */
  startSample: number;
  /** One array per decoded channel, all of the same length (PCM_BLOCK_SAMPLES, the last one shorter). */
  channels: Float32Array[];
};

export type DecodeOptions = {
  /** Path of an ffmpeg binary; by default the system's, else the one the camera simulator finds. */
  ffmpeg?: string;
  blockSamples?: number;
  signal?: AbortSignal;
};

export class AudioDecodeError extends Error {
  constructor(
    message: string,
    readonly code: 'no-ffmpeg' | 'no-audio' | 'ffmpeg-failed',
  ) {
    super(message);
    this.name = 'AudioDecodeError';
  }
}

const NAMED_LAYOUTS: Record<string, number> = { mono: 1, stereo: 2, '2.1': 3, '3.0': 3, quad: 4, '4.0': 4, '5.0': 5, '5.1': 6, '6.1': 7, '7.1': 8 };

function resolveFfmpeg(explicit?: string): string {
  const bin = findFfmpeg(explicit);
  if (!bin) throw new AudioDecodeError('ffmpeg was not found (install ffmpeg or @ffmpeg-installer/linux-x64)', 'no-ffmpeg');
  return bin;
}

/** Reads the first audio stream's line of `ffmpeg -i` (no ffprobe: the npm ffmpeg package ships none). */
export function parseAudioStream(ffmpegBanner: string): AudioLayout | null {
  const line = ffmpegBanner.split('\n').find((l) => /Stream #\d+:\d+.*: Audio: /.test(l));
  if (!line) return null;
  const rate = /, (\d+) Hz, ([^,]+)/.exec(line);
  const layout = rate?.[2]?.trim() ?? '';
  const counted = /^(\d+) channels?/.exec(layout);
  const named = Object.hasOwn(NAMED_LAYOUTS, layout.replace(/\(.*\)$/, '')) ? NAMED_LAYOUTS[layout.replace(/\(.*\)$/, '')] : undefined;
  const sourceChannels = counted ? Number(counted[1]) : (named ?? null);
  return {
    channels: sourceChannels === 1 ? 1 : 2,
    sourceChannels,
    sourceSampleRate: rate ? Number(rate[1]) : null,
  };
}

/** The audio layout of a file; throws AudioDecodeError('no-audio') when it has no audio stream. */
export async function probeAudio(file: string, opts: Pick<DecodeOptions, 'ffmpeg' | 'signal'> = {}): Promise<AudioLayout> {
  const bin = resolveFfmpeg(opts.ffmpeg);
  // `ffmpeg -i` without an output prints the streams and exits with 1: that is expected here.
  const banner = await new Promise<string>((resolve, reject) => {
    const proc = spawn(bin, ['-hide_banner', '-nostdin', '-i', file], { stdio: ['ignore', 'ignore', 'pipe'], signal: opts.signal });
    let text = '';
    proc.stderr.on('data', (d: Buffer) => {
      if (text.length < 64_000) text += d.toString();
    });
    proc.once('error', reject);
    proc.once('close', () => resolve(text));
  });
  const layout = parseAudioStream(banner);
  if (!layout) {
    const reason = /No such file|Invalid data|does not contain any stream/.exec(banner)?.[0];
    throw new AudioDecodeError(reason ? `cannot read ${file}: ${reason}` : `${file} has no audio stream`, reason ? 'ffmpeg-failed' : 'no-audio');
  }
  return layout;
}

/** ffmpeg's arguments: the first audio stream, channels kept apart (never downmixed), 16 kHz float32 to stdout. */
export function decodeArgs(file: string, channels: 1 | 2): string[] {
  const mix = channels === 2 ? ['-af', 'pan=stereo|c0=c0|c1=c1'] : ['-ac', '1'];
  return ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', file, '-map', '0:a:0', '-vn', '-sn', '-dn', ...mix, '-ar', String(PCM_SAMPLE_RATE), '-c:a', 'pcm_f32le', '-f', 'f32le', 'pipe:1'];
}

/**
 * Decodes `file` block by block. The consumer's pace drives ffmpeg (the pipe pauses while a block is
 * processed); breaking out of the loop or aborting `signal` stops ffmpeg. `layout` skips the probe
 * when the caller already has it.
 */
export async function* decodePcm(file: string, opts: DecodeOptions & { layout?: AudioLayout } = {}): AsyncGenerator<PcmBlock, void, undefined> {
  const bin = resolveFfmpeg(opts.ffmpeg);
  const layout = opts.layout ?? (await probeAudio(file, opts));
  const nch = layout.channels;
  const blockSamples = opts.blockSamples ?? PCM_BLOCK_SAMPLES;
  if (!Number.isInteger(blockSamples) || blockSamples <= 0) throw new RangeError('blockSamples must be a positive integer');

  const proc = spawn(bin, decodeArgs(file, nch), { stdio: ['ignore', 'pipe', 'pipe'], signal: opts.signal });
  let stderr = '';
  proc.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>((resolve) => {
    proc.once('error', (error) => resolve({ code: null, signal: null, error }));
    proc.once('close', (code, signal) => resolve({ code, signal }));
  });

  // Interleaved frames collect in one fixed buffer (its own ArrayBuffer, so float views are aligned).
  const frameBytes = nch * 4;
  const pending = new Uint8Array(blockSamples * frameBytes);
  const interleaved = new Float32Array(pending.buffer);
  let filled = 0;
  let startSample = 0;
  const split = (bytes: number): PcmBlock => {
    const n = bytes / frameBytes;
    const channels = Array.from({ length: nch }, () => new Float32Array(n));
    for (let i = 0; i < n; i++) for (let c = 0; c < nch; c++) channels[c]![i] = interleaved[i * nch + c]!;
    const block = { startSample, channels };
    startSample += n;
    return block;
  };

  let finished = false;
  try {
    for await (const chunk of proc.stdout as AsyncIterable<Buffer>) {
      let offset = 0;
      while (offset < chunk.length) {
        const take = Math.min(chunk.length - offset, pending.length - filled);
        pending.set(chunk.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === pending.length) {
          filled = 0;
          yield split(pending.length);
        }
      }
    }
    const end = await exited;
    opts.signal?.throwIfAborted();
    if (end.error || end.code !== 0) {
      const why = end.error?.message ?? stderr.trim();
      throw new AudioDecodeError(`ffmpeg could not decode ${file} (${end.code ?? end.signal ?? 'error'}): ${why}`, 'ffmpeg-failed');
    }
    // A partial last frame cannot occur with f32le; whole frames only.
    const rest = filled - (filled % frameBytes);
    if (rest > 0) yield split(rest);
    finished = true;
  } finally {
    if (!finished && proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGKILL');
      await exited;
    }
  }
}
