/**
 * Every kind of background job, with how many one process runs at once and whether it is heavy
 * (docs/decisions/0021-job-fairness-and-worker.md). The server and the worker process register the
 * same list (core.ts); JOBS_RUN then decides which of them a process claims.
 */
import type { Deps } from './platform/context.ts';
import * as files from './modules/files/files.service.ts';
import * as imports from './modules/imports/imports.service.ts';
import * as recordings from './modules/recordings/recordings.service.ts';
import * as gatewayRecordings from './modules/recordings/gateway-recordings.ts';
import { ANALYSE_JOB, analyseJob } from './modules/analysis/analysis.job.ts';
import { DEMO_LESSON_JOB, demoLessonJob } from './modules/analysis/demo-analyses.ts';
import { RETENTION_EVERY_SECONDS, RETENTION_JOB, retentionJob } from './modules/analysis/retention.job.ts';
import { LIVE_JOB, LIVE_ROUND_JOB, LIVE_ROUND_SECONDS, liveJob, liveRoundJob } from './modules/analysis/live.job.ts';
import * as lessonPlans from './modules/lesson-plans/lesson-plans.jobs.ts';
import * as statsExports from './modules/statistics/exports.service.ts';

export function registerJobKinds(deps: Deps): void {
  const { jobs, config } = deps;
  // Light kinds: seconds of work, mostly waiting on the database, the storage or an ffmpeg process.
  // A person waits for an import's check, so two run side by side; its run holds one long
  // transaction (on PGlite, the one connection), so one at a time.
  jobs.register(imports.JOB_CHECK, imports.checkJob(deps), { concurrency: 2 });
  jobs.register(imports.JOB_RUN, imports.runJob(deps));
  jobs.register(recordings.PREPARE_JOB, recordings.prepareJob(deps));
  // Uploads nobody attached are removed a day after (docs/decisions/0012): checked every hour.
  jobs.register(files.SWEEP_JOB, files.sweepJob(deps));
  jobs.every(files.SWEEP_JOB, 3600);
  // The gateway records classes only with its playback server configured (docs/decisions/0017).
  if (config.live.gateway?.playback) {
    jobs.register(gatewayRecordings.WINDOWS_JOB, gatewayRecordings.windowsJob(deps));
    jobs.every(gatewayRecordings.WINDOWS_JOB, gatewayRecordings.WINDOWS_EVERY_SECONDS);
  }
  // Analyses and evidence past the school's AI retention go, once a day (docs/privacy.md).
  jobs.register(RETENTION_JOB, retentionJob(deps));
  jobs.every(RETENTION_JOB, RETENTION_EVERY_SECONDS);
  // Lesson plans (docs/decisions/0025): Office files converted to PDF previews by LibreOffice, one
  // at a time (a conversion is a process of its own, time-limited); files past a year's retention go daily.
  jobs.register(lessonPlans.PREVIEW_JOB, lessonPlans.previewJob(deps));
  jobs.register(lessonPlans.RETENTION_JOB, lessonPlans.retentionJob(deps));
  jobs.every(lessonPlans.RETENTION_JOB, lessonPlans.RETENTION_EVERY_SECONDS);
  // Statistics exports (docs/decisions/0032): a person waits for one, so two run side by side; each
  // reads in short transactions and writes its workbook to a file. Their files go a day after, hourly.
  jobs.register(statsExports.EXPORT_JOB, statsExports.exportJob(deps), { concurrency: 2 });
  jobs.register(statsExports.EXPORT_SWEEP_JOB, statsExports.exportSweepJob(deps));
  jobs.every(statsExports.EXPORT_SWEEP_JOB, statsExports.EXPORT_SWEEP_EVERY_SECONDS);

  // Heavy kinds: minutes of CPU each (decoding, vision threads, voice activity; drawing a demo
  // lesson). One analysis keeps about two cores busy, so a 2-core process runs one at a time
  // (ANALYSIS_CONCURRENCY) and its other slots stay free for the light kinds.
  jobs.register(ANALYSE_JOB, analyseJob(deps), { concurrency: config.analysis.concurrency, heavy: true });
  jobs.register(DEMO_LESSON_JOB, demoLessonJob(deps), { heavy: true });

  // Live analysis of classes in progress (docs/decisions/0022): a round each minute in each school
  // starts them (ANALYSIS_LIVE; `demo` only where the demo is seeded); each runs for its class's
  // length, in slots of its own (ANALYSIS_LIVE_MAX per process), so it never holds up the other kinds.
  jobs.register(LIVE_ROUND_JOB, liveRoundJob(deps));
  const live = config.analysis.live.mode;
  if (live === 'on' || (live === 'demo' && config.seedDemo)) jobs.every(LIVE_ROUND_JOB, LIVE_ROUND_SECONDS);
  jobs.register(LIVE_JOB, liveJob(deps), { concurrency: config.analysis.live.max, heavy: true });
}
