/**
 * A generated demo lesson against the real pipelines: the committed voice clips placed by the script
 * must come back out of the MP4 through decode → Silero VAD → talk time and S-T within 0.25 s per
 * boundary and the exact S-T sequence; faces on frames taken back out of the H.264 videos must be
 * counted by the real detector within the vision tests' tolerance.
 */
import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from '../../../platform/adapters/camera-simulator.ts';
import { analyzeAudio, type AudioAnalysis } from '../audio/analyze.ts';
import { probeAudio } from '../audio/decode.ts';
import type { Segment } from '../audio/talk.ts';
import { parseSubtitles } from '../speech/subtitles.ts';
import { DEFAULT_MIN_SCORE } from '../vision/frame-metrics.ts';
import { createVisionPool, type VisionPool } from '../vision/vision-pool.ts';
import { buildDemoLesson, DEMO_PLANS, expectedStSequence, planDemoLesson, type DemoLesson } from './demo-lesson.ts';
import { loadVoices, type DecodedClip } from './voices.ts';

const SECONDS = 90;
const INTERVAL = 10;
const BOUND = 0.25;
const ffmpeg = findFfmpeg()!;

function ffmpegOut(args: string[]): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(ffmpeg, ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    proc.stdout.on('data', (d: Buffer) => out.push(d));
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    proc.once('error', reject);
    // `ffmpeg -i` alone exits 1 after printing the streams: the caller reads stderr.
    proc.once('close', () => resolve({ stdout: Buffer.concat(out), stderr }));
  });
}

const frameAt = async (file: string, t: number) => (await ffmpegOut(['-loglevel', 'error', '-ss', String(t), '-i', file, '-frames:v', '1', '-c:v', 'mjpeg', '-q:v', '2', '-f', 'image2pipe', 'pipe:1'])).stdout;

function maxBoundaryError(found: readonly Segment[], truth: readonly Segment[]): number {
  expect(found.length, `${JSON.stringify(found)} vs truth ${JSON.stringify(truth)}`).toBe(truth.length);
  return Math.max(0, ...truth.map((t, i) => Math.max(Math.abs(found[i]!.start - t.start), Math.abs(found[i]!.end - t.end))));
}

let dir = '';
let lesson: DemoLesson;
let audio: AudioAnalysis;
let voices: DecodedClip[];
let pool: Promise<VisionPool>;

beforeAll(async () => {
  // The detector's thread loads its models while the lesson is built and analysed.
  pool = createVisionPool({ size: 1, engine: { detectOnly: true } });
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-demo-'));
  voices = await loadVoices();
  // The teacher comes 20 s late, so the teacher camera shows both states in a short lesson.
  lesson = await buildDemoLesson({ dir, seconds: SECONDS, seed: 5, plan: 'dialogue', intervalSeconds: INTERVAL, teacherLateSeconds: 20 });
  audio = await analyzeAudio(lesson.studentCamera, { intervalSeconds: INTERVAL });
}, 60_000);

afterAll(async () => {
  await (await pool.catch(() => null))?.close();
  if (dir) await fsp.rm(dir, { recursive: true, force: true });
});

describe('demo lesson script (no files)', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = planDemoLesson({ seconds: 300, seed: 11 }, voices).truth;
    expect(planDemoLesson({ seconds: 300, seed: 11 }, voices).truth).toEqual(a);
    expect(planDemoLesson({ seconds: 300, seed: 12 }, voices).truth).not.toEqual(a);
  });

  it('each plan gives its S-T mode on a 5-minute lesson, with every interval clear of the half-interval rule', () => {
    for (const plan of DEMO_PLANS) {
      for (const seed of [1, 2, 3]) {
        const { truth } = planDemoLesson({ seconds: 300, seed, plan }, voices);
        expect(truth.st.mode, `${plan} seed ${seed}: ${truth.st.sequence}`).toBe(plan);
        expect(expectedStSequence(truth, 30)).toBe(truth.st.sequence);
        // Every turn lies inside one interval, 0.8 s from its cut-offs; none overlaps another.
        for (const turn of truth.turns) {
          const k = Math.floor(turn.start / 30);
          expect(turn.start - k * 30).toBeGreaterThanOrEqual(0.8 - 1e-9);
          expect((k + 1) * 30 - turn.end).toBeGreaterThanOrEqual(0.8 - 1e-9);
        }
        truth.turns.slice(1).forEach((t, i) => expect(t.start).toBeGreaterThan(truth.turns[i]!.end));
        // The practice plan's teacher arrives a minute late and says nothing before.
        if (plan === 'practice') {
          expect(truth.teacherPresentPerSecond.indexOf(true)).toBe(60);
          expect(truth.teacher[0]!.start).toBeGreaterThan(60);
        }
        expect(Math.min(...truth.facesPerSecond)).toBeLessThan(Math.max(...truth.facesPerSecond));
      }
    }
  });
});

describe('demo lesson files through the real pipelines', { timeout: 60_000 }, () => {
  it('student camera: H.264 1280×720 with 2-channel AAC of the lesson length; teacher camera video only', async () => {
    expect(await probeAudio(lesson.studentCamera)).toMatchObject({ channels: 2, sourceChannels: 2, sourceSampleRate: 16_000 });
    const student = (await ffmpegOut(['-i', lesson.studentCamera])).stderr;
    expect(student).toMatch(/Video: h264.*1280x720/);
    expect(student).toMatch(/Duration: 00:01:30\.0/);
    const teacher = (await ffmpegOut(['-i', lesson.teacherCamera])).stderr;
    expect(teacher).toMatch(/Video: h264.*1280x720/);
    expect(teacher).not.toMatch(/Audio:/);
    // The subtitles read back with the recorder-subtitle parser, one cue per clip, speakers kept.
    const cues = parseSubtitles(await fsp.readFile(lesson.subtitles)).segments;
    expect(cues).toHaveLength(lesson.truth.turns.reduce((n, t) => n + t.texts.length, 0));
    expect(cues[0]).toMatchObject({ start: lesson.truth.turns[0]!.start, text: lesson.truth.turns[0]!.texts[0] });
    expect(new Set(cues.map((c) => c.speaker))).toEqual(new Set(['teacher', 'student']));
  });

  it('the audio pipeline finds every teacher and student turn within 0.25 s and the same S-T sequence', () => {
    const { speech, talk } = audio;
    expect(speech.channels).toBe(2);
    expect(Math.abs(speech.durationSeconds - SECONDS)).toBeLessThan(0.1);
    if (talk.speakers !== 'separated') throw new Error('two channels must separate speakers');
    const teacher = maxBoundaryError(talk.teacher, lesson.truth.teacher);
    const student = maxBoundaryError(talk.student, lesson.truth.student);
    console.info(`demo lesson boundary errors (s): teacher ≤ ${teacher.toFixed(3)}, student ≤ ${student.toFixed(3)}`);
    expect(Math.max(teacher, student)).toBeLessThanOrEqual(BOUND);
    expect(lesson.truth.st.sequence).toHaveLength(SECONDS / INTERVAL);
    expect(talk.st?.sequence).toBe(lesson.truth.st.sequence);
  });

  it('the detector counts the faces drawn on frames taken back out of both videos', async () => {
    const { facesPerSecond, teacherPresentPerSecond } = lesson.truth;
    // The first second, the second with most faces and the last one (late arrivals and leavers differ).
    const times = [...new Set([0, facesPerSecond.indexOf(Math.max(...facesPerSecond)), SECONDS - 1])];
    const detector = await pool;
    for (const t of times) {
      const counted = (await detector.analyse(await frameAt(lesson.studentCamera, t))).faces.filter((f) => f.score >= DEFAULT_MIN_SCORE).length;
      const truth = facesPerSecond[t]!;
      // The vision tests' tolerance: exact up to 6 faces, at most one missed in 12, never one too many.
      expect(counted, `t=${t}`).toBeLessThanOrEqual(truth);
      expect(truth - counted, `t=${t}`).toBeLessThanOrEqual(truth <= 6 ? 0 : 1);
    }
    const absent = teacherPresentPerSecond.indexOf(true) - 5;
    expect(teacherPresentPerSecond[absent]).toBe(false);
    expect((await detector.analyse(await frameAt(lesson.teacherCamera, absent))).faces).toHaveLength(0);
    expect((await detector.analyse(await frameAt(lesson.teacherCamera, SECONDS - 5))).faces.filter((f) => f.score >= DEFAULT_MIN_SCORE)).toHaveLength(1);
  });
});
