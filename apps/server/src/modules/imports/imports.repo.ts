/**
 * The import jobs' SQL (their rows in the job queue), the school's default password and its
 * organisation units (docs/decisions/0016-repositories.md). The kinds' own SQL is in
 * people.repo.ts, courses.repo.ts and classrooms.repo.ts.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ERRORS, type ErrorKey } from '@hxk/contracts';
import { z } from 'zod';
import { jobs, orgUnits, schoolSettings } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import type { RowError } from './rules.ts';

export type JobRecord = typeof jobs.$inferSelect;
/** The counts an import job stores in its result. */
export type ResultCounts = { rows: number; created: number; updated: number; errors: number; sessions?: number; invited?: number };

/** A stored error key (written from an ErrorKey by the job queue). */
const ZErrorKey = z.custom<ErrorKey>((v) => typeof v === 'string' && Object.hasOwn(ERRORS, v));

/** An import job of that kind (one of `jobKinds`, its payload's kind `kind`), optionally locked. */
export async function importJob(tx: Tx, jobKinds: string[], kind: string, jobId: string, lock: boolean): Promise<JobRecord | undefined> {
  // index: jobs_school_id_id_pk (school_id, id)
  const q = tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), inArray(jobs.kind, jobKinds), sql`${jobs.payload}->>'kind' = ${kind}`));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** A job of `runKind` started from that check job and not failed, if any. */
export async function runOfCheck(tx: Tx, runKind: string, checkJobId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, runKind), sql`${jobs.payload}->>'checkJobId' = ${checkJobId}`, sql`${jobs.status} <> 'failed'`));
  return row?.id;
}

/** An import job with its counts and one page of its stored row errors (the screen polls this). */
export async function importJobPage(tx: Tx, jobKinds: string[], kind: string, jobId: string, page: { offset: number; pageSize: number }) {
  const { offset, pageSize } = page;
  // index: jobs_school_id_id_pk (school_id, id)
  const [job] = await tx
    .select({
      id: jobs.id, kind: jobs.kind, status: jobs.status, progress: jobs.progress, total: jobs.total, errorKey: jobs.errorKey, createdAt: jobs.createdAt, finishedAt: jobs.finishedAt,
      counts: sql<Partial<ResultCounts> | null>`${jobs.result}->'counts'`,
      params: sql<Record<string, string | number> | null>`${jobs.result}->'params'`,
      errorTotal: sql<number>`coalesce(jsonb_array_length(${jobs.result}->'errors'), 0)::int`,
      errorPage: sql<RowError[]>`(select coalesce(jsonb_agg(x.e order by x.i), '[]'::jsonb) from jsonb_array_elements(coalesce(${jobs.result}->'errors', '[]'::jsonb)) with ordinality as x(e, i) where x.i > ${offset} and x.i <= ${offset + pageSize})`,
    })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), inArray(jobs.kind, jobKinds), sql`${jobs.payload}->>'kind' = ${kind}`));
  return job && { ...job, errorKey: ZErrorKey.nullable().parse(job.errorKey) };
}

/** The school's own default password for new accounts, if it set one. */
export async function schoolDefaultPassword(tx: Tx, schoolId: string): Promise<string | null | undefined> {
  const [s] = await tx.select({ pwd: schoolSettings.defaultResetPassword }).from(schoolSettings).where(eq(schoolSettings.schoolId, schoolId));
  return s?.pwd;
}

/** Every organisation unit of the transaction's school (row-level security). */
export function orgUnitsOfSchool(tx: Tx) {
  return tx.select({ id: orgUnits.id, parentId: orgUnits.parentId, name: orgUnits.name, kind: orgUnits.kind }).from(orgUnits);
}
