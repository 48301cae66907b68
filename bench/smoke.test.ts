/**
 * Every benchmark runs here with tiny data and a fraction of a second per target, so a change that
 * breaks one (a route, a service's signature, the demo's data, an expectation) fails `npm test`
 * instead of the next full run. Nothing here asserts speed: a run passes when it completes, its own
 * consistency checks hold (they throw: both sides of a comparison answer the same page, the scale
 * made is the scale asked for, no screen is measured empty) and it reports every summary row.
 *
 * The benchmarks of lists and load are in bench/smoke-lists.test.ts, so that the two files run side
 * by side. The demo school is seeded once per run (a PGlite image, bench/smoke-support.ts) and each
 * benchmark starts from a copy. PGlite only: the PostgreSQL path differs by its database set-up
 * alone, which the API tests exercise.
 *
 * Not here, and why:
 * - bench/live.ts and bench/live-wall.ts: they need ffmpeg and Chromium, and their figures are
 *   made of seconds of real time (an encoder's first segment, glass-to-glass samples, a browser
 *   opening the patrol wall): a smoke run of either takes 10-30 s on its own, more than this whole
 *   file. The browser suites in e2e/ cover the same paths (live play, the wall).
 * - The login page's JavaScript in bench/run.ts (Chromium again): run with `loginPage: false`.
 * - bench/vision.ts and bench/vad.ts run below at tiny sizes (one small frame; 20 s of generated
 *   speech, which needs espeak-ng and sox as the audio pipeline's tests do); bench/lesson.ts on a
 *   one-minute lesson of six seats (ffmpeg, the vision and voice threads).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runFollowupBench } from './followup.ts';
import { runExportsBench } from './exports.ts';
import { runStatisticsBench } from './statistics.ts';
import { benchVision, visionSummary } from './vision.ts';
import { benchVad, vadSummary } from './vad.ts';
import { runAssistantBench } from './assistant.ts';
import { runLessonBench } from './lesson.ts';
import { expectRows, smokeBase, TIMEOUT_MS, type SmokeBase } from './smoke-support.ts';

let base: SmokeBase;

beforeAll(async () => {
  base = await smokeBase();
}, TIMEOUT_MS);

describe('benchmarks, smoke run (tiny data, no timing asserted)', () => {
  it('followup: every screen reads rows, and is measured', async () => {
    const { results, summary } = await runFollowupBench({
      ...base, plans: 3, coursesPerPlan: 3, supervisorsPerPlan: 2, evaluationsPerSupervisor: 2, appeals: 8, notifications: 40, invitations: 8, iterations: 1,
    });
    expect(Object.values(results.runs[0]!.sizes).every((n) => n > 0)).toBe(true);
    expectRows(summary, 'followup');
  }, TIMEOUT_MS);

  it('exports: a statistics export writes every evaluation of the semester, read back', async () => {
    const { results, summary } = await runExportsBench({ ...base, rows: 300 });
    // The run itself throws when the file's rows differ from the database's.
    expect(results.runs[0]!.figures.rows).toBeGreaterThanOrEqual(300);
    expectRows(summary, 'exports');
  }, TIMEOUT_MS);

  it('statistics: every statistics screen answers over bulk-loaded evaluations, and the rollups agree with the raw rows', async () => {
    const { results, summary } = await runStatisticsBench({ ...base, evaluations: 2_000, courses: 40, teachers: 10, calls: 1, rawCalls: 1, writes: 2 });
    // The run itself throws when a screen errs or the rollups' figures differ from the raw rows'.
    expect(results.runs[0]!.evaluations).toBeGreaterThanOrEqual(2_000);
    expect(results.runs[0]!.figures.length).toBe(10);
    expectRows(summary, 'statistics');
  }, TIMEOUT_MS);

  it('vision: the engine finds the face of a small frame, and the lesson row is derived', async () => {
    const rows = await benchVision({ faceCounts: [1], frames: 1, modes: ['full'], width: 480, height: 270 });
    expect(rows).toHaveLength(1);
    const summary = visionSummary(rows);
    expect(summary.map((r) => r.met)).toEqual([null, expect.any(Boolean)]);
    expectRows(summary, 'vision');
  }, TIMEOUT_MS);

  it('assistant: questions stream through the app and straight from the double; a few chats at once all answer', async () => {
    const { results, summary, failed } = await runAssistantBench({ ...base, firstTokenCalls: 2, warmup: 1, chats: 4, chunks: 3, dripMs: 20 });
    expect(failed).toEqual([]);
    const f = results.figures[0]!;
    expect(f.firstToken.app.calls).toBe(2);
    expect(f.chats.answered).toBe(4);
    expect(f.chats.peakOpen).toBeGreaterThan(0);
    expectRows(summary, 'assistant');
  }, TIMEOUT_MS);

  it('vad: hears speech in each channel of 20 s of generated lesson', async () => {
    const r = await benchVad({ seconds: 20, vadOnlySeconds: 10 });
    expect(r.speechSegments.every((n) => n > 0)).toBe(true);
    expectRows(vadSummary(r), 'vad');
  }, TIMEOUT_MS);

  it('lesson: a one-minute lesson is analysed by the server while its API is called, and matches its truth', async () => {
    const { results, summary, failed } = await runLessonBench({ ...base, seconds: 60, seats: 6, idleSeconds: 0.5, probeGapMs: 20, visionThreads: 1, alone: false });
    expect(failed).toEqual([]);
    const f = results.figures[0]!;
    expect(f.samples).toBe(6);
    expect(f.sequenceMatches).toBe(true);
    expect(f.idle.calls).toBeGreaterThan(0);
    expect(f.during.calls).toBeGreaterThan(0);
    expectRows(summary, 'lesson');
  }, TIMEOUT_MS);
});
