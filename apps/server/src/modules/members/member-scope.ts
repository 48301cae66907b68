/**
 * A member's department and supervision scope (spec section 6): real-time patrol permission, the
 * departments and the teachers they supervise (whole school or selected), and their supervision
 * groups. Read for many members at once (one query per relation) and written with the member.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { TPersonRef, TUnitRef, TUserSupervisionGroup } from '@hxk/contracts';
import { accounts, memberScopeTeachers, memberScopeUnits, orgUnits, schoolMemberships } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { groupsOfMembers, peopleRefs, setMemberGroups } from '../supervision/supervision.service.ts';

export type MemberScope = {
  orgUnit: TUnitRef | null;
  realtimePatrol: boolean;
  deptScope: 'all' | 'selected';
  teacherScope: 'all' | 'selected';
  scopeUnits: TUnitRef[];
  scopeTeachers: TPersonRef[];
  groups: TUserSupervisionGroup[];
};

export async function memberScopes(tx: Tx, ids: string[]): Promise<Map<string, MemberScope>> {
  const out = new Map<string, MemberScope>();
  if (!ids.length) return out;
  const base = await tx
    .select({ accountId: schoolMemberships.accountId, orgUnitId: orgUnits.id, orgUnitName: orgUnits.name, realtimePatrol: schoolMemberships.realtimePatrol, deptScope: schoolMemberships.deptScope, teacherScope: schoolMemberships.teacherScope })
    .from(schoolMemberships)
    .leftJoin(orgUnits, and(eq(orgUnits.schoolId, schoolMemberships.schoolId), eq(orgUnits.id, schoolMemberships.orgUnitId)))
    .where(inArray(schoolMemberships.accountId, ids));
  const units = await tx
    .select({ accountId: memberScopeUnits.accountId, orgUnitId: orgUnits.id, name: orgUnits.name })
    .from(memberScopeUnits)
    .innerJoin(orgUnits, and(eq(orgUnits.schoolId, memberScopeUnits.schoolId), eq(orgUnits.id, memberScopeUnits.orgUnitId)))
    .where(inArray(memberScopeUnits.accountId, ids))
    .orderBy(orgUnits.name);
  const teachers = await tx
    .select({ accountId: memberScopeTeachers.accountId, userId: accounts.id, name: accounts.name, account: accounts.account })
    .from(memberScopeTeachers)
    .innerJoin(accounts, eq(accounts.id, memberScopeTeachers.teacherId))
    .where(inArray(memberScopeTeachers.accountId, ids))
    .orderBy(accounts.name);
  const groups = await groupsOfMembers(tx, ids);
  for (const b of base) {
    out.set(b.accountId, {
      orgUnit: b.orgUnitId ? { orgUnitId: b.orgUnitId, name: b.orgUnitName ?? '' } : null,
      realtimePatrol: b.realtimePatrol,
      deptScope: b.deptScope,
      teacherScope: b.teacherScope,
      scopeUnits: units.filter((u) => u.accountId === b.accountId).map(({ orgUnitId, name }) => ({ orgUnitId, name })),
      scopeTeachers: teachers.filter((t) => t.accountId === b.accountId).map(({ userId, name, account }) => ({ userId, name, account })),
      groups: groups.get(b.accountId) ?? [],
    });
  }
  return out;
}

export type ScopeInput = {
  orgUnitId?: string | null | undefined;
  realtimePatrol?: boolean | undefined;
  deptScope?: 'all' | 'selected' | undefined;
  teacherScope?: 'all' | 'selected' | undefined;
  scopeUnitIds?: string[] | undefined;
  scopeTeacherIds?: string[] | undefined;
  groupIds?: string[] | undefined;
};

/**
 * Writes what the input carries; anything omitted stays as it was. A scope of 'all' keeps no
 * selected rows; ids of another school are not found (404) and nothing is written.
 */
export async function saveMemberScope(tx: Tx, schoolId: string, accountId: string, input: ScopeInput): Promise<void> {
  const set: Partial<typeof schoolMemberships.$inferInsert> = {};
  if (input.orgUnitId !== undefined) {
    if (input.orgUnitId && !(await tx.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.id, input.orgUnitId))).length) throw new AppError('common.notFound');
    set.orgUnitId = input.orgUnitId;
  }
  if (input.realtimePatrol !== undefined) set.realtimePatrol = input.realtimePatrol;
  if (input.deptScope !== undefined) set.deptScope = input.deptScope;
  if (input.teacherScope !== undefined) set.teacherScope = input.teacherScope;
  if (Object.keys(set).length) await tx.update(schoolMemberships).set(set).where(eq(schoolMemberships.accountId, accountId));

  if (input.deptScope !== undefined || input.scopeUnitIds !== undefined) {
    const [m] = await tx.select({ deptScope: schoolMemberships.deptScope }).from(schoolMemberships).where(eq(schoolMemberships.accountId, accountId));
    const unitIds = m?.deptScope === 'selected' ? [...new Set(input.scopeUnitIds ?? [])] : [];
    if (unitIds.length && (await tx.select({ id: orgUnits.id }).from(orgUnits).where(inArray(orgUnits.id, unitIds))).length !== unitIds.length) throw new AppError('common.notFound');
    // Scope 'selected' given without a list keeps the rows there are.
    if (!(m?.deptScope === 'selected' && input.scopeUnitIds === undefined)) {
      await tx.delete(memberScopeUnits).where(eq(memberScopeUnits.accountId, accountId));
      if (unitIds.length) await tx.insert(memberScopeUnits).values(unitIds.map((orgUnitId) => ({ schoolId, accountId, orgUnitId })));
    }
  }
  if (input.teacherScope !== undefined || input.scopeTeacherIds !== undefined) {
    const [m] = await tx.select({ teacherScope: schoolMemberships.teacherScope }).from(schoolMemberships).where(eq(schoolMemberships.accountId, accountId));
    const teacherIds = m?.teacherScope === 'selected' ? [...new Set(input.scopeTeacherIds ?? [])] : [];
    if (teacherIds.length && (await peopleRefs(tx, teacherIds)).size !== teacherIds.length) throw new AppError('common.notFound');
    if (!(m?.teacherScope === 'selected' && input.scopeTeacherIds === undefined)) {
      await tx.delete(memberScopeTeachers).where(eq(memberScopeTeachers.accountId, accountId));
      if (teacherIds.length) await tx.insert(memberScopeTeachers).values(teacherIds.map((teacherId) => ({ schoolId, accountId, teacherId })));
    }
  }
  if (input.groupIds !== undefined) await setMemberGroups(tx, schoolId, accountId, input.groupIds);
}
