/** The supervision groups' SQL, and the people and units they pick (docs/decisions/0016-repositories.md). */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { accounts, orgUnits, schoolMemberships, supervisionGroupMembers, supervisionGroups, supervisionGroupTeachers, supervisionGroupUnits } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';

type MembershipStatus = (typeof schoolMemberships.$inferSelect)['status'];
export type GroupFields = Pick<typeof supervisionGroups.$inferSelect, 'name' | 'leaderId' | 'scope' | 'realtimePatrol' | 'description'>;

// ---------------------------------------------------------------- people and units

/** The people among the ids whose membership of the school has one of the statuses. */
export function peopleByIds(tx: Tx, ids: string[], statuses: readonly MembershipStatus[]) {
  // index: school_memberships_account_uq (school_id, account_id)
  return tx
    .select({ userId: accounts.id, name: accounts.name, account: accounts.account })
    .from(schoolMemberships)
    .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
    .where(and(inArray(schoolMemberships.accountId, ids), inArray(schoolMemberships.status, [...statuses])));
}

export function unitsByIds(tx: Tx, ids: string[]) {
  // index: org_units_school_id_id_pk (school_id, id)
  return tx.select({ orgUnitId: orgUnits.id, name: orgUnits.name }).from(orgUnits).where(inArray(orgUnits.id, ids));
}

/** Approved people of the school for pickers, searched by name or account, by name. */
export function approvedPeople(tx: Tx, q: { keyword?: string | undefined; identity?: number | undefined; pageSize: number }) {
  const filters: SQL[] = [eq(schoolMemberships.status, 'approved')];
  if (q.keyword) filters.push(or(ilike(accounts.name, containsPattern(q.keyword)), ilike(accounts.account, containsPattern(q.keyword)))!);
  if (q.identity) filters.push(eq(schoolMemberships.identity, q.identity));
  // index: school_memberships_status_idx (school_id, status, created_at)
  return tx
    .select({ userId: accounts.id, name: accounts.name, account: accounts.account, identity: schoolMemberships.identity })
    .from(schoolMemberships)
    .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
    .where(and(...filters))
    .orderBy(asc(accounts.name), asc(accounts.id))
    .limit(q.pageSize);
}

export async function accountName(tx: Tx, accountId: string): Promise<string | undefined> {
  const [row] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return row?.name;
}

// ---------------------------------------------------------------- groups

export function groupsByIds(tx: Tx, ids: string[]) {
  // index: supervision_groups_school_id_id_pk (school_id, id)
  return tx.select().from(supervisionGroups).where(inArray(supervisionGroups.id, ids));
}

export function membersOfGroups(tx: Tx, ids: string[]) {
  // index: supervision_group_members_school_id_group_id_account_id_pk (school_id, group_id, account_id)
  return tx.select({ groupId: supervisionGroupMembers.groupId, accountId: supervisionGroupMembers.accountId }).from(supervisionGroupMembers).where(inArray(supervisionGroupMembers.groupId, ids));
}

export function unitsOfGroups(tx: Tx, ids: string[]) {
  // index: supervision_group_units_school_id_group_id_org_unit_id_pk (school_id, group_id, org_unit_id)
  return tx.select({ groupId: supervisionGroupUnits.groupId, orgUnitId: supervisionGroupUnits.orgUnitId }).from(supervisionGroupUnits).where(inArray(supervisionGroupUnits.groupId, ids));
}

export function teachersOfGroups(tx: Tx, ids: string[]) {
  // index: supervision_group_teachers_school_id_group_id_teacher_id_pk (school_id, group_id, teacher_id)
  return tx.select({ groupId: supervisionGroupTeachers.groupId, teacherId: supervisionGroupTeachers.teacherId }).from(supervisionGroupTeachers).where(inArray(supervisionGroupTeachers.groupId, ids));
}

const groupWhere = (keyword: string | undefined): SQL | undefined => (keyword ? ilike(supervisionGroups.name, containsPattern(keyword)) : undefined);

/** How many groups match the keyword. No index orders the groups by date: a school has few. */
export async function groupCount(tx: Tx, keyword: string | undefined): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(supervisionGroups).where(groupWhere(keyword));
  return Number(row?.n ?? 0);
}

/** The ids of a page of groups matching the keyword, newest first. */
export async function groupIdsPage(tx: Tx, q: { pageNum: number; pageSize: number; keyword?: string | undefined }): Promise<string[]> {
  const rows = await tx
    .select({ id: supervisionGroups.id })
    .from(supervisionGroups)
    .where(groupWhere(q.keyword))
    .orderBy(desc(supervisionGroups.createdAt), desc(supervisionGroups.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return rows.map((r) => r.id);
}

/** The group with this name, whatever its case. */
export async function groupIdByName(tx: Tx, name: string): Promise<string | undefined> {
  // index: supervision_groups_name_uq (school_id, lower(name))
  const [row] = await tx.select({ id: supervisionGroups.id }).from(supervisionGroups).where(sql`lower(${supervisionGroups.name}) = ${name.toLowerCase()}`);
  return row?.id;
}

export async function insertGroup(tx: Tx, schoolId: string, fields: GroupFields): Promise<string> {
  const [row] = await tx.insert(supervisionGroups).values({ schoolId, ...fields }).returning({ id: supervisionGroups.id });
  return row!.id;
}

/** Changes a group; false when there is none with that id. */
export async function updateGroup(tx: Tx, id: string, fields: GroupFields): Promise<boolean> {
  const rows = await tx.update(supervisionGroups).set(fields).where(eq(supervisionGroups.id, id)).returning({ id: supervisionGroups.id });
  return rows.length > 0;
}

/** Removes a group's members, departments and teachers (before they are written again). */
export async function clearGroupRelations(tx: Tx, groupId: string): Promise<void> {
  await tx.delete(supervisionGroupMembers).where(eq(supervisionGroupMembers.groupId, groupId));
  await tx.delete(supervisionGroupUnits).where(eq(supervisionGroupUnits.groupId, groupId));
  await tx.delete(supervisionGroupTeachers).where(eq(supervisionGroupTeachers.groupId, groupId));
}

/** Writes a group's members, departments and teachers (members first; empty lists write nothing). */
export async function insertGroupRelations(tx: Tx, schoolId: string, groupId: string, r: { memberIds: string[]; unitIds: string[]; teacherIds: string[] }): Promise<void> {
  await tx.insert(supervisionGroupMembers).values(r.memberIds.map((accountId) => ({ schoolId, groupId, accountId })));
  if (r.unitIds.length) await tx.insert(supervisionGroupUnits).values(r.unitIds.map((orgUnitId) => ({ schoolId, groupId, orgUnitId })));
  if (r.teacherIds.length) await tx.insert(supervisionGroupTeachers).values(r.teacherIds.map((teacherId) => ({ schoolId, groupId, teacherId })));
}

/** Deletes the groups and answers how many there were. */
export async function deleteGroups(tx: Tx, ids: string[]): Promise<number> {
  const rows = await tx.delete(supervisionGroups).where(inArray(supervisionGroups.id, ids)).returning({ id: supervisionGroups.id });
  return rows.length;
}

/** The groups of several people, by group name. */
export function groupsOfAccounts(tx: Tx, accountIds: string[]) {
  // index: supervision_group_members_account_idx (school_id, account_id)
  return tx
    .select({ accountId: supervisionGroupMembers.accountId, groupId: supervisionGroups.id, name: supervisionGroups.name, leaderId: supervisionGroups.leaderId, realtimePatrol: supervisionGroups.realtimePatrol })
    .from(supervisionGroupMembers)
    .innerJoin(supervisionGroups, and(eq(supervisionGroups.schoolId, supervisionGroupMembers.schoolId), eq(supervisionGroups.id, supervisionGroupMembers.groupId)))
    .where(inArray(supervisionGroupMembers.accountId, accountIds))
    .orderBy(asc(supervisionGroups.name));
}

/** Groups as options by name (at most 500). No index orders them by name: a school has few. */
export function groupOptions(tx: Tx) {
  return tx.select({ groupId: supervisionGroups.id, name: supervisionGroups.name }).from(supervisionGroups).orderBy(asc(supervisionGroups.name)).limit(500);
}

/** The ids among these that are groups of the school. */
export async function existingGroupIds(tx: Tx, ids: string[]): Promise<string[]> {
  // index: supervision_groups_school_id_id_pk (school_id, id)
  const rows = await tx.select({ id: supervisionGroups.id }).from(supervisionGroups).where(inArray(supervisionGroups.id, ids));
  return rows.map((r) => r.id);
}

/** The groups one person belongs to, with their leaders. */
export function groupsOfAccount(tx: Tx, accountId: string) {
  // index: supervision_group_members_account_idx (school_id, account_id)
  return tx
    .select({ groupId: supervisionGroups.id, name: supervisionGroups.name, leaderId: supervisionGroups.leaderId })
    .from(supervisionGroupMembers)
    .innerJoin(supervisionGroups, and(eq(supervisionGroups.schoolId, supervisionGroupMembers.schoolId), eq(supervisionGroups.id, supervisionGroupMembers.groupId)))
    .where(eq(supervisionGroupMembers.accountId, accountId));
}

export async function leaveGroups(tx: Tx, accountId: string, groupIds: string[]): Promise<void> {
  await tx.delete(supervisionGroupMembers).where(and(eq(supervisionGroupMembers.accountId, accountId), inArray(supervisionGroupMembers.groupId, groupIds)));
}

export async function joinGroups(tx: Tx, schoolId: string, accountId: string, groupIds: string[]): Promise<void> {
  await tx.insert(supervisionGroupMembers).values(groupIds.map((groupId) => ({ schoolId, groupId, accountId })));
}
