/**
 * The analysis job (issue 15): analyses one class from its stored media and stores the report.
 * It runs on the job queue (platform/jobs.ts), in whichever server or worker process claims it;
 * vision runs in that process's worker threads (one shared pool per process), voice activity in
 * its own worker thread (audio/audio-thread.ts), decoding in ffmpeg processes — the event loop only
 * moves data. Both threads run at ANALYSIS_NICE, so the API's requests come first.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline as pipe } from 'node:stream/promises';
import { ANALYSIS_DEFAULTS } from '@hxk/contracts';
import { findFfmpeg } from '../../platform/adapters/camera-simulator.ts';
import { schoolTranscriber } from './transcription-settings.ts';
import type { Deps } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { JobFailure, type JobHandler } from '../../platform/jobs.ts';
import * as repo from './analysis.repo.ts';
import { storeResult } from './analysis.service.ts';
import { createVisionPool, type VisionPool } from './vision/vision-pool.ts';
import { startAudioThread, type AudioThread } from './audio/audio-thread.ts';

export const ANALYSE_JOB = 'analysis.class';

/** Storage keys of the class's media: the student camera's recording (with the lesson's sound), the teacher camera's, the recorder's subtitles. */
export type AnalysePayload = { analysisId: string; media: { student: string | null; teacher: string | null; subtitles?: string | null } };

const pools = new WeakMap<Deps, Promise<VisionPool>>();

/** The process's vision threads, started on first use and stopped with the app. */
export function visionPool(deps: Deps): Promise<VisionPool> {
  let pool = pools.get(deps);
  if (!pool) {
    pool = createVisionPool({ size: deps.config.analysis.visionThreads, nice: deps.config.analysis.nice });
    pools.set(deps, pool);
    // A failed start is not kept: the next job tries again.
    pool.catch(() => pools.delete(deps));
  }
  return pool;
}

const audioThreads = new WeakMap<Deps, Promise<AudioThread>>();

/** The process's voice-activity thread (audio/audio-thread.ts), started on first use and stopped with the app. */
export function audioThread(deps: Deps): Promise<AudioThread> {
  let thread = audioThreads.get(deps);
  if (!thread) {
    thread = startAudioThread({ nice: deps.config.analysis.nice });
    audioThreads.set(deps, thread);
    thread.catch(() => audioThreads.delete(deps));
  }
  return thread;
}

/** Stops the process's analysis threads (vision and voice activity). */
export async function closeAnalysisThreads(deps: Deps): Promise<void> {
  const pool = pools.get(deps);
  pools.delete(deps);
  const audio = audioThreads.get(deps);
  audioThreads.delete(deps);
  await Promise.all([pool?.catch(() => null).then((p) => p?.close()), audio?.catch(() => null).then((a) => a?.close())]);
}

/**
 * Queues the analysis of a class from stored media (creating or resetting its analysis row). The
 * caller commits, then wakes the queue.
 */
export async function queueAnalysis(deps: Deps, tx: Tx, input: { schoolId: string; courseSessionId: string; classroomId: string | null; media: AnalysePayload['media']; createdBy: string | null }): Promise<repo.AnalysisRow> {
  const analysis = await repo.upsertAnalysis(tx, {
    schoolId: input.schoolId,
    courseSessionId: input.courseSessionId,
    classroomId: input.classroomId,
    source: 'recording',
    status: 'queued',
    sampleSeconds: deps.config.analysis.sampleSeconds,
    stIntervalSeconds: ANALYSIS_DEFAULTS.stIntervalSeconds,
  });
  const payload: AnalysePayload = { analysisId: analysis.id, media: input.media };
  const jobId = await deps.jobs.enqueue(tx, { schoolId: input.schoolId, kind: ANALYSE_JOB, payload, createdBy: input.createdBy });
  await repo.updateAnalysis(tx, analysis.id, { jobId });
  return { ...analysis, jobId };
}

async function fetchMedia(deps: Deps, key: string, dir: string, name: string): Promise<string> {
  const obj = await deps.storage.open(key);
  if (!obj) throw new JobFailure('common.notFound');
  const file = path.join(dir, name);
  await pipe(obj.body, fs.createWriteStream(file));
  return file;
}

export function analyseJob(deps: Deps): JobHandler {
  return async (jc) => {
    const { analysisId, media } = jc.job.payload as AnalysePayload;
    // Loaded on first use: a server that never analyses (and every test that builds the app) should
    // not load it. onnxruntime and the canvas load in the analysis threads only.
    const { analyseLesson } = await import('./pipeline.ts');
    const loaded = await jc.inSchool(async (tx) => {
      const analysis = await repo.analysisById(tx, analysisId);
      if (!analysis) return null;
      const cls = await repo.classContext(tx, analysis.courseSessionId);
      const lexicon = await repo.allSensitiveWords(tx);
      const transcriber = await schoolTranscriber(deps, tx);
      await repo.updateAnalysis(tx, analysisId, { status: 'running', errorKey: null });
      return cls ? { analysis, cls, lexicon, transcriber } : null;
    });
    if (!loaded) throw new JobFailure('common.notFound');
    const { analysis, cls, lexicon, transcriber } = loaded;
    const ffmpeg = findFfmpeg(deps.config.live.ffmpegPath);
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-analysis-'));
    try {
      if (!ffmpeg) throw new JobFailure('analysis.noFfmpeg');
      const student = media.student ? await fetchMedia(deps, media.student, dir, 'student.mp4') : null;
      const teacher = media.teacher ? await fetchMedia(deps, media.teacher, dir, 'teacher.mp4') : null;
      const subtitles = media.subtitles ? await fetchMedia(deps, media.subtitles, dir, 'subtitles.txt') : null;
      const seats = cls.capacity ?? null;
      const frontShare = cls.seatRows && cls.frontRows ? cls.frontRows / cls.seatRows : null;
      const result = await analyseLesson(
        { studentVideo: student, teacherVideo: teacher, audio: student, subtitles },
        {
          ffmpeg,
          vision: await visionPool(deps),
          audio: await audioThread(deps),
          sampleSeconds: analysis.sampleSeconds,
          stIntervalSeconds: analysis.stIntervalSeconds,
          expectedStudents: cls.studentCount > 0 ? cls.studentCount : null,
          // Front-row seats: the room's seats in its front rows; the camera faces the class, so the
          // front rows are the bottom share of the picture.
          frontRowSeats: seats && frontShare ? Math.round(seats * frontShare) : null,
          frontRowLine: frontShare ? 1 - frontShare : 0.6,
          adminPitch: null,
          // Sensitivity 0-100 (50 by default) moves the face score a detection needs: 0.7 at 0, 0.2 at 100.
          minScore: 0.7 - ((cls.sensitivity ?? 50) / 100) * 0.5,
          transcriber,
          lexicon: lexicon.map((w) => ({ word: w.word, category: w.category, severity: w.severity })),
          keepEvidence: async (t, jpeg) => {
            const key = `schools/${jc.job.schoolId}/analysis/${analysisId}/${t}.jpg`;
            await deps.storage.put(key, jpeg, jpeg.length);
            return key;
          },
          onProgress: (done, total) => jc.progress(done, total),
        },
      );
      const started = await jc.inSchool((tx) => repo.recordingStart(tx, analysis.courseSessionId));
      const raised = await jc.inSchool((tx) => storeResult(tx, { analysis, result, startedAt: started ?? analysis.createdAt, classroomId: cls.classroomId, finished: true }));
      return { analysisId, samples: result.samples.length, warnings: raised.length };
    } catch (e) {
      const key = e instanceof JobFailure ? e.key : 'job.failed';
      await jc.inSchool((tx) => repo.updateAnalysis(tx, analysisId, { status: 'failed', errorKey: key }));
      throw e;
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  };
}
