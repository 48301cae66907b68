/** A member's department and supervision scope: its SQL (docs/decisions/0016-repositories.md). */
import { and, eq, inArray } from 'drizzle-orm';
import { accounts, memberScopeTeachers, memberScopeUnits, orgUnits, schoolMemberships } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';

/** The scope columns of a membership that saveMemberScope may change. */
export type MembershipScopeFields = Partial<Pick<typeof schoolMemberships.$inferInsert, 'orgUnitId' | 'realtimePatrol' | 'deptScope' | 'teacherScope'>>;

/** Department and scope flags of these members. */
export function scopeBases(tx: Tx, accountIds: string[]) {
  // index: school_memberships_account_uq (school_id, account_id)
  return tx
    .select({ accountId: schoolMemberships.accountId, orgUnitId: orgUnits.id, orgUnitName: orgUnits.name, realtimePatrol: schoolMemberships.realtimePatrol, deptScope: schoolMemberships.deptScope, teacherScope: schoolMemberships.teacherScope })
    .from(schoolMemberships)
    .leftJoin(orgUnits, and(eq(orgUnits.schoolId, schoolMemberships.schoolId), eq(orgUnits.id, schoolMemberships.orgUnitId)))
    .where(inArray(schoolMemberships.accountId, accountIds));
}

/** The departments these members supervise by selection, by name. */
export function scopeUnitsOf(tx: Tx, accountIds: string[]) {
  // index: member_scope_units_school_id_account_id_org_unit_id_pk (school_id, account_id, org_unit_id)
  return tx
    .select({ accountId: memberScopeUnits.accountId, orgUnitId: orgUnits.id, name: orgUnits.name })
    .from(memberScopeUnits)
    .innerJoin(orgUnits, and(eq(orgUnits.schoolId, memberScopeUnits.schoolId), eq(orgUnits.id, memberScopeUnits.orgUnitId)))
    .where(inArray(memberScopeUnits.accountId, accountIds))
    .orderBy(orgUnits.name);
}

/** The teachers these members supervise by selection, by name. */
export function scopeTeachersOf(tx: Tx, accountIds: string[]) {
  // index: member_scope_teachers_school_id_account_id_teacher_id_pk (school_id, account_id, teacher_id)
  return tx
    .select({ accountId: memberScopeTeachers.accountId, userId: accounts.id, name: accounts.name, account: accounts.account })
    .from(memberScopeTeachers)
    .innerJoin(accounts, eq(accounts.id, memberScopeTeachers.teacherId))
    .where(inArray(memberScopeTeachers.accountId, accountIds))
    .orderBy(accounts.name);
}

export async function orgUnitExists(tx: Tx, id: string): Promise<boolean> {
  return (await tx.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.id, id))).length > 0;
}

/** How many of these org units exist (visible to the transaction). */
export async function orgUnitsFound(tx: Tx, ids: string[]): Promise<number> {
  return (await tx.select({ id: orgUnits.id }).from(orgUnits).where(inArray(orgUnits.id, ids))).length;
}

export async function updateMembershipScope(tx: Tx, accountId: string, fields: MembershipScopeFields): Promise<void> {
  await tx.update(schoolMemberships).set(fields).where(eq(schoolMemberships.accountId, accountId));
}

export async function deptScopeOf(tx: Tx, accountId: string) {
  const [m] = await tx.select({ deptScope: schoolMemberships.deptScope }).from(schoolMemberships).where(eq(schoolMemberships.accountId, accountId));
  return m?.deptScope;
}

export async function teacherScopeOf(tx: Tx, accountId: string) {
  const [m] = await tx.select({ teacherScope: schoolMemberships.teacherScope }).from(schoolMemberships).where(eq(schoolMemberships.accountId, accountId));
  return m?.teacherScope;
}

export async function replaceScopeUnits(tx: Tx, schoolId: string, accountId: string, orgUnitIds: string[]): Promise<void> {
  await tx.delete(memberScopeUnits).where(eq(memberScopeUnits.accountId, accountId));
  if (orgUnitIds.length) await tx.insert(memberScopeUnits).values(orgUnitIds.map((orgUnitId) => ({ schoolId, accountId, orgUnitId })));
}

export async function replaceScopeTeachers(tx: Tx, schoolId: string, accountId: string, teacherIds: string[]): Promise<void> {
  await tx.delete(memberScopeTeachers).where(eq(memberScopeTeachers.accountId, accountId));
  if (teacherIds.length) await tx.insert(memberScopeTeachers).values(teacherIds.map((teacherId) => ({ schoolId, accountId, teacherId })));
}
