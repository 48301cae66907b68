/**
 * The demo's analysed lessons (issue 15): at first start, a job per chosen ended class draws a
 * 5-minute lesson (a classroom composed from real face photos shipped in an npm package, changing
 * over the lesson; teacher and student speech at known times: demo/demo-lesson.ts), stores it as
 * the class's camera recording, and queues the real analysis of it — the report is measured, not
 * written. Only `npm start` seeds these jobs (ANALYSIS_DEMO=off turns them off); tests do not.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { Deps } from '../../platform/context.ts';
import { JobFailure, type JobHandler } from '../../platform/jobs.ts';
import type { DemoPlanName } from './demo/demo-lesson.ts';
import { queueAnalysis } from './analysis.job.ts';
import * as repo from './analysis.repo.ts';
import { zonedInstant } from '../recordings/recording-windows.ts';

export const DEMO_LESSON_JOB = 'analysis.demoLesson';
export const DEMO_LESSON_SECONDS = 300;

export type DemoLessonPayload = { courseSessionId: string; plan: DemoPlanName; seed: number; seats: number; seconds?: number };

export function demoLessonJob(deps: Deps): JobHandler {
  return async (jc) => {
    const p = jc.job.payload as DemoLessonPayload;
    // Loaded on first use (the canvas and the voice clips), like the pipeline.
    const { DEMO_PLANS, buildDemoLesson } = await import('./demo/demo-lesson.ts');
    if (!DEMO_PLANS.includes(p.plan)) throw new JobFailure('common.notFound');
    const target = await jc.inSchool((tx) => repo.demoLessonTarget(tx, p.courseSessionId));
    if (!target) throw new JobFailure('common.notFound');
    const seconds = p.seconds ?? DEMO_LESSON_SECONDS;
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-demo-lesson-'));
    try {
      await jc.progress(0, 2);
      const lesson = await buildDemoLesson({ dir, seconds, seed: p.seed, plan: p.plan, seats: p.seats });
      const schoolId = jc.job.schoolId;
      const studentKey = `schools/${schoolId}/recordings/demo-${p.courseSessionId}.mp4`;
      const teacherKey = `schools/${schoolId}/analysis/media/${p.courseSessionId}-teacher.mp4`;
      const size = (await fsp.stat(lesson.studentCamera)).size;
      await deps.storage.put(studentKey, fs.createReadStream(lesson.studentCamera), size);
      await deps.storage.put(teacherKey, fs.createReadStream(lesson.teacherCamera), (await fsp.stat(lesson.teacherCamera)).size);
      // The recorder's subtitles of the lesson (what a recorder with speech recognition supplies).
      const subtitlesKey = `schools/${schoolId}/analysis/media/${p.courseSessionId}.vtt`;
      const vtt = await fsp.readFile(lesson.subtitles);
      await deps.storage.put(subtitlesKey, vtt, vtt.length);
      await jc.progress(1, 2);
      // The class's camera recording is the drawn lesson: the report's moments open it.
      await jc.inSchool(async (tx) => {
        await repo.upsertReadyRecording(tx, { schoolId, courseSessionId: p.courseSessionId, classroomId: target.classroomId, cameraId: target.cameraId, startedAt: zonedInstant(target.lessonDate, target.startMinute, deps.config.schoolTimezone), durationSeconds: seconds, storageKey: studentKey, sizeBytes: size });
        await queueAnalysis(deps, tx, { schoolId, courseSessionId: p.courseSessionId, classroomId: target.classroomId, media: { student: studentKey, teacher: teacherKey, subtitles: subtitlesKey }, createdBy: null });
      });
      deps.jobs.wake();
      await jc.progress(2, 2);
      return { courseSessionId: p.courseSessionId, plan: p.plan, truth: {
          mode: lesson.truth.st.mode,
          sequence: lesson.truth.st.sequence,
          // What the analysis should find at each of its samples (every sampleSeconds from 0).
          sampleSeconds: deps.config.analysis.sampleSeconds,
          faces: lesson.truth.facesPerSecond.filter((_, t) => t % deps.config.analysis.sampleSeconds === 0),
          teacherPresent: lesson.truth.teacherPresentPerSecond.filter((_, t) => t % deps.config.analysis.sampleSeconds === 0),
        },
      };
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  };
}
