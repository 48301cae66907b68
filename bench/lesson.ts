/**
 * npm run bench:lesson: a whole lesson analysed end to end on the running server, and what that
 * costs the API meanwhile (issue 15; docs/benchmarks.md, "AI analysis").
 *
 * A 45-minute lesson (30 seats, the dialogue plan: students arrive late and leave, the teacher and
 * the students talk at known times) is drawn once by the demo's generator (demo/demo-lesson.ts),
 * as npm start's demo lessons are, but nine times longer. Then per driver (PGlite always,
 * PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set), on the real app over the demo
 * data, listening on 127.0.0.1, with its own in-process job worker and ANALYSIS_VISION_THREADS=2:
 *   - Idle: the administrator's membership page (GET /base/system/school/membership/v1/page, the
 *     load benchmark's target) one call after the other with `probeGapMs` between, for `idleSeconds`.
 *   - Alone (on the first driver): the lesson's files are stored as a class's recording and the
 *     analysis job queued (queueAnalysis, as the demo and the recorder do) with nothing else
 *     running. Real-time factor = lesson seconds / the job's seconds from its start to its end
 *     (fetching the media, decoding, vision on both cameras every 10 s, VAD on both channels, the
 *     subtitles, sensitive words, storing evidence frames and the report). The aim is ≥ 20×.
 *   - With calls: analysed again while the same calls go on until the job is done; the API's p99
 *     then against idle (the aim: within 1.5×), and the analysis's speed meanwhile.
 * BENCH_SLOW_CALLS=<ms> logs every call slower than that, with its moment (to find what stalls).
 * Expectations come from the lesson drawn: the report must have one sample per 10 s of the lesson,
 * and its S-T sequence and mode must equal the lesson's truth, or the run fails.
 * Figures go to stdout and bench/results/lesson.json; the summary's rows to bench/results.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TClassReport } from '@hxk/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { accounts, courseSessions, courses, jobs, schools } from '../apps/server/src/db/schema/index.ts';
import type { Deps } from '../apps/server/src/platform/context.ts';
import { platformTx, schoolTx } from '../apps/server/src/platform/tenancy.ts';
import { ANALYSE_JOB, queueAnalysis } from '../apps/server/src/modules/analysis/analysis.job.ts';
import type { DemoLesson } from '../apps/server/src/modules/analysis/demo/demo-lesson.ts';
import { benchDrivers, giveUpAfter, isMain, LIMITS_ABOVE_LOAD, latencies, openDemo, round, signIn, table, writeResults, type BenchBase, type DriverName, type SummaryRow } from './support.ts';

const SETTINGS = {
  /** The lesson's length. */
  seconds: Number(process.env.BENCH_LESSON_SECONDS ?? 2700),
  seats: 30,
  /** Seconds of the API's calls before the analysis. */
  idleSeconds: 20,
  /** Pause between two of the API's calls (one client, a person clicking quickly). */
  probeGapMs: 50,
  visionThreads: 2,
  /** Analyse the lesson once with nothing else running first (its own speed; on the first driver), then with the calls. */
  alone: true,
};
const DEFAULTS = { ...SETTINGS };
export type LessonBenchOptions = BenchBase & Partial<typeof SETTINGS>;
const REAL_TIME_AIM = 20;
const P99_AIM = 1.5;
const PROBE = '/base/system/school/membership/v1/page?pageNum=1&pageSize=20';
let log: (msg: string) => void = (msg) => {
  process.stdout.write(`${msg}\n`);
};

type Truth = { sequence: string; mode: string };

type Figure = {
  driver: DriverName;
  lessonSeconds: number;
  /** The analysis with nothing else running (null when not measured for this driver). */
  aloneSeconds: number | null;
  aloneRealTime: number | null;
  /** The analysis while the API is called. */
  jobSeconds: number;
  realTime: number;
  samples: number;
  teacherSamples: number;
  sequenceMatches: boolean;
  idle: ReturnType<typeof latencies>;
  during: ReturnType<typeof latencies>;
  p99Ratio: number;
  failedCalls: number;
  cpuSeconds: number;
};

/** Calls `url` one after the other, `gapMs` apart, until `until()` says stop; latencies of the 200s and how many were not. */
async function probe(origin: string, token: string, gapMs: number, until: () => boolean): Promise<{ ms: number[]; failed: number }> {
  const ms: number[] = [];
  const start = performance.now();
  let failed = 0;
  while (!until()) {
    const t0 = performance.now();
    const res = await fetch(`${origin}${PROBE}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    const took = performance.now() - t0;
    if (res.status === 200) ms.push(took);
    else {
      failed++;
      log(`a call answered ${res.status}`);
    }
    if (process.env.BENCH_SLOW_CALLS && took > Number(process.env.BENCH_SLOW_CALLS)) log(`slow call at ${round((t0 - start) / 1000)} s: ${round(took)} ms`);
    await new Promise((r) => setTimeout(r, gapMs));
  }
  return { ms, failed };
}

/** An ended class of the demo teacher in a room: the lesson becomes its recording. */
async function targetClass(deps: Deps): Promise<{ schoolId: string; courseSessionId: string }> {
  const today = new Date().toISOString().slice(0, 10);
  return platformTx(deps.dbh.db, 'seed', async (tx) => {
    const [school] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.code, 'DEMO'));
    const [row] = await tx.select({ id: courseSessions.id }).from(courseSessions)
      .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
      .innerJoin(accounts, eq(accounts.id, courses.teacherId))
      .where(and(eq(courseSessions.schoolId, school!.id), eq(accounts.account, 'teacher'), isNotNull(courseSessions.classroomId), lt(courseSessions.lessonDate, today)))
      .orderBy(asc(courseSessions.id)).limit(1);
    if (!row) throw new Error('the demo has no ended class of its teacher in a room');
    return { schoolId: school!.id, courseSessionId: row.id };
  });
}

async function measure(driver: DriverName, lesson: DemoLesson, truth: Truth, measureAlone: boolean, cleanups: (() => Promise<void>)[], demoImage: Blob | undefined): Promise<Figure> {
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), `hxk-bench-lesson-${driver}-`));
  cleanups.push(() => fsp.rm(tmp, { recursive: true, force: true }));
  const { dbh, cleanup } = await openDemo(driver, tmp, `hxk_bench_lesson_${process.pid}`, demoImage);
  cleanups.push(cleanup);
  const config = loadConfig({
    DATA_DIR: path.join(tmp, 'data'), LOG_LEVEL: 'silent', ...LIMITS_ABOVE_LOAD,
    ANALYSIS_VISION_THREADS: String(SETTINGS.visionThreads), ...(process.env.ANALYSIS_NICE ? { ANALYSIS_NICE: process.env.ANALYSIS_NICE } : {}), ANALYSIS_DEMO: 'off', ANALYSIS_LIVE: 'off',
  });
  const app: FastifyInstance = await buildApp({ config: { ...config, redisUrl: undefined }, dbh, logger: false });
  cleanups.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no TCP address');
  const origin = `http://127.0.0.1:${addr.port}`;
  const deps = app.deps;
  const admin = await signIn(origin, 'admin');
  const { schoolId, courseSessionId } = await targetClass(deps);

  // The recording and the teacher camera's file, stored as the demo's drawn lessons are.
  const studentKey = `schools/${schoolId}/recordings/bench-${courseSessionId}.mp4`;
  const teacherKey = `schools/${schoolId}/analysis/media/${courseSessionId}-teacher.mp4`;
  const subtitlesKey = `schools/${schoolId}/analysis/media/${courseSessionId}.vtt`;
  for (const [key, file] of [[studentKey, lesson.studentCamera], [teacherKey, lesson.teacherCamera], [subtitlesKey, lesson.subtitles]] as const) {
    await deps.storage.put(key, fs.createReadStream(file), (await fsp.stat(file)).size);
  }
  /** Queues the lesson's analysis and resolves with the job's seconds from its start to its end. */
  const analyse = async (): Promise<number> => {
    const analysis = await schoolTx(deps.dbh.db, schoolId, (tx) =>
      queueAnalysis(deps, tx, { schoolId, courseSessionId, classroomId: null, media: { student: studentKey, teacher: teacherKey, subtitles: subtitlesKey }, createdBy: null }));
    deps.jobs.wake();
    for (;;) {
      const [job] = await platformTx(deps.dbh.db, 'seed', (tx) =>
        tx.select({ status: jobs.status, startedAt: jobs.startedAt, finishedAt: jobs.finishedAt, errorKey: jobs.errorKey }).from(jobs).where(eq(jobs.id, analysis.jobId!)));
      if (job!.status === 'failed') throw new Error(`[${driver}] the analysis job failed: ${job!.errorKey}`);
      if (job!.status === 'done') return (job!.finishedAt!.getTime() - job!.startedAt!.getTime()) / 1000;
      await new Promise((r) => setTimeout(r, 500));
    }
  };

  log(`[${driver}] idle: the membership page for ${SETTINGS.idleSeconds} s, ${SETTINGS.probeGapMs} ms apart`);
  const idleEnd = performance.now() + SETTINGS.idleSeconds * 1000;
  const idle = await probe(origin, admin, SETTINGS.probeGapMs, () => performance.now() >= idleEnd);
  // Alone: the analysis's own speed on this machine (the threads started first, as a running server has them).
  let alone: number | null = null;
  if (measureAlone) {
    log(`[${driver}] analysing the ${SETTINGS.seconds / 60}-minute lesson (${SETTINGS.visionThreads} vision threads) with nothing else running`);
    alone = await analyse();
  }
  log(`[${driver}] analysing ${measureAlone ? 'it again' : `the ${SETTINGS.seconds / 60}-minute lesson`} while the calls go on`);
  const cpu0 = process.cpuUsage();
  let finished = false;
  const [during, jobSeconds] = await Promise.all([
    probe(origin, admin, SETTINGS.probeGapMs, () => finished),
    analyse().finally(() => {
      finished = true;
    }),
  ]);
  const cpu = process.cpuUsage(cpu0);

  const res = await fetch(`${origin}/app/ddxk/ai/v1/report?courseSessionId=${courseSessionId}`, { headers: { authorization: `Bearer ${admin}` } });
  const a = ((await res.json()) as { data: TClassReport }).data.analysis;
  if (!a || a.status !== 'done') throw new Error(`[${driver}] the report has no finished analysis (${res.status})`);
  const expectedSamples = Math.ceil(SETTINGS.seconds / config.analysis.sampleSeconds);
  if (a.samples.length !== expectedSamples) throw new Error(`[${driver}] ${a.samples.length} samples, the lesson has ${expectedSamples}`);
  const sequenceMatches = a.stSequence === truth.sequence && a.mode === truth.mode;
  if (!sequenceMatches) log(`[${driver}] S-T differs from the truth: ${a.stSequence} (${a.mode}) against ${truth.sequence} (${truth.mode})`);
  await app.close();
  await cleanup();
  const idleStats = latencies(idle.ms);
  const duringStats = latencies(during.ms);
  return {
    driver, lessonSeconds: SETTINGS.seconds, jobSeconds: round(jobSeconds), realTime: round(SETTINGS.seconds / jobSeconds),
    aloneSeconds: alone === null ? null : round(alone), aloneRealTime: alone === null ? null : round(SETTINGS.seconds / alone),
    samples: a.samples.length, teacherSamples: a.teacherSamples.length, sequenceMatches,
    idle: idleStats, during: duringStats, p99Ratio: round(duringStats.p99 / Math.max(idleStats.p99, 0.001), 2),
    failedCalls: idle.failed + during.failed,
    // The server process's CPU (main thread, vision threads, onnxruntime) during the analysis; ffmpeg's is apart.
    cpuSeconds: round((cpu.user + cpu.system) / 1e6),
  };
}

/** The lesson benchmark in process: figures and the summary's rows; `failed` lists the drivers whose analysis or calls failed. */
export async function runLessonBench(opts: LessonBenchOptions = {}) {
  const { drivers: only, demoImage, log: logTo, ...sizes } = opts;
  Object.assign(SETTINGS, DEFAULTS, sizes);
  if (logTo) log = logTo;
  const drivers = only ?? benchDrivers();
  const loadBefore = os.loadavg().map((n) => round(n));
  log(`hxk lesson benchmark: ${os.cpus().length} cores, node ${process.version}, load ${loadBefore.join(' ')}; drivers: ${drivers.join(', ')}`);
  const cleanups: (() => Promise<void>)[] = [];
  const figures: Figure[] = [];
  let drawSeconds = 0;
  try {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-bench-lesson-'));
    cleanups.push(() => fsp.rm(dir, { recursive: true, force: true }));
    // Loaded here: the canvas and the voice clips, like the demo's job.
    const { buildDemoLesson } = await import('../apps/server/src/modules/analysis/demo/demo-lesson.ts');
    log(`drawing a ${SETTINGS.seconds} s lesson of ${SETTINGS.seats} seats`);
    const t0 = performance.now();
    const lesson = await buildDemoLesson({ dir, seconds: SETTINGS.seconds, seed: 7, plan: 'dialogue', seats: SETTINGS.seats });
    drawSeconds = round((performance.now() - t0) / 1000);
    const truth: Truth = { sequence: lesson.truth.st.sequence, mode: lesson.truth.st.mode };
    // The analysis alone once (its speed hardly depends on the database), with the calls on each.
    for (const [i, driver] of drivers.entries()) figures.push(await measure(driver, lesson, truth, SETTINGS.alone && i === 0, cleanups, demoImage));
  } finally {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  }
  log(`\nThe lesson (${SETTINGS.seconds} s, drawn in ${drawSeconds} s) analysed by the server's job worker, and the membership page meanwhile (ms)`);
  log(table(['driver', 'alone s', 'alone × real time', 'with calls s', '× real time', 'samples', 'S-T as truth', 'idle p50', 'idle p99', 'during p50', 'during p99', 'p99 during / idle', 'calls during', 'server CPU s'],
    figures.map((f) => [f.driver, f.aloneSeconds ?? '—', f.aloneRealTime ?? '—', f.jobSeconds, f.realTime, f.samples, f.sequenceMatches ? 'yes' : 'NO', f.idle.p50, f.idle.p99, f.during.p50, f.during.p99, f.p99Ratio, f.during.calls, f.cpuSeconds])));
  const failed = figures.filter((f) => !f.sequenceMatches || f.failedCalls > 0).map((f) => f.driver);
  const name = (d: DriverName) => (d === 'pglite' ? 'PGlite' : 'PostgreSQL');
  const minutes = round(SETTINGS.seconds / 60, 0);
  const summary: SummaryRow[] = figures.flatMap((f): SummaryRow[] => [
    ...(f.aloneRealTime === null ? [] : [{ bench: 'lesson', figure: `${minutes}-min lesson analysed end to end by the server, nothing else running, ${SETTINGS.visionThreads} vision threads`, aim: `≥ ${REAL_TIME_AIM}× real time`, measured: `${f.aloneRealTime}× (${f.aloneSeconds} s)`, met: f.aloneRealTime >= REAL_TIME_AIM }]),
    { bench: 'lesson', figure: `the same while a person calls the API every ${SETTINGS.probeGapMs} ms (${name(f.driver)})`, aim: '', measured: `${f.realTime}× (${f.jobSeconds} s)`, met: null },
    { bench: 'lesson', figure: `API p99 during the analysis / idle (${name(f.driver)})`, aim: `≤ ${P99_AIM}×`, measured: `${f.p99Ratio}× (${f.during.p99} / ${f.idle.p99} ms)`, met: f.p99Ratio <= P99_AIM },
    { bench: 'lesson', figure: `S-T sequence and mode as the lesson's truth (${name(f.driver)})`, aim: 'yes', measured: f.sequenceMatches ? 'yes' : 'no', met: f.sequenceMatches },
  ]);
  const results = { date: new Date().toISOString(), loadAverageBefore: loadBefore, loadAverageAfter: os.loadavg().map((n) => round(n)), settings: { ...SETTINGS }, drawSeconds, analyseJob: ANALYSE_JOB, figures };
  return { results, summary, failed };
}

async function main() {
  giveUpAfter('bench:lesson', 20 * 60_000);
  const { results, summary, failed } = await runLessonBench();
  log(`\nwritten to ${await writeResults('lesson', results, summary)}`);
  if (failed.length) {
    log(`the analysis differed from the truth or a call failed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

if (isMain(import.meta.url)) await main();
