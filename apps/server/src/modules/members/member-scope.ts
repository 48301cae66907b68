/**
 * A member's department and supervision scope (spec section 6): real-time patrol permission, the
 * departments and the teachers they supervise (whole school or selected), and their supervision
 * groups. Read for many members at once (one query per relation) and written with the member.
 */
import type { TPersonRef, TUnitRef, TUserSupervisionGroup } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { groupsOfMembers, peopleRefs, setMemberGroups } from '../supervision/supervision.service.ts';
import * as repo from './member-scope.repo.ts';

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
  const base = await repo.scopeBases(tx, ids);
  const units = await repo.scopeUnitsOf(tx, ids);
  const teachers = await repo.scopeTeachersOf(tx, ids);
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
  const set: repo.MembershipScopeFields = {};
  if (input.orgUnitId !== undefined) {
    if (input.orgUnitId && !(await repo.orgUnitExists(tx, input.orgUnitId))) throw new AppError('common.notFound');
    set.orgUnitId = input.orgUnitId;
  }
  if (input.realtimePatrol !== undefined) set.realtimePatrol = input.realtimePatrol;
  if (input.deptScope !== undefined) set.deptScope = input.deptScope;
  if (input.teacherScope !== undefined) set.teacherScope = input.teacherScope;
  if (Object.keys(set).length) await repo.updateMembershipScope(tx, accountId, set);

  if (input.deptScope !== undefined || input.scopeUnitIds !== undefined) {
    const deptScope = await repo.deptScopeOf(tx, accountId);
    const unitIds = deptScope === 'selected' ? [...new Set(input.scopeUnitIds ?? [])] : [];
    if (unitIds.length && (await repo.orgUnitsFound(tx, unitIds)) !== unitIds.length) throw new AppError('common.notFound');
    // Scope 'selected' given without a list keeps the rows there are.
    if (!(deptScope === 'selected' && input.scopeUnitIds === undefined)) await repo.replaceScopeUnits(tx, schoolId, accountId, unitIds);
  }
  if (input.teacherScope !== undefined || input.scopeTeacherIds !== undefined) {
    const teacherScope = await repo.teacherScopeOf(tx, accountId);
    const teacherIds = teacherScope === 'selected' ? [...new Set(input.scopeTeacherIds ?? [])] : [];
    if (teacherIds.length && (await peopleRefs(tx, teacherIds)).size !== teacherIds.length) throw new AppError('common.notFound');
    if (!(teacherScope === 'selected' && input.scopeTeacherIds === undefined)) await repo.replaceScopeTeachers(tx, schoolId, accountId, teacherIds);
  }
  if (input.groupIds !== undefined) await setMemberGroups(tx, schoolId, accountId, input.groupIds);
}
