/** The organisation tree's SQL: units, the people in them (docs/decisions/0016-repositories.md). */
import { and, asc, count, eq, ilike, inArray, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import { ZIdentity } from '@hxk/contracts';
import { accounts, courses, orgUnits, schoolMemberships } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';
import type { FlatUnit } from './org-tree.ts';

export type UnitRow = typeof orgUnits.$inferSelect;

/** People counted in the tree and listed per node: members who are in (or suspended from) the school. */
const PEOPLE = inArray(schoolMemberships.status, ['approved', 'disabled']);

/** Every unit of the school, in sibling order. */
export function allUnits(tx: Tx): Promise<FlatUnit[]> {
  // index: org_units_school_id_id_pk (school_id, id) for the school's units, sorted after
  return tx.select({ id: orgUnits.id, parentId: orgUnits.parentId, name: orgUnits.name, kind: orgUnits.kind, sort: orgUnits.sort })
    .from(orgUnits).orderBy(asc(orgUnits.sort), asc(orgUnits.name), asc(orgUnits.id));
}

export async function unitById(tx: Tx, id: string): Promise<UnitRow | undefined> {
  const [row] = await tx.select().from(orgUnits).where(eq(orgUnits.id, id));
  return row;
}

/** The unit, locked for update: a concurrent insert pointing at it (a person, a course) waits. */
export async function unitForUpdate(tx: Tx, id: string): Promise<UnitRow | undefined> {
  const [row] = await tx.select().from(orgUnits).where(eq(orgUnits.id, id)).for('update');
  return row;
}

/** People per unit (null: in no unit). */
export async function peopleCountsByUnit(tx: Tx): Promise<{ unitId: string | null; n: number }[]> {
  // index: school_memberships_unit_idx (school_id, org_unit_id)
  const counts = await tx.select({ unitId: schoolMemberships.orgUnitId, n: count() }).from(schoolMemberships).where(PEOPLE).groupBy(schoolMemberships.orgUnitId);
  return counts.map((c) => ({ unitId: c.unitId, n: Number(c.n) }));
}

/** The highest sort number under a parent, or null without children. */
export async function lastChildSort(tx: Tx, parentId: string): Promise<number | null> {
  // index: org_units_parent_idx (school_id, parent_id)
  const [last] = await tx.select({ max: max(orgUnits.sort) }).from(orgUnits).where(eq(orgUnits.parentId, parentId));
  return last?.max ?? null;
}

export async function insertUnit(tx: Tx, schoolId: string, fields: Pick<UnitRow, 'parentId' | 'name' | 'kind' | 'sort'>): Promise<UnitRow> {
  const [row] = await tx.insert(orgUnits).values({ schoolId, ...fields }).returning();
  return row!;
}

export async function renameUnit(tx: Tx, id: string, name: string): Promise<UnitRow> {
  const [row] = await tx.update(orgUnits).set({ name }).where(eq(orgUnits.id, id)).returning();
  return row!;
}

export async function setUnitParent(tx: Tx, id: string, parentId: string): Promise<void> {
  await tx.update(orgUnits).set({ parentId }).where(eq(orgUnits.id, id));
}

/** Numbers units 0, 1, 2... in the order given, in one statement. */
export async function renumberUnits(tx: Tx, ids: readonly string[]): Promise<void> {
  const cases = sql.join(ids.map((id, i) => sql`when ${id}::bigint then ${i}::int`), sql` `);
  await tx.update(orgUnits).set({ sort: sql`case ${orgUnits.id} ${cases} end` }).where(inArray(orgUnits.id, [...ids]));
}

export async function childCount(tx: Tx, id: string): Promise<number> {
  // index: org_units_parent_idx (school_id, parent_id)
  const [children] = await tx.select({ n: count() }).from(orgUnits).where(eq(orgUnits.parentId, id));
  return Number(children?.n ?? 0);
}

/** Memberships (whatever their status) in a unit. */
export async function membershipCount(tx: Tx, unitId: string): Promise<number> {
  // index: school_memberships_unit_idx (school_id, org_unit_id)
  const [people] = await tx.select({ n: count() }).from(schoolMemberships).where(eq(schoolMemberships.orgUnitId, unitId));
  return Number(people?.n ?? 0);
}

/** Courses taught for a unit, in any semester. */
export async function courseCount(tx: Tx, unitId: string): Promise<number> {
  const [taught] = await tx.select({ n: count() }).from(courses).where(eq(courses.orgUnitId, unitId));
  return Number(taught?.n ?? 0);
}

export async function deleteUnit(tx: Tx, id: string): Promise<void> {
  await tx.delete(orgUnits).where(eq(orgUnits.id, id));
}

/**
 * Which people a node lists: `unitIds` (undefined: the whole school), people in no unit too when
 * `unitless`; a keyword over name and account, and the phone when `searchPhone`.
 */
export type PeopleFilter = { unitIds?: string[] | undefined; unitless: boolean; keyword?: string | undefined; searchPhone: boolean };

function peopleWhere(q: PeopleFilter): SQL | undefined {
  const filters: SQL[] = [PEOPLE];
  if (q.unitIds) filters.push(q.unitless ? or(inArray(schoolMemberships.orgUnitId, q.unitIds), isNull(schoolMemberships.orgUnitId))! : inArray(schoolMemberships.orgUnitId, q.unitIds));
  if (q.keyword) {
    const p = containsPattern(q.keyword);
    filters.push(or(ilike(accounts.name, p), ilike(accounts.account, p), ...(q.searchPhone ? [ilike(accounts.phone, p)] : []))!);
  }
  return and(...filters);
}

export async function countPeople(tx: Tx, q: PeopleFilter): Promise<number> {
  // index: school_memberships_unit_idx (school_id, org_unit_id) for units; school_memberships_status_idx (school_id, status, created_at) for the whole school
  const [total] = await tx.select({ n: count() }).from(schoolMemberships).innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId)).where(peopleWhere(q));
  return Number(total?.n ?? 0);
}

/** A page of the people a node lists, by name. */
export async function peoplePage(tx: Tx, q: PeopleFilter & { pageNum: number; pageSize: number }) {
  // index: school_memberships_unit_idx (school_id, org_unit_id) for units; school_memberships_status_idx (school_id, status, created_at) for the whole school
  const rows = await tx
    .select({
      userId: accounts.id, name: accounts.name, account: accounts.account, phone: accounts.phone,
      identity: schoolMemberships.identity, orgUnitId: schoolMemberships.orgUnitId,
    })
    .from(schoolMemberships)
    .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
    .where(peopleWhere(q))
    .orderBy(asc(accounts.name), asc(accounts.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return rows.map((r) => ({ ...r, identity: ZIdentity.parse(r.identity) }));
}

/** Puts the listed people (members in or suspended from the school) into a unit, or none; the memberships changed. */
export async function setPeopleUnit(tx: Tx, accountIds: string[], unitId: string | null): Promise<{ id: string }[]> {
  // index: school_memberships_account_uq (school_id, account_id)
  return tx.update(schoolMemberships)
    .set({ orgUnitId: unitId })
    .where(and(inArray(schoolMemberships.accountId, accountIds), PEOPLE))
    .returning({ id: schoolMemberships.id });
}
