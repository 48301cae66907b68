/**
 * Live analysis jobs (docs/decisions/0022-live-analysis.md).
 *
 * - `analysis.liveRound` (recurring, every minute in each school): starts a live job for the classes
 *   in progress that should be analysed live (ANALYSIS_LIVE: `demo` — one class of a demo school, from
 *   its drawn lesson; `on` — every class in progress in a room with a camera), leaving out rooms whose
 *   live-analysis switch is off (classrooms.live_analysis, set in the room's settings), and finishes live
 *   analyses whose job stopped (a process that went away) once their class is over.
 * - `analysis.live` (one class): runs while the class is in progress. Every sample period it takes the
 *   picture of the room's student and teacher cameras from the live source (live-source.ts) and runs
 *   it through the process's vision threads; every S-T interval it takes that interval's sound and
 *   runs voice activity on it; after each sample it stores the class so far with storeResult — the
 *   warning rules evaluated as for a recording, each rule raising one warning — and pushes the live
 *   figures, and any warning just raised, to the people responsible for the room. At the class's end
 *   the analysis is done and its warnings end; when the server closes it stops at once (preClose) and
 *   the next round, on whichever process, resumes the class from what was stored.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline as pipe } from 'node:stream/promises';
import { z } from 'zod';
import { ANALYSIS_DEFAULTS, zonedClock } from '@hxk/contracts';
import { findFfmpeg } from '../../platform/adapters/camera-simulator.ts';
import type { Deps } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { JobFailure, type JobContext, type JobHandler } from '../../platform/jobs.ts';
import { cameraById, grantPlay, streamKey } from '../live/live.service.ts';
import { liveMedia } from '../live/media.ts';
import { zonedInstant } from '../recordings/recording-windows.ts';
import type { DemoPlanName } from './demo/demo-lesson.ts';
import * as repo from './analysis.repo.ts';
import { storeResult } from './analysis.service.ts';
import { audioThread, visionPool } from './analysis.job.ts';
import type { AudioThread } from './audio/audio-thread.ts';
import { LiveFigures, soundOf, type LiveRestore } from './live-figures.ts';
import { cameraLiveSource, demoLiveSource, loopLength, nextMoment, realClock, type CameraInput, type LiveCameraRole, type LiveClock, type LiveSound, type LiveSource } from './live-source.ts';
import * as liveRepo from './live.repo.ts';
import { audienceOf, classSpan, liveView, publishToRoom } from './live.service.ts';

export const LIVE_JOB = 'analysis.live';
export const LIVE_ROUND_JOB = 'analysis.liveRound';
export const LIVE_ROUND_SECONDS = 60;
/** Length of the demo's drawn lesson, played in a loop. */
export const DEMO_LIVE_SECONDS = 300;
/** The people responsible for a room are read again this often during a class. */
const AUDIENCE_MS = 5 * 60_000;

export type LiveSourceSpec = { kind: 'gateway' } | { kind: 'simulator' } | { kind: 'demo'; plan: DemoPlanName; seed: number; seats: number; seconds: number };
export type LivePayload = { analysisId: string; courseSessionId: string; source: LiveSourceSpec };

/** What a first start leaves for a demo school (db/seed/demo-live-analysis.ts): its classes in progress may be analysed from a drawn lesson. */
export const ZLiveDemoMarker = z.object({ plan: z.enum(['lecture', 'dialogue', 'practice']), seed: z.number().int(), seconds: z.number().int().min(60).max(3600), teacherId: z.string().nullable() });
export type LiveDemoMarker = z.infer<typeof ZLiveDemoMarker>;
export const liveDemoKey = (schoolId: string) => `schools/${schoolId}/analysis/live-demo.json`;

/**
 * Faces the demo draws for a class of `students`: about 70 % of them (36 at most, the detector's
 * checked range), so that its attendance stays under the demo's 80 % rule and raises one warning.
 */
export const demoSeats = (students: number) => Math.min(36, Math.max(6, Math.round(students * 0.7)));

// ------------------------------------------------------------------------------------------------ runs of this process

type Run = { controller: AbortController; done: Promise<unknown> };
type Runs = { active: Set<Run>; closing: boolean };
const runs = new WeakMap<Deps, Runs>();
const runsOf = (deps: Deps): Runs => {
  let r = runs.get(deps);
  if (!r) runs.set(deps, (r = { active: new Set(), closing: false }));
  return r;
};

/** Live analyses running in this process. */
export const activeLiveRuns = (deps: Deps) => runsOf(deps).active.size;

/**
 * Stops every live analysis of this process and waits until each has stored what it had and let go
 * of its processes; one the queue hands over after this returns at once (the process is closing).
 */
export async function stopLiveRuns(deps: Deps): Promise<void> {
  const r = runsOf(deps);
  r.closing = true;
  for (const run of r.active) run.controller.abort(new Error('the server is closing'));
  await Promise.allSettled([...r.active].map((run) => run.done));
}

// ------------------------------------------------------------------------------------------------ the round

async function demoMarker(deps: Deps, schoolId: string): Promise<LiveDemoMarker | null> {
  const raw = await deps.storage.get(liveDemoKey(schoolId)).catch(() => null);
  if (!raw) return null;
  try {
    return ZLiveDemoMarker.parse(JSON.parse(raw.toString('utf8')));
  } catch {
    return null;
  }
}

export function liveRoundJob(deps: Deps): JobHandler {
  return async (jc) => {
    const mode = deps.config.analysis.live.mode;
    if (mode === 'off') return { started: 0 };
    const schoolId = jc.job.schoolId;
    const marker = await demoMarker(deps, schoolId);
    if (mode === 'demo' && !marker) return { started: 0 };
    const tz = deps.config.schoolTimezone;
    const now = deps.now();
    const clock = zonedClock(now, tz);
    const camera: LiveSourceSpec = { kind: deps.config.live.gateway ? 'gateway' : 'simulator' };
    const started = await jc.inSchool(async (tx) => {
      // Live analyses whose process went away: done once their class is over (a running class is resumed below).
      for (const o of await liveRepo.orphanedLive(tx)) {
        const end = zonedInstant(o.lessonDate, o.endMinute, tz);
        if (end.getTime() > now.getTime()) continue;
        await repo.updateAnalysis(tx, o.analysisId, { status: 'done', finishedAt: now });
        await liveRepo.endWarnings(tx, o.analysisId, end);
      }
      // A room switched off is not analysed live, whatever the mode (a class already running goes on to its end).
      const classes = (await liveRepo.classesInProgress(tx, clock.date, clock.minute)).filter((c) => c.liveAnalysis);
      const live = await liveRepo.liveOfClasses(tx, classes.map((c) => c.courseSessionId));
      const active = new Set(live.filter((l) => l.jobStatus === 'queued' || l.jobStatus === 'running').map((l) => l.courseSessionId));
      // The demo's class: the marked teacher's class in progress first, else the first room's.
      const preferred = marker ? [...classes].sort((a, b) => Number(b.teacherId === marker.teacherId) - Number(a.teacherId === marker.teacherId))[0] : undefined;
      const picks: { cls: liveRepo.LiveClass; source: LiveSourceSpec }[] = [];
      if (mode === 'demo') {
        if (preferred && active.size === 0) picks.push({ cls: preferred, source: { kind: 'demo', plan: marker!.plan, seed: marker!.seed, seats: demoSeats(preferred.studentCount), seconds: marker!.seconds } });
      } else {
        for (const cls of classes) {
          if (active.has(cls.courseSessionId)) continue;
          const demo = marker && cls === preferred;
          picks.push({ cls, source: demo ? { kind: 'demo', plan: marker.plan, seed: marker.seed, seats: demoSeats(cls.studentCount), seconds: marker.seconds } : camera });
        }
      }
      for (const { cls, source } of picks) await queueLive(deps, tx, { schoolId, cls, source });
      return picks.length;
    });
    if (started) deps.jobs.wake();
    return { started };
  };
}

/** Creates (or reopens) the class's live analysis and queues its job; the caller commits, then wakes the queue. */
export async function queueLive(deps: Deps, tx: Tx, input: { schoolId: string; cls: Pick<liveRepo.LiveClass, 'courseSessionId' | 'classroomId'>; source: LiveSourceSpec }): Promise<repo.AnalysisRow> {
  const analysis = await repo.upsertAnalysis(tx, {
    schoolId: input.schoolId,
    courseSessionId: input.cls.courseSessionId,
    classroomId: input.cls.classroomId,
    source: 'live',
    status: 'queued',
    sampleSeconds: deps.config.analysis.sampleSeconds,
    stIntervalSeconds: ANALYSIS_DEFAULTS.stIntervalSeconds,
  });
  const payload: LivePayload = { analysisId: analysis.id, courseSessionId: input.cls.courseSessionId, source: input.source };
  const jobId = await deps.jobs.enqueue(tx, { schoolId: input.schoolId, kind: LIVE_JOB, payload, createdBy: null });
  await repo.updateAnalysis(tx, analysis.id, { jobId });
  return { ...analysis, jobId };
}

// ------------------------------------------------------------------------------------------------ one class

const clocks = new WeakMap<Deps, LiveClock>();

/**
 * The time the live analyses of an app go by: the app's clock waiting with timers, unless a test
 * gives its own (one whose waits take no time runs a class in seconds).
 */
export function useLiveClock(deps: Deps, clock: LiveClock | null): void {
  if (clock) clocks.set(deps, clock);
  else clocks.delete(deps);
}

export function liveJob(deps: Deps): JobHandler {
  return (jc) => runLive(deps, jc, clocks.get(deps) ?? realClock(deps.now));
}

/** The drawn demo lesson of a spec in `dir`: from the school's storage when drawn before, else drawn now and kept there. */
async function demoFiles(deps: Deps, schoolId: string, spec: Extract<LiveSourceSpec, { kind: 'demo' }>, seconds: number, dir: string): Promise<{ student: string; teacher: string }> {
  const base = `schools/${schoolId}/analysis/live-demo/${spec.plan}-${spec.seed}-${spec.seats}-${seconds}`;
  const files = { student: path.join(dir, 'student.mp4'), teacher: path.join(dir, 'teacher.mp4') };
  const [student, teacher] = [await deps.storage.open(`${base}-student.mp4`), await deps.storage.open(`${base}-teacher.mp4`)];
  if (student && teacher) {
    await pipe(student.body, fs.createWriteStream(files.student));
    await pipe(teacher.body, fs.createWriteStream(files.teacher));
    return files;
  }
  student?.body.destroy();
  teacher?.body.destroy();
  // Loaded on first use (the canvas and the voice clips), like the pipeline.
  const { buildDemoLesson } = await import('./demo/demo-lesson.ts');
  const drawn = await buildDemoLesson({ dir: path.join(dir, 'drawn'), seconds, seed: spec.seed, plan: spec.plan, seats: spec.seats });
  await fsp.rename(drawn.studentCamera, files.student);
  await fsp.rename(drawn.teacherCamera, files.teacher);
  await deps.storage.put(`${base}-student.mp4`, fs.createReadStream(files.student), (await fsp.stat(files.student)).size);
  await deps.storage.put(`${base}-teacher.mp4`, fs.createReadStream(files.teacher), (await fsp.stat(files.teacher)).size);
  return files;
}

/** Where ffmpeg reads a room's camera now: the gateway's stream with a play token, or the simulator's newest segment. */
function cameraLocator(deps: Deps, jc: JobContext, analysisId: string, cameras: Record<LiveCameraRole, string | null>) {
  const schoolId = jc.job.schoolId;
  return async (role: LiveCameraRole): Promise<CameraInput | null> => {
    const cameraId = cameras[role];
    const media = liveMedia(deps);
    if (!cameraId || !media) return null;
    const camera = await jc.inSchool((tx) => cameraById(tx, cameraId));
    if (!camera || camera.status === 'offline') return null;
    // The viewer label names the analysis: the gateway's hook admits it on the token alone.
    const quality = media.kind === 'gateway' ? 'main' : 'sub';
    const grant = await grantPlay(deps, { schoolId, viewer: `analysis:${analysisId}`, camera, quality });
    if (media.kind === 'gateway') return { url: grant.url, token: new URL(grant.url).searchParams.get('t') ?? '' };
    const key = streamKey(schoolId, cameraId, quality);
    const playlist = await media.read(key, 'index.m3u8');
    const newest = playlist && 'playlist' in playlist ? playlist.playlist.split('\n').filter((l) => /^s\d+\.ts$/.test(l.trim())).at(-1)?.trim() : undefined;
    const segment = newest ? await media.read(key, newest) : null;
    return segment && 'segment' in segment ? { file: segment.segment } : null;
  };
}

async function runLive(deps: Deps, jc: JobContext, clock: LiveClock): Promise<unknown> {
  const max = deps.config.analysis.live.max;
  const r = runsOf(deps);
  if (r.closing) return { stopped: true };
  // The queue runs at most `max` of the kind here (job-kinds.ts); this holds for any caller.
  if (r.active.size >= max) throw new JobFailure('analysis.liveBusy', { params: { max } });
  const controller = new AbortController();
  let finish!: () => void;
  const run: Run = { controller, done: new Promise<void>((resolve) => (finish = resolve)) };
  r.active.add(run);
  try {
    return await analyseLive(deps, jc, clock, controller.signal);
  } finally {
    r.active.delete(run);
    finish();
  }
}

/** An S-T interval's sound being heard: `collect` gives it once the interval is over. */
type Sound = { from: number; to: number; file: string; collect: () => Promise<LiveSound | null> };

const isAbort = (e: unknown, signal: AbortSignal) => signal.aborted && (e === signal.reason || (e instanceof Error && e.name === 'AbortError'));

async function analyseLive(deps: Deps, jc: JobContext, clock: LiveClock, signal: AbortSignal): Promise<unknown> {
  const { analysisId, source: spec } = jc.job.payload as LivePayload;
  const schoolId = jc.job.schoolId;
  const tz = deps.config.schoolTimezone;
  const loaded = await jc.inSchool(async (tx) => {
    const analysis = await repo.analysisById(tx, analysisId);
    if (!analysis) return null;
    const cls = await liveRepo.liveClass(tx, analysis.courseSessionId);
    const ctx = await repo.classContext(tx, analysis.courseSessionId);
    if (!cls || !ctx) return null;
    const samples = await repo.samplesOf(tx, analysisId);
    const segments = await repo.segmentsOf(tx, analysisId);
    return { analysis, cls, ctx, samples, segments, audience: await audienceOf(tx, cls.classroomId) };
  });
  if (!loaded) throw new JobFailure('common.notFound');
  const { analysis, cls, ctx } = loaded;
  let audience = loaded.audience;
  let audienceAt = clock.now().getTime();
  const span = classSpan(cls, tz);
  const classSeconds = Math.round((span.end.getTime() - span.start.getTime()) / 1000);
  const P = analysis.sampleSeconds;
  const I = analysis.stIntervalSeconds;
  const elapsed = () => (clock.now().getTime() - span.start.getTime()) / 1000;

  const publish = async (fresh: Set<string>) => {
    if (clock.now().getTime() - audienceAt > AUDIENCE_MS) {
      audience = await jc.inSchool((tx) => audienceOf(tx, cls.classroomId));
      audienceAt = clock.now().getTime();
    }
    const { view, raised } = await jc.inSchool(async (tx) => {
      const row = await repo.analysisById(tx, analysisId);
      return { view: row ? await liveView(tx, row, { timeZone: tz, now: clock.now() }) : null, raised: fresh.size ? await liveRepo.raisedWarnings(tx, analysisId) : [] };
    });
    if (view) await publishToRoom(deps, schoolId, audience, { type: 'analysis.live', live: view });
    for (const w of view?.warnings.filter((x) => raised.some((r) => r.id === x.id && r.ruleId !== null && fresh.has(r.ruleId))) ?? []) {
      await publishToRoom(deps, schoolId, audience, { type: 'warning.raised', warning: { ...w, courseSessionId: cls.courseSessionId, classroomId: cls.classroomId, classroomName: cls.classroomName, courseName: cls.courseName } });
    }
  };
  const finishClass = async (figures: LiveFigures | null) => {
    await jc.inSchool(async (tx) => {
      if (figures) await storeResult(tx, { analysis, result: figures.result(classSeconds), startedAt: span.start, classroomId: cls.classroomId, finished: true });
      else await repo.updateAnalysis(tx, analysisId, { status: 'done', startedAt: span.start, finishedAt: clock.now() });
      // Warnings of a live analysis are "in progress" while the class is.
      await liveRepo.endWarnings(tx, analysisId, span.end);
    });
    await publish(new Set());
  };

  if (elapsed() >= classSeconds) {
    await finishClass(null);
    return { analysisId, ended: true };
  }
  const ffmpeg = findFfmpeg(deps.config.live.ffmpegPath);
  if (!ffmpeg) throw new JobFailure('analysis.noFfmpeg');
  await jc.inSchool((tx) => repo.updateAnalysis(tx, analysisId, { status: 'running', startedAt: span.start, errorKey: null }));

  const seatsOfRoom = ctx.capacity ?? null;
  const frontShare = ctx.seatRows && ctx.frontRows ? ctx.frontRows / ctx.seatRows : null;
  const figures = new LiveFigures({
    expectedStudents: ctx.studentCount > 0 ? ctx.studentCount : null,
    frontRowSeats: seatsOfRoom && frontShare ? Math.round(seatsOfRoom * frontShare) : null,
    frontRowLine: frontShare ? 1 - frontShare : 0.6,
    adminPitch: null,
    // Sensitivity 0-100 (50 by default) as in the recording's analysis: 0.7 at 0, 0.2 at 100.
    minScore: 0.7 - ((ctx.sensitivity ?? 50) / 100) * 0.5,
    sampleSeconds: P,
    stIntervalSeconds: I,
  });
  figures.restore(restoreOf(analysis, loaded.samples, loaded.segments));

  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-live-'));
  let source: LiveSource | null = null;
  let audio: AudioThread | null = null;
  let done = 0;
  let sound: Sound | null = null;
  try {
    if (spec.kind === 'demo') {
      const seconds = loopLength(spec.seconds, I);
      const files = await demoFiles(deps, schoolId, spec, seconds, dir);
      source = demoLiveSource({ ffmpeg, clock, classStart: span.start, files, seconds });
    } else {
      source = cameraLiveSource({ ffmpeg, kind: spec.kind, clock, classStart: span.start, locate: cameraLocator(deps, jc, analysisId, { student: cls.studentCameraId, teacher: cls.teacherCameraId }) });
    }
    const vision = await visionPool(deps);
    if (spec.kind !== 'simulator') {
      // The process's voice-activity thread, shared with the recordings' analyses (off the event loop).
      audio = await audioThread(deps);
    }
    const total = Math.ceil(classSeconds / P);
    const hear = async (s: Sound) => {
      const got = await s.collect().catch((e: unknown) => {
        if (signal.aborted) throw e;
        return null;
      });
      if (!got || !audio) return figures.addInterval(s.from, null);
      try {
        const { talk } = await audio.analyze(s.file, { ffmpeg, intervalSeconds: got.seconds, signal });
        figures.addInterval(s.from, talk, s.to - s.from - got.seconds);
      } catch (e) {
        if (signal.aborted) throw e;
        figures.addInterval(s.from, null);
      } finally {
        await fsp.rm(s.file, { force: true });
      }
    };

    const next = (after: number | null, opened: number) => nextMoment({ after, elapsed: elapsed(), periodSeconds: P, intervalSeconds: I, classSeconds, opened });
    let opened = -1;
    for (let moment = next(null, opened); moment; moment = next(moment.t, opened)) {
      const { t, opens: iv } = moment;
      await clock.sleep(span.start.getTime() + t * 1000 - clock.now().getTime(), signal);
      // The interval opening at this moment is heard from now (a live camera takes the interval to hear it).
      if (iv) opened = iv.from;
      const previous: Sound | null = sound;
      if (iv) {
        const file = path.join(dir, `sound-${iv.from}.wav`);
        sound = { ...iv, file, collect: source.listen(iv.from, iv.to, file, signal) };
      }
      if (previous && previous !== sound) await hear(previous);

      const picture = await source.frame('student', t, signal);
      if (picture) {
        let evidenceKey: string | null = null;
        let obs;
        if (t % 60 === 0) {
          // The evidence copy is pixelated in the vision thread, with the faces it found.
          const seen = await vision.analyseAndRedact(picture);
          obs = seen.observation;
          evidenceKey = `schools/${schoolId}/analysis/${analysisId}/${t}.jpg`;
          await deps.storage.put(evidenceKey, seen.redacted, seen.redacted.length);
        } else obs = await vision.analyse(picture);
        figures.addFrame(t, obs, evidenceKey);
      }
      const teacherPicture = await source.frame('teacher', t, signal);
      if (teacherPicture) figures.addTeacherFrame(t, await vision.analyse(teacherPicture));

      const result = figures.result(Math.min(classSeconds, t + P));
      const fresh = await jc.inSchool((tx) => storeResult(tx, { analysis, result, startedAt: span.start, classroomId: cls.classroomId, finished: false }));
      done++;
      await jc.progress(Math.min(t / P + 1, total), total);
      await publish(new Set(fresh.map((w) => w.ruleId)));
    }
    if (sound) await hear(sound);
    await finishClass(figures);
    return { analysisId, samples: done, st: figures.stSequence, audio: figures.audio };
  } catch (e) {
    if (!isAbort(e, signal)) throw e;
    // Closing: keep what was measured; the class resumes from it on the next round.
    if (done > 0) await jc.inSchool((tx) => storeResult(tx, { analysis, result: figures.result(Math.min(classSeconds, Math.max(0, elapsed()))), startedAt: span.start, classroomId: cls.classroomId, finished: false })).catch(() => undefined);
    return { analysisId, samples: done, stopped: true };
  } finally {
    // The sound being heard when the run stopped (aborted): its ffmpeg is gone once this settles.
    if (signal.aborted) await sound?.collect().catch(() => undefined);
    await source?.close().catch(() => undefined);
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** What a resumed live analysis had stored. */
function restoreOf(a: repo.AnalysisRow, samples: Awaited<ReturnType<typeof repo.samplesOf>>, segments: Awaited<ReturnType<typeof repo.segmentsOf>>): LiveRestore {
  const hasTalk = a.teacherTalkSeconds !== null || a.silenceSeconds !== null;
  return {
    samples: samples.filter((s) => s.camera === 'student').map((s) => ({
      t: s.t, faces: s.faces, posed: s.posed, headUp: s.headUp, headDown: s.headDown, turnedAway: s.turnedAway, frontRow: s.frontRow,
      expressions: s.expressions, confidence: s.confidence, evidenceKey: s.evidenceKey,
    })),
    teacherSamples: samples.filter((s) => s.camera === 'teacher').map((s) => ({ t: s.t, faces: s.faces })),
    talkSegments: segments.filter((s) => s.kind !== 'transcript').map((s) => ({ kind: s.kind as 'teacher' | 'student' | 'overlap' | 'unknown', start: s.start, end: s.end })),
    stSequence: a.stSequence,
    talk: hasTalk ? { teacher: a.teacherTalkSeconds ?? 0, student: a.studentTalkSeconds ?? 0, overlap: a.overlapSeconds ?? 0, silence: a.silenceSeconds ?? 0 } : null,
    pitchBaseline: a.pitchBaseline,
    audio: soundOf(a.methods),
  };
}
