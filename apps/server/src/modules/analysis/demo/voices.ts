/**
 * The committed demo voice clips (assets/, made once by make-voice-assets.ts) decoded at run time
 * with ffmpeg into 16 kHz float32 samples. Opus decoding needs no espeak-ng or sox, and both the
 * system's ffmpeg and the npm one (4.1) decode it.
 */
import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFfmpeg } from '../../../platform/adapters/camera-simulator.ts';
import { PCM_SAMPLE_RATE } from '../audio/decode.ts';

export const VOICE_ASSETS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');
export const VOICE_MANIFEST = 'voices.json';

export type VoiceRole = 'teacher' | 'student';

export type VoiceClip = {
  file: string;
  role: VoiceRole;
  /** Which generated voice says it (two students with different pitch). */
  voice: string;
  lang: 'zh' | 'en';
  text: string;
  /** Length when generated (the decoded length is what counts; Opus adds no delay after ffmpeg's pre-skip). */
  seconds: number;
};

export type VoiceManifest = { generatedBy: string; sampleRate: number; clips: VoiceClip[] };

export type DecodedClip = VoiceClip & { samples: Float32Array };

/** Decoded samples below this are silence (the clips are trimmed to it when made). */
export const CLIP_SILENT_LEVEL = 1e-3;

/**
 * Decodes every file in one ffmpeg run (one output file per input): a process start costs far more
 * than decoding a 3-second clip, especially with the system's ffmpeg and its many shared libraries.
 */
async function decodeAll(ffmpeg: string, files: readonly string[]): Promise<Float32Array[]> {
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-voices-'));
  try {
    const outs = files.map((_, i) => path.join(tmp, `${i}.f32`));
    const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', ...files.flatMap((f) => ['-i', f])];
    outs.forEach((out, i) => args.push('-map', `${i}:a:0`, '-ac', '1', '-ar', String(PCM_SAMPLE_RATE), '-f', 'f32le', out));
    await new Promise<void>((resolve, reject) => {
      const proc = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      proc.stderr.on('data', (d: Buffer) => {
        stderr = (stderr + d.toString()).slice(-2000);
      });
      proc.once('error', reject);
      proc.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg could not decode the voice clips (${code}): ${stderr.trim()}`))));
    });
    return await Promise.all(
      outs.map(async (out) => {
        const buf = await fsp.readFile(out);
        // A copy into its own ArrayBuffer: a pooled Buffer's offset need not be 4-aligned.
        const bytes = new Uint8Array(buf.length - (buf.length % 4));
        bytes.set(buf.subarray(0, bytes.length));
        return new Float32Array(bytes.buffer);
      }),
    );
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

/** The clip trimmed to its first and last sample above CLIP_SILENT_LEVEL (codec ringing at the edges is not speech). */
function trim(x: Float32Array): Float32Array {
  let first = 0;
  while (first < x.length && Math.abs(x[first]!) <= CLIP_SILENT_LEVEL) first++;
  let last = x.length - 1;
  while (last > first && Math.abs(x[last]!) <= CLIP_SILENT_LEVEL) last--;
  return x.slice(first, last + 1);
}

const cache = new Map<string, Promise<DecodedClip[]>>();

/** Every clip of the manifest, decoded and trimmed; cached per ffmpeg binary (a few hundred KB of samples). */
export function loadVoices(opts: { ffmpeg?: string; dir?: string } = {}): Promise<DecodedClip[]> {
  const ffmpeg = findFfmpeg(opts.ffmpeg);
  if (!ffmpeg) return Promise.reject(new Error('ffmpeg was not found (install ffmpeg or @ffmpeg-installer/linux-x64)'));
  const dir = opts.dir ?? VOICE_ASSETS_DIR;
  const key = `${ffmpeg}\n${dir}`;
  let loaded = cache.get(key);
  if (!loaded) {
    loaded = (async () => {
      const manifest = JSON.parse(await fsp.readFile(path.join(dir, VOICE_MANIFEST), 'utf8')) as VoiceManifest;
      const decoded = await decodeAll(
        ffmpeg,
        manifest.clips.map((c) => path.join(dir, c.file)),
      );
      return manifest.clips.map((c, i) => ({ ...c, samples: trim(decoded[i]!) }));
    })();
    // A failed load is not cached: the next caller tries again.
    loaded.catch(() => cache.delete(key));
    cache.set(key, loaded);
  }
  return loaded;
}
