/**
 * Regenerates the demo's voice clips in ./assets (issue 15): short teacher and student phrases, said
 * by Debian's espeak-ng (Mandarin `cmn`, a few English ones for the vocabulary part of the lesson),
 * resampled by sox, cleaned here, and stored as Opus in Ogg (16 kHz mono, ~16 kbit/s) with a
 * manifest (voices.json) of who says what.
 *
 *   npx tsx apps/server/src/modules/analysis/demo/make-voice-assets.ts
 *
 * Needs espeak-ng, sox and an ffmpeg with libopus (Debian's). The product never runs this: the
 * committed clips are what demo-lesson.ts decodes at run time (any ffmpeg decodes Opus), because a
 * developer's machine may have neither espeak-ng nor sox and nothing may be downloaded.
 *
 * Cleaning, so that a clip's speech extent is exact ground truth and one clip is one VAD utterance:
 * leading and trailing silence removed, inner pauses capped at MAX_INNER_PAUSE (shorter than the
 * VAD's merge gap, which joins them), peak normalized to PEAK.
 */
import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFfmpeg } from '../../../platform/adapters/camera-simulator.ts';
import { PCM_SAMPLE_RATE } from '../audio/decode.ts';
import { VOICE_MANIFEST, type VoiceClip, type VoiceManifest } from './voices.ts';

const SR = PCM_SAMPLE_RATE;
const SILENT_LEVEL = 1e-3;
const MAX_INNER_PAUSE = 0.3;
const PEAK = 0.9;
const ASSETS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');

/** espeak-ng voice, pitch and speed per speaker; the students differ in pitch so they sound like two people. */
const SPEAKERS = {
  teacher: { voice: 'cmn+m3', voiceEn: 'en-us+m3', pitch: 35, speed: 185 },
  student1: { voice: 'cmn+f4', voiceEn: 'en+f4', pitch: 80, speed: 180 },
  student2: { voice: 'cmn+f2', voiceEn: 'en+f2', pitch: 65, speed: 175 },
} as const;

type Line = { speaker: keyof typeof SPEAKERS; lang: 'zh' | 'en'; text: string };

const LINES: Line[] = [
  { speaker: 'teacher', lang: 'zh', text: '同学们好，今天学习水的循环。' },
  { speaker: 'teacher', lang: 'zh', text: '请打开课本第十二页。' },
  { speaker: 'teacher', lang: 'zh', text: '太阳照在海面上，水就会蒸发。' },
  { speaker: 'teacher', lang: 'zh', text: '水蒸气上升，遇冷变成小水滴。' },
  { speaker: 'teacher', lang: 'zh', text: '小水滴聚在一起，就形成了云。' },
  { speaker: 'teacher', lang: 'zh', text: '谁能告诉我，太阳起什么作用？' },
  { speaker: 'teacher', lang: 'zh', text: '很好，请坐。' },
  { speaker: 'teacher', lang: 'zh', text: '现在分组讨论，把想法写下来。' },
  { speaker: 'teacher', lang: 'en', text: 'Read after me: evaporation, condensation.' },
  { speaker: 'teacher', lang: 'en', text: 'Good. Now look at the diagram.' },
  { speaker: 'student1', lang: 'zh', text: '太阳把海水晒热，水变成水蒸气。' },
  { speaker: 'student2', lang: 'zh', text: '云飘到山上，就会下雨。' },
  { speaker: 'student1', lang: 'zh', text: '雨水流进河里，又回到大海。' },
  { speaker: 'student2', lang: 'en', text: 'Evaporation means water turns into vapour.' },
  { speaker: 'student1', lang: 'zh', text: '我们组认为，植物也会放出水。' },
  { speaker: 'student2', lang: 'zh', text: '老师，我还有一个问题。' },
];

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

/** Trims the edges, caps inner pauses and normalizes the peak (see the header). */
export function cleanClip(x: Float32Array): Float32Array {
  const loud = (i: number) => Math.abs(x[i]!) > SILENT_LEVEL;
  let first = 0;
  while (first < x.length && !loud(first)) first++;
  let last = x.length - 1;
  while (last > first && !loud(last)) last--;
  const maxPause = Math.round(MAX_INNER_PAUSE * SR);
  const out: number[] = [];
  let quiet = 0;
  for (let i = first; i <= last; i++) {
    quiet = loud(i) ? 0 : quiet + 1;
    if (quiet <= maxPause) out.push(x[i]!);
  }
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  const gain = peak > 0 ? PEAK / peak : 1;
  return Float32Array.from(out, (v) => v * gain);
}

async function makeClip(tmp: string, line: Line, name: string, ffmpeg: string): Promise<VoiceClip> {
  const s = SPEAKERS[line.speaker];
  const wav = path.join(tmp, `${name}.wav`);
  const raw = path.join(tmp, `${name}.f32`);
  await run('espeak-ng', ['-v', line.lang === 'zh' ? s.voice : s.voiceEn, '-p', String(s.pitch), '-s', String(s.speed), '-w', wav, line.text]);
  await run('sox', [wav, '-r', String(SR), '-c', '1', '-e', 'floating-point', '-b', '32', '-t', 'raw', raw]);
  const buf = await fsp.readFile(raw);
  const clean = cleanClip(new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length)));
  await fsp.writeFile(raw, Buffer.from(clean.buffer));
  const file = `${name}.ogg`;
  // -application voip: Opus's speech mode; 16 kbit/s keeps the folder small and VAD-clean.
  await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'f32le', '-ar', String(SR), '-ac', '1', '-i', raw, '-c:a', 'libopus', '-b:a', '16k', '-application', 'voip', '-map_metadata', '-1', '-fflags', '+bitexact', path.join(ASSETS, file)]);
  return { file, role: line.speaker === 'teacher' ? 'teacher' : 'student', voice: line.speaker, lang: line.lang, text: line.text, seconds: Math.round((clean.length / SR) * 1000) / 1000 };
}

export async function makeVoiceAssets(): Promise<VoiceManifest> {
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) throw new Error('ffmpeg (with libopus) is needed');
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-voices-'));
  try {
    await fsp.mkdir(ASSETS, { recursive: true });
    for (const f of await fsp.readdir(ASSETS)) if (f.endsWith('.ogg')) await fsp.rm(path.join(ASSETS, f));
    const count = { teacher: 0, student: 0 };
    const clips: VoiceClip[] = [];
    for (const line of LINES) {
      const role = line.speaker === 'teacher' ? 'teacher' : 'student';
      count[role]++;
      clips.push(await makeClip(tmp, line, `${role}-${String(count[role]).padStart(2, '0')}`, ffmpeg));
    }
    const manifest: VoiceManifest = { generatedBy: 'make-voice-assets.ts (espeak-ng + sox + libopus)', sampleRate: SR, clips };
    await fsp.writeFile(path.join(ASSETS, VOICE_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const manifest = await makeVoiceAssets();
  for (const c of manifest.clips) process.stdout.write(`${c.file}\t${c.seconds.toFixed(2)} s\t${c.voice}\t${c.text}\n`);
}
