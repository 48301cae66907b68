import type { TPersonRef, TSupervisionGroup, TUnitRef, TUserSupervisionGroup } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import * as repo from './supervision.repo.ts';

/** Approved or disabled people of the school, i.e. those that can be picked. */
const PICKABLE = ['approved', 'disabled'] as const;

type SaveGroup = {
  groupId?: string | undefined;
  name: string;
  leaderId: string;
  memberIds: string[];
  scope: 'school' | 'departments' | 'teachers';
  orgUnitIds: string[];
  teacherIds: string[];
  realtimePatrol: boolean;
  description?: string | undefined;
};

/** Names of some people of the school (under RLS: another school's ids simply are not found). */
export async function peopleRefs(tx: Tx, ids: string[]): Promise<Map<string, TPersonRef>> {
  if (!ids.length) return new Map();
  const rows = await repo.peopleByIds(tx, [...new Set(ids)], PICKABLE);
  return new Map(rows.map((r) => [r.userId, r]));
}

async function unitRefs(tx: Tx, ids: string[]): Promise<Map<string, TUnitRef>> {
  if (!ids.length) return new Map();
  const rows = await repo.unitsByIds(tx, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.orgUnitId, r]));
}

/** Refuses ids that are not people (or units) of this school: 404, as for any record of another school. */
function requireAll<T>(found: Map<string, T>, ids: string[]): T[] {
  return [...new Set(ids)].map((id) => {
    const x = found.get(id);
    if (!x) throw new AppError('common.notFound');
    return x;
  });
}

/** Whole groups with their people and units: one query per relation for the page, never per row. */
async function groupRows(tx: Tx, ids: string[]): Promise<TSupervisionGroup[]> {
  if (!ids.length) return [];
  const groups = await repo.groupsByIds(tx, ids);
  const members = await repo.membersOfGroups(tx, ids);
  const units = await repo.unitsOfGroups(tx, ids);
  const teachers = await repo.teachersOfGroups(tx, ids);
  const people = await peopleRefs(tx, [...members.map((m) => m.accountId), ...teachers.map((t) => t.teacherId), ...groups.flatMap((g) => (g.leaderId ? [g.leaderId] : []))]);
  const unitNames = await unitRefs(tx, units.map((u) => u.orgUnitId));
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  const byId = new Map(groups.map((g) => [g.id, g]));
  return ids.flatMap((id) => {
    const g = byId.get(id);
    if (!g) return [];
    const pick = <R>(rows: R[], key: (r: R) => string, refs: Map<string, TPersonRef>) =>
      rows.flatMap((r) => (refs.get(key(r)) ? [refs.get(key(r))!] : [])).sort(byName);
    return [{
      groupId: g.id,
      name: g.name,
      leader: (g.leaderId && people.get(g.leaderId)) || null,
      members: pick(members.filter((m) => m.groupId === id), (m) => m.accountId, people),
      scope: g.scope,
      units: units.filter((u) => u.groupId === id).flatMap((u) => (unitNames.get(u.orgUnitId) ? [unitNames.get(u.orgUnitId)!] : [])).sort(byName),
      teachers: pick(teachers.filter((t) => t.groupId === id), (t) => t.teacherId, people),
      realtimePatrol: g.realtimePatrol,
      description: g.description,
      createdAt: g.createdAt.toISOString(),
    }];
  });
}

export async function listGroups(ctx: MemberCtx, q: { pageNum: number; pageSize: number; keyword?: string | undefined }) {
  return inSchool(ctx, async (tx) => {
    const total = await repo.groupCount(tx, q.keyword);
    const ids = await repo.groupIdsPage(tx, q);
    return { list: await groupRows(tx, ids), total, pageNum: q.pageNum, pageSize: q.pageSize };
  });
}

export async function groupDetail(ctx: MemberCtx, groupId: string) {
  const [g] = await inSchool(ctx, (tx) => groupRows(tx, [groupId]));
  if (!g) throw new AppError('common.notFound');
  return g;
}

/**
 * Adds or changes a group. The leader is one of the members; departments and teachers are kept only
 * for the scope that uses them, so switching scope never leaves stale rows behind.
 */
export async function saveGroup(ctx: MemberCtx, input: SaveGroup) {
  const memberIds = [...new Set(input.memberIds)];
  if (!memberIds.includes(input.leaderId)) throw new AppError('supervisionGroup.leaderNotMember');
  const unitIds = input.scope === 'departments' ? [...new Set(input.orgUnitIds)] : [];
  const teacherIds = input.scope === 'teachers' ? [...new Set(input.teacherIds)] : [];
  const { schoolId } = ctx.auth;
  try {
    const groupId = await inSchool(ctx, async (tx) => {
      const people = await peopleRefs(tx, [...memberIds, ...teacherIds]);
      requireAll(people, [...memberIds, ...teacherIds]);
      requireAll(await unitRefs(tx, unitIds), unitIds);
      const dup = await repo.groupIdByName(tx, input.name);
      if (dup && dup !== input.groupId) throw new AppError('supervisionGroup.nameTaken');
      const values = { name: input.name, leaderId: input.leaderId, scope: input.scope, realtimePatrol: input.realtimePatrol, description: input.description || null };
      let id = input.groupId;
      if (id) {
        if (!(await repo.updateGroup(tx, id, values))) throw new AppError('common.notFound');
        await repo.clearGroupRelations(tx, id);
      } else {
        id = await repo.insertGroup(tx, schoolId, values);
      }
      await repo.insertGroupRelations(tx, schoolId, id, { memberIds, unitIds, teacherIds });
      return id;
    });
    return groupDetail(ctx, groupId);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('supervisionGroup.nameTaken');
    throw e;
  }
}

/** Deletes groups of this school; any id that is not one (another school's, or gone) is 404 and nothing is deleted. */
export async function deleteGroups(ctx: MemberCtx, ids: string[]) {
  await inSchool(ctx, async (tx) => {
    const unique = [...new Set(ids)];
    if ((await repo.deleteGroups(tx, unique)) !== unique.length) throw new AppError('common.notFound');
  });
}

/** The groups a person belongs to (as leader or member). Another school's person: 404. */
export async function groupsOfUser(ctx: MemberCtx, userId: string): Promise<TUserSupervisionGroup[]> {
  return inSchool(ctx, async (tx) => {
    if (!(await peopleRefs(tx, [userId])).size) throw new AppError('common.notFound');
    return groupsOfMembers(tx, [userId]).then((m) => m.get(userId) ?? []);
  });
}

/** Groups of several people in one query (user management lists them). */
export async function groupsOfMembers(tx: Tx, userIds: string[]): Promise<Map<string, TUserSupervisionGroup[]>> {
  const out = new Map<string, TUserSupervisionGroup[]>();
  if (!userIds.length) return out;
  const rows = await repo.groupsOfAccounts(tx, userIds);
  for (const r of rows) {
    const list = out.get(r.accountId) ?? [];
    list.push({ groupId: r.groupId, name: r.name, role: r.leaderId === r.accountId ? 'leader' : 'member', realtimePatrol: r.realtimePatrol });
    out.set(r.accountId, list);
  }
  return out;
}

export async function groupOptions(ctx: MemberCtx) {
  return inSchool(ctx, repo.groupOptions);
}

/** People of the school for pickers, by name or account. */
export async function lookupPeople(ctx: MemberCtx, q: { keyword?: string | undefined; identity?: number | undefined; pageSize: number }) {
  return inSchool(ctx, (tx) => repo.approvedPeople(tx, q));
}

/** Replaces a person's groups (from user management). A group's leader cannot leave it this way. */
export async function setMemberGroups(tx: Tx, schoolId: string, accountId: string, groupIds: string[]) {
  const wanted = [...new Set(groupIds)];
  if (wanted.length) {
    const found = await repo.existingGroupIds(tx, wanted);
    if (found.length !== wanted.length) throw new AppError('common.notFound');
  }
  const current = await repo.groupsOfAccount(tx, accountId);
  const leaving = current.filter((g) => !wanted.includes(g.groupId));
  const led = leaving.find((g) => g.leaderId === accountId);
  if (led) {
    const name = await repo.accountName(tx, accountId);
    throw new AppError('supervisionGroup.leaderCannotLeave', { name: name ?? '', group: led.name });
  }
  if (leaving.length) {
    await repo.leaveGroups(tx, accountId, leaving.map((g) => g.groupId));
  }
  const joining = wanted.filter((id) => !current.some((g) => g.groupId === id));
  if (joining.length) await repo.joinGroups(tx, schoolId, accountId, joining);
}

