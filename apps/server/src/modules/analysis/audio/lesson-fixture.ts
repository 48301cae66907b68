/**
 * A generated lesson with exact ground truth, for the audio pipeline's test and benchmark: a teacher
 * and a student voice from Debian's espeak-ng (different voices and pitch), resampled by sox, placed
 * at known times over a little noise. Two channels like the product's recorders: the teacher's lapel
 * (teacher + noise) and the room (student + the teacher attenuated + noise).
 *
 * Truth comes from the clean speech samples, never from a detector: a speaker's turn runs from its
 * first to its last sample above SILENT_LEVEL, pauses shorter than the VAD's merge gap included.
 */
import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PCM_SAMPLE_RATE } from './decode.ts';
import { VAD_DEFAULTS } from './vad.ts';
import type { Segment } from './talk.ts';

const SR = PCM_SAMPLE_RATE;
/** espeak's silences are digital zero; after resampling they ring below this. */
const SILENT_LEVEL = 1e-3;

export const VOICES = {
  teacher: { voice: 'en-us+m3', pitch: 35, speed: 160, text: 'Good morning everyone. Today we study the water cycle, how water evaporates from the sea, rises into the sky and forms clouds. When the drops in a cloud grow heavy, they fall as rain or snow, and the rivers carry the water back to the sea. Look at the diagram on page twelve, and tell me where the sun comes in. Remember that the same water moves around the planet again and again.' },
  student: { voice: 'en+f4', pitch: 80, speed: 150, text: 'I think the sun heats the water in the ocean, and then it turns into vapour. The vapour goes up and becomes a cloud. Then it rains on the mountains and the water runs down in rivers.' },
} as const;

export type Speaker = keyof typeof VOICES;
export type Turn = { speaker: Speaker; start: number; seconds: number };

export type Lesson = {
  file: string;
  durationSeconds: number;
  truth: Record<Speaker, Segment[]>;
};

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    proc.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    proc.once('error', reject);
    proc.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}: ${stderr.trim()}`))));
  });
}

/** One voice's whole text as 16 kHz float32 samples, leading and trailing silence removed. */
export async function speak(dir: string, speaker: Speaker): Promise<Float32Array> {
  const v = VOICES[speaker];
  const wav = path.join(dir, `${speaker}.wav`);
  const raw = path.join(dir, `${speaker}.f32`);
  await run('espeak-ng', ['-v', v.voice, '-p', String(v.pitch), '-s', String(v.speed), '-w', wav, v.text]);
  await run('sox', [wav, '-r', String(SR), '-c', '1', '-e', 'floating-point', '-b', '32', '-t', 'raw', raw]);
  const buf = await fsp.readFile(raw);
  const all = new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length));
  const [first, last] = extent(all, 0, all.length);
  return all.slice(first, last + 1);
}

/** First and last index in [from, to) above SILENT_LEVEL; [-1, -1] when silent. */
function extent(x: Float32Array, from: number, to: number): [number, number] {
  let first = -1;
  let last = -1;
  for (let i = from; i < to; i++) {
    if (Math.abs(x[i]!) > SILENT_LEVEL) {
      if (first < 0) first = i;
      last = i;
    }
  }
  return [first, last];
}

const PHRASE_PAUSE = 0.15 * SR;

/** Whether `i` follows (or, with `dir` 1, precedes) at least PHRASE_PAUSE of silence or the edge of `src`. */
function quietSide(src: Float32Array, i: number, dir: -1 | 1): boolean {
  for (let k = 1; k <= PHRASE_PAUSE; k++) {
    const j = i + dir * k;
    if (j < 0 || j >= src.length) return true;
    if (Math.abs(src[j]!) > SILENT_LEVEL) return false;
  }
  return true;
}

/**
 * Where a turn of about `seconds` taken from `src` at `at` starts and ends: at a phrase onset, and at
 * the phrase end nearest the wanted length but at most 0.3 s past it (else cut there) — turns start
 * and stop at phrases like people's do, not inside a word.
 */
export function phraseSpan(src: Float32Array, at: number, seconds: number): { from: number; to: number } {
  let from = at;
  while (from < src.length && !(Math.abs(src[from]!) > SILENT_LEVEL && quietSide(src, from, -1))) from++;
  if (from >= src.length) throw new RangeError('the voice ran out of text for this lesson');
  const want = from + Math.round(seconds * SR);
  const limit = Math.min(src.length, want + Math.round(0.3 * SR));
  let best = -1;
  for (let i = from + 1; i < limit; i++) {
    if (Math.abs(src[i]!) > SILENT_LEVEL && quietSide(src, i, 1) && (best < 0 || Math.abs(i + 1 - want) < Math.abs(best - want))) best = i + 1;
  }
  const to = best > 0 && want - best < 2 * SR ? best : Math.min(want, src.length);
  return { from, to };
}

/** A voice's text said `times` times with a sentence pause between, so that turns never wrap. */
function repeat(voice: Float32Array, times: number): Float32Array {
  const gap = Math.round(0.4 * SR);
  const out = new Float32Array(times * (voice.length + gap));
  for (let k = 0; k < times; k++) out.set(voice, k * (voice.length + gap));
  return out;
}

/** Speech extents of a clean track: runs above SILENT_LEVEL, gaps shorter than `mergeGapSeconds` joined. */
export function truthSegments(x: Float32Array, mergeGapSeconds = VAD_DEFAULTS.mergeGapSeconds): Segment[] {
  const out: { start: number; end: number }[] = [];
  const gap = mergeGapSeconds * SR;
  for (let i = 0; i < x.length; i++) {
    if (Math.abs(x[i]!) <= SILENT_LEVEL) continue;
    const last = out[out.length - 1];
    if (last && i - last.end < gap) last.end = i + 1;
    else out.push({ start: i, end: i + 1 });
  }
  return out.map((s) => ({ start: s.start / SR, end: s.end / SR }));
}

/** Deterministic noise (mulberry32, sum of uniforms ≈ Gaussian). */
function noise(seed: number, level: number): () => number {
  let a = seed >>> 0;
  const u = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => (u() + u() + u() + u() - 2) * level;
}

/** Two-channel 16-bit WAV of equal-length channels. */
export function wav16(channels: readonly Float32Array[]): Buffer {
  const n = channels[0]!.length;
  const nch = channels.length;
  const data = n * nch * 2;
  const buf = Buffer.alloc(44 + data);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + data, 4);
  buf.write('WAVEfmt ', 8, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(nch, 22);
  buf.writeUInt32LE(SR, 24);
  buf.writeUInt32LE(SR * nch * 2, 28);
  buf.writeUInt16LE(nch * 2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(data, 40);
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < nch; c++) buf.writeInt16LE(Math.round(Math.max(-1, Math.min(1, channels[c]![i]!)) * 32767), 44 + (i * nch + c) * 2);
  }
  return buf;
}

/**
 * Writes `lesson.wav` into `dir`: each turn is the next phrases of its speaker's text, about `seconds`
 * long (phraseSpan: up to 2 s shorter, at most 0.3 s longer). Returns the file and the truth.
 */
export async function buildLesson(dir: string, turns: readonly Turn[], durationSeconds: number, levels = { voice: 0.6, bleed: 0.2, noise: 0.003 }): Promise<Lesson> {
  const said = { teacher: await speak(dir, 'teacher'), student: await speak(dir, 'student') };
  // Enough repeats of each text for its turns (each may take 0.3 s more than asked, plus a phrase onset search).
  const times = (who: Speaker) => Math.ceil(turns.filter((t) => t.speaker === who).reduce((sum, t) => sum + t.seconds + 3, 0) / (said[who].length / SR)) + 1;
  const voices = { teacher: repeat(said.teacher, times('teacher')), student: repeat(said.student, times('student')) };
  const n = Math.round(durationSeconds * SR);
  const clean = { teacher: new Float32Array(n), student: new Float32Array(n) };
  const cursor = { teacher: 0, student: 0 };
  const fade = 0.01 * SR;
  for (const t of turns) {
    const src = voices[t.speaker];
    const { from, to } = phraseSpan(src, cursor[t.speaker], t.seconds);
    const at = Math.round(t.start * SR);
    for (let i = 0; i < to - from && at + i < n; i++) {
      const gain = Math.min(1, (to - from - i) / fade);
      clean[t.speaker][at + i] = src[from + i]! * gain * levels.voice;
    }
    cursor[t.speaker] = to;
  }
  const lapelNoise = noise(1, levels.noise);
  const roomNoise = noise(2, levels.noise);
  const lapel = new Float32Array(n);
  const room = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    lapel[i] = clean.teacher[i]! + lapelNoise();
    room[i] = clean.student[i]! + clean.teacher[i]! * levels.bleed + roomNoise();
  }
  const file = path.join(dir, 'lesson.wav');
  await fsp.writeFile(file, wav16([lapel, room]));
  return { file, durationSeconds, truth: { teacher: truthSegments(clean.teacher), student: truthSegments(clean.student) } };
}
