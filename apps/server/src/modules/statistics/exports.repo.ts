/**
 * The statistics exports' SQL: their rows in the job queue (docs/decisions/0032-statistics-exports.md).
 * An export is a job of kind EXPORT_JOB; its payload names the view and the query, its result the
 * stored file. Row-level security keeps every read inside the caller's school; the owner check
 * (created_by) keeps it to the person who started it.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db.ts';
import { col, queryRow, queryRows } from '../../platform/sql-rows.ts';

const ExportJob = z.object({
  id: col.text, status: col.oneOf(['queued', 'running', 'done', 'failed']), payload: z.unknown(), result: z.unknown(), progress: col.int, total: col.int,
  errorKey: col.textOrNull, createdAt: col.ts, finishedAt: col.tsOrNull,
});

/** An export job of the school started by `ownerId`, or nothing. */
export function exportJob(tx: Tx, kind: string, jobId: string, ownerId: string) {
  // index: jobs_school_id_id_pk (school_id, id)
  return queryRow(tx, ExportJob, sql`
    select id::text, status, payload, result, progress, total, error_key as "errorKey", created_at as "createdAt", finished_at as "finishedAt"
    from jobs where id = ${jobId} and kind = ${kind} and created_by = ${ownerId}`);
}

/** The person's exports still queued or running. */
export async function activeExports(tx: Tx, kind: string, ownerId: string): Promise<number> {
  // index: jobs_owner_idx (school_id, created_by, created_at)
  const row = await queryRow(tx, z.object({ n: col.int }), sql`
    select count(*)::int as n from jobs where created_by = ${ownerId} and kind = ${kind} and status in ('queued', 'running')`);
  return row?.n ?? 0;
}

/**
 * Takes the stored file off done exports finished before `cutoff` (at most `limit`), marking them
 * expired; returns the files' storage keys, to remove after the commit.
 */
export async function expireBefore(tx: Tx, kind: string, cutoff: string, limit: number): Promise<string[]> {
  const rows = await queryRows(tx, z.object({ key: col.text }), sql`
    with x as (
      select school_id, id, result->>'fileKey' as key from jobs
      where kind = ${kind} and status = 'done' and finished_at < ${cutoff}::timestamptz and result->>'fileKey' is not null
      limit ${limit} for update skip locked)
    update jobs j set result = (j.result - 'fileKey') || '{"expired": true}'::jsonb
    from x where j.school_id = x.school_id and j.id = x.id
    returning x.key`);
  return rows.map((r) => r.key);
}
