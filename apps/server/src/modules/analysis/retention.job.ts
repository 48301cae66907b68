/**
 * AI retention (issue 15, docs/privacy.md "How long"): a daily job in each school deletes the
 * analyses created more than the school's `aiRetentionDays` ago (0 keeps them forever), with what
 * hangs off them in the database (samples, segments, transcript, sensitive-word hits, corrections:
 * cascade) and their evidence frames in the file storage. Warnings they raised stay in the record
 * without their analysis link.
 *
 * Each batch's frames go first and its rows after them: should the storage refuse, the run stops
 * (failed, in the log) with the rows still naming their frames, and the next day's run tries again,
 * so no frame outlives its analysis unnoticed.
 */
import type { Deps } from '../../platform/context.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import * as repo from './retention.repo.ts';

export const RETENTION_JOB = 'analysis.retention';
export const RETENTION_EVERY_SECONDS = 24 * 3600;
/** Analyses per transaction: each has at most a few dozen evidence frames. */
const BATCH = 50;
const DAY_MS = 24 * 3600 * 1000;

export function retentionJob(deps: Deps): JobHandler {
  return async (jc) => {
    const ownFrames = `schools/${jc.job.schoolId}/analysis/`;
    const days = await jc.inSchool(repo.aiRetentionDays);
    let removed = 0;
    let frames = 0;
    if (days > 0) {
      const cutoff = new Date(jc.now().getTime() - days * DAY_MS).toISOString();
      for (;;) {
        const batch = await jc.inSchool((tx) => repo.expiredAnalyses(tx, cutoff, BATCH));
        // Only the school's own analysis frames: a key elsewhere is never this job's to remove.
        for (const key of batch.evidenceKeys.filter((k) => k.startsWith(ownFrames))) {
          await deps.storage.delete(key);
          frames++;
        }
        removed += await jc.inSchool((tx) => repo.deleteAnalyses(tx, batch.ids));
        if (batch.ids.length < BATCH) break;
      }
    }
    // Its own finished runs: a month of them shows that it runs.
    await jc.inSchool((tx) => repo.deleteFinishedJobsBefore(tx, RETENTION_JOB, new Date(jc.now().getTime() - 30 * DAY_MS).toISOString()));
    return { days, removed, frames };
  };
}
