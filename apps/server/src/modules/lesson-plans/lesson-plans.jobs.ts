/**
 * The lesson plans' jobs (docs/decisions/0025-lesson-plans.md): converting an Office file to a PDF
 * preview, and the daily retention run that removes files kept longer than the school's setting.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Deps } from '../../platform/context.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import { extensionOf } from '../files/file-types.ts';
import { convertToPdf, findSoffice, toTempFile } from './preview.ts';
import { PREVIEW_JOB } from './lesson-plans.service.ts';
import * as repo from './lesson-plans.repo.ts';

export { PREVIEW_JOB };
export const RETENTION_JOB = 'lessonPlans.retention';
export const RETENTION_EVERY_SECONDS = 24 * 3600;
const DAY_MS = 24 * 3600 * 1000;
const BATCH = 200;

/** Converts one plan file to a PDF preview, or records why there is none. */
export function previewJob(deps: Deps): JobHandler {
  return async (jc) => {
    const { rowId } = jc.job.payload as { rowId: string };
    const src = await jc.inSchool((tx) => repo.previewSource(tx, rowId));
    if (!src || src.preview !== 'pending' || !src.storageKey) return { skipped: true };
    const soffice = findSoffice(deps.config.lessonPlans.soffice);
    if (!soffice) {
      await jc.inSchool((tx) => repo.setPreview(tx, rowId, 'noConverter', null));
      return { preview: 'noConverter' };
    }
    if (src.size > deps.config.lessonPlans.previewMaxBytes) {
      await jc.inSchool((tx) => repo.setPreview(tx, rowId, 'tooLarge', null));
      return { preview: 'tooLarge' };
    }
    const obj = await deps.storage.open(src.storageKey);
    if (!obj) {
      await jc.inSchool((tx) => repo.setPreview(tx, rowId, 'failed', null));
      return { preview: 'failed' };
    }
    // The file's own name may hold anything: LibreOffice sees a fixed name with the real extension.
    const { dir, file } = await toTempFile(obj.body, `plan.${extensionOf(src.name) || 'bin'}`);
    try {
      const result = await convertToPdf(soffice, file, dir, deps.config.lessonPlans.previewTimeoutMs);
      if (!result.ok) {
        deps.log.warn({ rowId, reason: result.reason }, 'lessonPlans.preview: conversion failed');
        await jc.inSchool((tx) => repo.setPreview(tx, rowId, 'failed', null));
        return { preview: 'failed', reason: result.reason };
      }
      const key = `schools/${jc.job.schoolId}/lesson-plan-previews/${crypto.randomBytes(16).toString('hex')}.pdf`;
      const { size } = await fsp.stat(result.pdf);
      await deps.storage.put(key, fs.createReadStream(result.pdf), size);
      await jc.inSchool((tx) => repo.setPreview(tx, rowId, 'ready', key));
      return { preview: 'ready', size };
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  };
}

/**
 * Once a day in each school: with a retention of one year, the plan files uploaded more than a year
 * ago lose their content (uploaded file and preview); the plan keeps their name, size and type and
 * lists them as removed by retention. Objects go after their rows: a storage failure leaves an orphan
 * object (wasted space), never a row that names a missing object.
 */
export function retentionJob(deps: Deps): JobHandler {
  return async (jc) => {
    const { retention } = await jc.inSchool(repo.planSettings);
    let removed = 0;
    if (retention === '1y') {
      const cut = new Date(jc.now());
      cut.setUTCFullYear(cut.getUTCFullYear() - 1);
      for (;;) {
        const batch = await jc.inSchool((tx) => repo.expiringFiles(tx, cut.toISOString(), BATCH));
        await jc.inSchool((tx) => repo.expire(tx, batch, jc.now()));
        for (const key of batch.flatMap((b) => [b.storageKey, b.previewKey]).filter((k): k is string => !!k)) {
          await deps.storage.delete(key).catch((err: unknown) => deps.log.warn({ err, key }, 'lessonPlans.retention: a stored object could not be removed'));
        }
        removed += batch.length;
        if (batch.length < BATCH) break;
      }
    }
    await jc.inSchool((tx) => repo.deleteFinishedJobsBefore(tx, RETENTION_JOB, new Date(jc.now().getTime() - 30 * DAY_MS).toISOString()));
    return { retention, removed };
  };
}
