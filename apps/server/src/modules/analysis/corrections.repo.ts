/**
 * People's corrections of AI figures: their SQL (docs/decisions/0016-repositories.md). Corrections
 * are kept, never overwritten: a person's latest correction of a measure is the one that counts
 * (`distinct on ... order by created_at desc, id desc`), the earlier ones stay as the record.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CORRECTED_MEASURES } from '@hxk/contracts';
import { analysisCorrections } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { col, queryRows } from '../../platform/sql-rows.ts';

export type NewCorrection = typeof analysisCorrections.$inferInsert;

export async function insertCorrection(tx: Tx, row: NewCorrection): Promise<{ id: string; createdAt: Date }> {
  return (await tx.insert(analysisCorrections).values(row).returning({ id: analysisCorrections.id, createdAt: analysisCorrections.createdAt }))[0]!;
}

const CurrentCorrection = z.object({
  id: col.text,
  measure: col.oneOf(CORRECTED_MEASURES),
  stSequence: col.textOrNull,
  present: col.intOrNull,
  accountId: col.textOrNull,
  byName: col.textOrNull,
  createdAt: col.ts,
});
export type CurrentCorrection = z.output<typeof CurrentCorrection>;

/** Each person's latest correction of each measure of an analysis, oldest first. */
export function currentCorrections(tx: Tx, analysisId: string): Promise<CurrentCorrection[]> {
  // index: analysis_corrections_analysis_idx (school_id, analysis_id, created_at)
  return queryRows(tx, CurrentCorrection, sql`
    select * from (
      select distinct on (c.measure, c.account_id)
        c.id::text as id, c.measure, c.st_sequence as "stSequence", c.present, c.account_id::text as "accountId",
        a.name as "byName", c.created_at as "createdAt"
      from analysis_corrections c
      left join accounts a on a.id = c.account_id
      where c.analysis_id = ${analysisId}
      order by c.measure, c.account_id, c.created_at desc, c.id desc
    ) latest
    order by "createdAt", id`);
}

const ComparedCorrection = z.object({
  analysisId: col.text,
  measure: col.oneOf(CORRECTED_MEASURES),
  stSequence: col.textOrNull,
  present: col.intOrNull,
  aiSequence: col.textOrNull,
  aiMode: col.textOrNull,
  aiPresent: col.numOrNull,
});
export type ComparedCorrection = z.output<typeof ComparedCorrection>;

/**
 * The school's current corrections (each person's latest per class and measure) beside the AI's
 * figures, for finished analyses of classes held between `from` and `to` (inclusive, either open).
 */
export function comparedCorrections(tx: Tx, range: { from?: string | undefined; to?: string | undefined }): Promise<ComparedCorrection[]> {
  const from = range.from ? sql`and cs.lesson_date >= ${range.from}::date` : sql``;
  const to = range.to ? sql`and cs.lesson_date <= ${range.to}::date` : sql``;
  // A school-wide statistic over its corrections (few: people correct a sample of classes), joined
  // to their analyses and classes by primary key.
  return queryRows(tx, ComparedCorrection, sql`
    select distinct on (c.analysis_id, c.measure, c.account_id)
      c.analysis_id::text as "analysisId", c.measure, c.st_sequence as "stSequence", c.present,
      an.st_sequence as "aiSequence", an.mode as "aiMode", an.present_avg as "aiPresent"
    from analysis_corrections c
    join class_analyses an on an.school_id = c.school_id and an.id = c.analysis_id
    join course_sessions cs on cs.school_id = an.school_id and cs.id = an.course_session_id
    where an.status = 'done' ${from} ${to}
    order by c.analysis_id, c.measure, c.account_id, c.created_at desc, c.id desc`);
}
