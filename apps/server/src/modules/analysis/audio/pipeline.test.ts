/**
 * The sound pipeline on generated audio with exact ground truth (lesson-fixture.ts): espeak-ng and
 * sox make a two-minute, two-channel lesson; decode → Silero VAD → talk time and S-T must match the
 * truth within 0.2 s per boundary and the S-T sequence exactly.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeAudio, type AudioAnalysis } from './analyze.ts';
import { buildLesson, type Lesson, type Turn } from './lesson-fixture.ts';
import { analyzeTalk, type Segment } from './talk.ts';

const INTERVAL = 10;
const DURATION = 120;
// Turns end at a phrase end near their length (up to 2 s shorter, 0.3 s longer: lesson-fixture.ts),
// so teacher talk is ≥ 6.5 s in the T intervals and ≤ 3.3 s in the S ones, clear of the 5 s rule (the
// first test checks it on the truth). Gaps between turns stay ≥ 1 s, longer than the VAD's merge gap.
const TURNS: Turn[] = [
  { speaker: 'student', start: 1, seconds: 5 },
  { speaker: 'student', start: 12, seconds: 3 },
  { speaker: 'teacher', start: 20.5, seconds: 18 },
  { speaker: 'student', start: 40.5, seconds: 6.5 },
  { speaker: 'teacher', start: 50.5, seconds: 9 },
  { speaker: 'teacher', start: 61, seconds: 2.5 },
  { speaker: 'student', start: 65, seconds: 4 },
  { speaker: 'teacher', start: 70.5, seconds: 9 },
  { speaker: 'student', start: 81, seconds: 5 },
  { speaker: 'teacher', start: 90.5, seconds: 9 },
  { speaker: 'teacher', start: 100.8, seconds: 8.5 },
  { speaker: 'student', start: 111, seconds: 4 },
  { speaker: 'teacher', start: 116.5, seconds: 3 },
];
const EXPECTED_SEQUENCE = 'SSTTSTSTSTTS';
const BOUND = 0.2;

/** Largest start and end error of paired segments; the counts must match first. */
function boundaryErrors(found: readonly Segment[], truth: readonly Segment[]): { start: number; end: number } {
  expect(found.length, `${JSON.stringify(found)} vs truth ${JSON.stringify(truth)}`).toBe(truth.length);
  let start = 0;
  let end = 0;
  truth.forEach((t, i) => {
    start = Math.max(start, Math.abs(found[i]!.start - t.start));
    end = Math.max(end, Math.abs(found[i]!.end - t.end));
  });
  return { start, end };
}

let dir = '';
let lesson: Lesson;
let result: AudioAnalysis;

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-audio-'));
  lesson = await buildLesson(dir, TURNS, DURATION);
  result = await analyzeAudio(lesson.file, { intervalSeconds: INTERVAL });
}, 60_000);

afterAll(async () => {
  if (dir) await fsp.rm(dir, { recursive: true, force: true });
});

describe('sound pipeline on a generated two-channel lesson', () => {
  it('the ground truth itself codes as designed', () => {
    expect(lesson.truth.teacher).toHaveLength(7);
    expect(lesson.truth.student).toHaveLength(6);
    const truth = analyzeTalk({ teacher: lesson.truth.teacher, room: lesson.truth.student, durationSeconds: DURATION, intervalSeconds: INTERVAL });
    expect(truth.st?.sequence).toBe(EXPECTED_SEQUENCE);
    for (const talk of truth.st?.teacherSecondsPerInterval ?? []) expect(Math.abs(talk - INTERVAL / 2)).toBeGreaterThan(1);
  });

  it('finds teacher and student talk within 0.2 s of the truth at every boundary', () => {
    const { speech, talk } = result;
    expect(speech.channels).toBe(2);
    expect(speech.durationSeconds).toBeCloseTo(DURATION, 3);
    if (talk.speakers !== 'separated') throw new Error('two channels must separate speakers');
    const teacher = boundaryErrors(talk.teacher, lesson.truth.teacher);
    const student = boundaryErrors(talk.student, lesson.truth.student);
    console.info(`boundary errors (s): teacher start ≤ ${teacher.start.toFixed(3)}, end ≤ ${teacher.end.toFixed(3)}; student start ≤ ${student.start.toFixed(3)}, end ≤ ${student.end.toFixed(3)}`);
    expect(Math.max(teacher.start, teacher.end, student.start, student.end)).toBeLessThanOrEqual(BOUND);
    // The room channel heard the teacher too (the bleed): the lapel is what tells them apart.
    expect(talk.totals.overlap).toBeGreaterThan(0.8 * talk.totals.teacher);
  });

  it('codes the S-T sequence exactly, with Rt, Ch and mode', () => {
    const st = result.talk.st;
    expect(st?.sequence).toBe(EXPECTED_SEQUENCE);
    expect(st).toMatchObject({ n: 12, nT: 6, runs: 9, mode: 'dialogue' });
    expect(st?.rt).toBeCloseTo(0.5, 12);
    expect(st?.ch).toBeCloseTo(8 / 12, 12);
  });
});
