/** The classifications' SQL, for indicators and questions alike (docs/decisions/0016-repositories.md). */
import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { TClassificationKind } from '@hxk/contracts';
import { classifications, indicators, questions } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';

export type ClassificationRow = typeof classifications.$inferSelect;
export type ClassificationFields = Pick<ClassificationRow, 'name' | 'description' | 'sort'>;

const order = [asc(classifications.sort), asc(classifications.createdAt), asc(classifications.id)];

/** How many indicators or questions are filed under each of the classifications: one grouped query. */
export async function itemCounts(tx: Tx, kind: TClassificationKind, ids: string[]): Promise<{ id: string | null; n: number }[]> {
  const t = kind === 'indicator' ? indicators : questions;
  // index: indicators_classification_idx (school_id, classification_id)
  // index: questions_classification_idx (school_id, classification_id)
  const rows = await tx.select({ id: t.classificationId, n: count() }).from(t).where(inArray(t.classificationId, ids)).groupBy(t.classificationId);
  return rows.map((r) => ({ id: r.id, n: Number(r.n) }));
}

const listWhere = (kind: TClassificationKind, keyword: string | undefined) =>
  and(eq(classifications.kind, kind), keyword ? ilike(classifications.name, containsPattern(keyword)) : undefined);

export async function classificationCount(tx: Tx, kind: TClassificationKind, keyword: string | undefined): Promise<number> {
  // index: classifications_kind_idx (school_id, kind, sort)
  const [row] = await tx.select({ n: count() }).from(classifications).where(listWhere(kind, keyword));
  return Number(row?.n ?? 0);
}

/** A page of the classifications of a kind, in their order, matching the keyword. */
export function classificationsPage(tx: Tx, kind: TClassificationKind, q: { pageNum: number; pageSize: number; keyword?: string | undefined }): Promise<ClassificationRow[]> {
  // index: classifications_kind_idx (school_id, kind, sort)
  return tx.select().from(classifications).where(listWhere(kind, q.keyword)).orderBy(...order).limit(q.pageSize).offset((q.pageNum - 1) * q.pageSize);
}

/** The classification of the kind with this name, whatever its case. */
export async function classificationIdByName(tx: Tx, kind: TClassificationKind, name: string): Promise<string | undefined> {
  // index: classifications_name_uq (school_id, kind, lower(name))
  const [row] = await tx
    .select({ id: classifications.id })
    .from(classifications)
    .where(and(eq(classifications.kind, kind), sql`lower(${classifications.name}) = ${name.toLowerCase()}`));
  return row?.id;
}

/** Changes a classification of the kind: no row when there is none. */
export function updateClassification(tx: Tx, kind: TClassificationKind, id: string, fields: ClassificationFields): Promise<ClassificationRow[]> {
  return tx.update(classifications).set(fields).where(and(eq(classifications.id, id), eq(classifications.kind, kind))).returning();
}

export function insertClassification(tx: Tx, schoolId: string, kind: TClassificationKind, fields: ClassificationFields): Promise<ClassificationRow[]> {
  return tx.insert(classifications).values({ schoolId, kind, ...fields }).returning();
}

/** How many of the ids are classifications of the kind. */
export async function classificationsFound(tx: Tx, kind: TClassificationKind, ids: string[]): Promise<number> {
  const rows = await tx.select({ id: classifications.id }).from(classifications).where(and(eq(classifications.kind, kind), inArray(classifications.id, ids)));
  return rows.length;
}

/** Files the indicators or questions of these classifications under none. */
export async function clearClassifications(tx: Tx, kind: TClassificationKind, ids: string[]): Promise<void> {
  if (kind === 'indicator') await tx.update(indicators).set({ classificationId: null }).where(inArray(indicators.classificationId, ids));
  else await tx.update(questions).set({ classificationId: null }).where(inArray(questions.classificationId, ids));
}

export async function deleteClassifications(tx: Tx, ids: string[]): Promise<void> {
  await tx.delete(classifications).where(inArray(classifications.id, ids));
}

/** The classifications of a kind as options, in their order (at most 500). */
export function classificationOptions(tx: Tx, kind: TClassificationKind) {
  // index: classifications_kind_idx (school_id, kind, sort)
  return tx.select({ classificationId: classifications.id, name: classifications.name }).from(classifications).where(eq(classifications.kind, kind)).orderBy(...order).limit(500);
}

export async function classificationExists(tx: Tx, kind: TClassificationKind, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: classifications.id }).from(classifications).where(and(eq(classifications.id, id), eq(classifications.kind, kind)));
  return !!row;
}

/** The names of the classifications among the ids. */
export function classificationNames(tx: Tx, ids: string[]) {
  // index: classifications_school_id_id_pk (school_id, id)
  return tx.select({ id: classifications.id, name: classifications.name }).from(classifications).where(inArray(classifications.id, ids));
}
