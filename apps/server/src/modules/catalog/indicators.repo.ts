/** The indicators' SQL: first-level indicators and their second-level children (docs/decisions/0016-repositories.md). */
import { and, asc, count, eq, exists, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { classifications, indicators } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';

export type IndicatorRow = typeof indicators.$inferSelect;
export type IndicatorInsert = typeof indicators.$inferInsert;
export type FirstIndicatorFields = Pick<IndicatorRow, 'name' | 'classificationId' | 'description' | 'sort' | 'enabled'>;
export type ChildFields = Pick<IndicatorRow, 'name' | 'description' | 'sort'>;
export type IndicatorFilter = { keyword?: string | undefined; classificationId?: string | undefined; enabled?: boolean | undefined };

const order = [asc(indicators.sort), asc(indicators.createdAt), asc(indicators.id)];

/** The first-level indicators among the ids. */
export function firstIndicatorsByIds(tx: Tx, ids: string[]): Promise<IndicatorRow[]> {
  // index: indicators_school_id_id_pk (school_id, id)
  return tx.select().from(indicators).where(and(inArray(indicators.id, ids), isNull(indicators.parentId)));
}

/** The children of these indicators, in their order. */
export function childrenOf(tx: Tx, parentIds: string[]): Promise<IndicatorRow[]> {
  // index: indicators_parent_idx (school_id, parent_id, sort)
  return tx.select().from(indicators).where(inArray(indicators.parentId, parentIds)).orderBy(...order);
}

/** First-level indicators matching the keyword (theirs or a child's name), classification and state. */
function listWhere(tx: Tx, q: IndicatorFilter) {
  const child = alias(indicators, 'child');
  const filters: SQL[] = [isNull(indicators.parentId)];
  if (q.keyword) {
    const pattern = containsPattern(q.keyword);
    filters.push(or(
      ilike(indicators.name, pattern),
      exists(tx.select({ one: sql`1` }).from(child).where(and(eq(child.schoolId, indicators.schoolId), eq(child.parentId, indicators.id), ilike(child.name, pattern)))),
    )!);
  }
  if (q.classificationId) filters.push(eq(indicators.classificationId, q.classificationId));
  if (q.enabled !== undefined) filters.push(eq(indicators.enabled, q.enabled));
  return and(...filters);
}

export async function indicatorCount(tx: Tx, q: IndicatorFilter): Promise<number> {
  // index: indicators_parent_idx (school_id, parent_id, sort)
  const [row] = await tx.select({ n: count() }).from(indicators).where(listWhere(tx, q));
  return Number(row?.n ?? 0);
}

/** The ids of a page of first-level indicators, in their order. */
export async function indicatorIdsPage(tx: Tx, q: IndicatorFilter & { pageNum: number; pageSize: number }): Promise<string[]> {
  // index: indicators_parent_idx (school_id, parent_id, sort)
  const rows = await tx.select({ id: indicators.id }).from(indicators).where(listWhere(tx, q)).orderBy(...order).limit(q.pageSize).offset((q.pageNum - 1) * q.pageSize);
  return rows.map((r) => r.id);
}

/** The first-level indicator with this name, whatever its case. */
export async function firstIndicatorIdByName(tx: Tx, name: string): Promise<string | undefined> {
  // index: indicators_first_name_uq (school_id, lower(name)) where parent_id is null
  const [row] = await tx
    .select({ id: indicators.id })
    .from(indicators)
    .where(and(isNull(indicators.parentId), sql`lower(${indicators.name}) = ${name.toLowerCase()}`));
  return row?.id;
}

/** Changes a first-level indicator; false when there is none with that id. */
export async function updateFirstIndicator(tx: Tx, id: string, fields: FirstIndicatorFields): Promise<boolean> {
  const rows = await tx.update(indicators).set(fields).where(and(eq(indicators.id, id), isNull(indicators.parentId))).returning({ id: indicators.id });
  return rows.length > 0;
}

export async function insertFirstIndicator(tx: Tx, schoolId: string, createdBy: string, fields: FirstIndicatorFields): Promise<string> {
  const [row] = await tx.insert(indicators).values({ schoolId, level: 1, createdBy, ...fields }).returning({ id: indicators.id });
  return row!.id;
}

/** The ids of one indicator's children. */
export async function childIds(tx: Tx, parentId: string): Promise<string[]> {
  // index: indicators_parent_idx (school_id, parent_id, sort)
  const rows = await tx.select({ id: indicators.id }).from(indicators).where(eq(indicators.parentId, parentId));
  return rows.map((r) => r.id);
}

/** The ids of the children of several indicators. */
export async function childIdsOfMany(tx: Tx, parentIds: string[]): Promise<string[]> {
  // index: indicators_parent_idx (school_id, parent_id, sort)
  const rows = await tx.select({ id: indicators.id }).from(indicators).where(inArray(indicators.parentId, parentIds));
  return rows.map((r) => r.id);
}

/** Deletes the indicators (children of a first-level one cascade). */
export async function deleteIndicators(tx: Tx, ids: string[]): Promise<void> {
  await tx.delete(indicators).where(inArray(indicators.id, ids));
}

/** Parks indicators on unique placeholder names ('#' and the id), so kept children may swap names. */
export async function parkNames(tx: Tx, ids: string[]): Promise<void> {
  await tx.update(indicators).set({ name: sql`'#' || ${indicators.id}::text` }).where(inArray(indicators.id, ids));
}

export async function updateChild(tx: Tx, id: string, fields: ChildFields): Promise<void> {
  await tx.update(indicators).set(fields).where(eq(indicators.id, id));
}

export async function insertIndicators(tx: Tx, rows: IndicatorInsert[]): Promise<void> {
  await tx.insert(indicators).values(rows);
}

/** How many of the ids are indicators (of either level). */
export async function indicatorsFound(tx: Tx, ids: string[]): Promise<number> {
  const rows = await tx.select({ id: indicators.id }).from(indicators).where(inArray(indicators.id, ids));
  return rows.length;
}

export async function indicatorExists(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: indicators.id }).from(indicators).where(eq(indicators.id, id));
  return !!row;
}

/** Enabled first-level indicators in their order (at most 1000), with their classification's name. */
export function enabledFirstIndicators(tx: Tx) {
  // index: indicators_parent_idx (school_id, parent_id, sort)
  return tx
    .select({ indicatorId: indicators.id, name: indicators.name, classificationName: classifications.name })
    .from(indicators)
    .leftJoin(classifications, and(eq(classifications.schoolId, indicators.schoolId), eq(classifications.id, indicators.classificationId)))
    .where(and(isNull(indicators.parentId), eq(indicators.enabled, true)))
    .orderBy(...order)
    .limit(1000);
}

/** The names of the children of these indicators, in their order. */
export function childNamesOf(tx: Tx, parentIds: string[]) {
  // index: indicators_parent_idx (school_id, parent_id, sort)
  return tx.select({ indicatorId: indicators.id, name: indicators.name, parentId: indicators.parentId }).from(indicators).where(inArray(indicators.parentId, parentIds)).orderBy(...order);
}

/** The names of the indicators among the ids. */
export function indicatorNames(tx: Tx, ids: string[]) {
  // index: indicators_school_id_id_pk (school_id, id)
  return tx.select({ id: indicators.id, name: indicators.name }).from(indicators).where(inArray(indicators.id, ids));
}
