/** The AI-retention job's SQL (retention.job.ts): the school's setting, its expired analyses, their removal. */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AI_RETENTION_DAYS_DEFAULT } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { col, idList, queryRows } from '../../platform/sql-rows.ts';

/** The school's aiRetentionDays (its settings row, under row-level security), or the default without one. */
export async function aiRetentionDays(tx: Tx): Promise<number> {
  const rows = await queryRows(tx, z.object({ days: col.int }), sql`select ai_retention_days as days from school_settings`);
  return rows[0]?.days ?? AI_RETENTION_DAYS_DEFAULT;
}

/**
 * Up to `limit` of the school's finished analyses created before `cutoff` (ISO), oldest first, with
 * the storage keys of their evidence frames. Queued and running ones are left to their job.
 */
export async function expiredAnalyses(tx: Tx, cutoff: string, limit: number): Promise<{ ids: string[]; evidenceKeys: string[] }> {
  // index: class_analyses_created_idx (school_id, created_at)
  const ids = (await queryRows(tx, z.object({ id: col.text }), sql`
    select id::text as id from class_analyses
    where created_at < ${cutoff}::timestamptz and status not in ('queued', 'running')
    order by created_at, id limit ${limit}`)).map((r) => r.id);
  if (!ids.length) return { ids, evidenceKeys: [] };
  // index: class_analysis_samples_school_id_analysis_id_camera_t_pk (school_id from row-level security, analysis_id)
  const keys = await queryRows(tx, z.object({ key: col.text }), sql`
    select evidence_key as key from class_analysis_samples where analysis_id in (${idList(ids)}) and evidence_key is not null`);
  return { ids, evidenceKeys: keys.map((k) => k.key) };
}

/**
 * Deletes analyses: their samples, segments, hits and corrections go with them (cascade); warnings
 * they raised stay and lose the link (warnings_analysis_fk sets analysis_id to null). Returns how many.
 */
export async function deleteAnalyses(tx: Tx, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await queryRows(tx, z.object({ id: col.text }), sql`delete from class_analyses where id in (${idList(ids)}) returning id::text as id`);
  return rows.length;
}

/** Deletes the records of a job kind's finished runs older than `cutoff` (ISO). */
export async function deleteFinishedJobsBefore(tx: Tx, kind: string, cutoff: string): Promise<void> {
  await tx.execute(sql`delete from jobs where kind = ${kind} and status in ('done', 'failed') and finished_at < ${cutoff}::timestamptz`);
}
