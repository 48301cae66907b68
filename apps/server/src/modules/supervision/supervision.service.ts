import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TPersonRef, TSupervisionGroup, TUnitRef, TUserSupervisionGroup } from '@hxk/contracts';
import { accounts, orgUnits, schoolMemberships, supervisionGroupMembers, supervisionGroups, supervisionGroupTeachers, supervisionGroupUnits } from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { containsPattern, inSchool } from '../../platform/tenancy.ts';

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
  const rows = await tx
    .select({ userId: accounts.id, name: accounts.name, account: accounts.account })
    .from(schoolMemberships)
    .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
    .where(and(inArray(schoolMemberships.accountId, [...new Set(ids)]), inArray(schoolMemberships.status, [...PICKABLE])));
  return new Map(rows.map((r) => [r.userId, r]));
}

async function unitRefs(tx: Tx, ids: string[]): Promise<Map<string, TUnitRef>> {
  if (!ids.length) return new Map();
  const rows = await tx.select({ orgUnitId: orgUnits.id, name: orgUnits.name }).from(orgUnits).where(inArray(orgUnits.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.orgUnitId, r]));
}

/** Refuses ids that are not people (or units) of this school: 404, as for any record of another school. */
function requireAll<T>(found: Map<string, T>, ids: string[]): T[] {
  const out = [...new Set(ids)].map((id) => found.get(id));
  if (out.some((x) => !x)) throw new AppError('common.notFound');
  return out as T[];
}

/** Whole groups with their people and units: one query per relation for the page, never per row. */
async function groupRows(tx: Tx, ids: string[]): Promise<TSupervisionGroup[]> {
  if (!ids.length) return [];
  const groups = await tx.select().from(supervisionGroups).where(inArray(supervisionGroups.id, ids));
  const members = await tx.select({ groupId: supervisionGroupMembers.groupId, accountId: supervisionGroupMembers.accountId }).from(supervisionGroupMembers).where(inArray(supervisionGroupMembers.groupId, ids));
  const units = await tx.select({ groupId: supervisionGroupUnits.groupId, orgUnitId: supervisionGroupUnits.orgUnitId }).from(supervisionGroupUnits).where(inArray(supervisionGroupUnits.groupId, ids));
  const teachers = await tx.select({ groupId: supervisionGroupTeachers.groupId, teacherId: supervisionGroupTeachers.teacherId }).from(supervisionGroupTeachers).where(inArray(supervisionGroupTeachers.groupId, ids));
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
    const where: SQL | undefined = q.keyword ? ilike(supervisionGroups.name, containsPattern(q.keyword)) : undefined;
    const [total] = await tx.select({ n: count() }).from(supervisionGroups).where(where);
    const ids = await tx
      .select({ id: supervisionGroups.id })
      .from(supervisionGroups)
      .where(where)
      .orderBy(desc(supervisionGroups.createdAt), desc(supervisionGroups.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    return { list: await groupRows(tx, ids.map((r) => r.id)), total: Number(total?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
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
      const [dup] = await tx.select({ id: supervisionGroups.id }).from(supervisionGroups).where(sql`lower(${supervisionGroups.name}) = ${input.name.toLowerCase()}`);
      if (dup && dup.id !== input.groupId) throw new AppError('supervisionGroup.nameTaken');
      const values = { name: input.name, leaderId: input.leaderId, scope: input.scope, realtimePatrol: input.realtimePatrol, description: input.description || null };
      let id = input.groupId;
      if (id) {
        const rows = await tx.update(supervisionGroups).set(values).where(eq(supervisionGroups.id, id)).returning({ id: supervisionGroups.id });
        if (!rows.length) throw new AppError('common.notFound');
        await tx.delete(supervisionGroupMembers).where(eq(supervisionGroupMembers.groupId, id));
        await tx.delete(supervisionGroupUnits).where(eq(supervisionGroupUnits.groupId, id));
        await tx.delete(supervisionGroupTeachers).where(eq(supervisionGroupTeachers.groupId, id));
      } else {
        const [row] = await tx.insert(supervisionGroups).values({ schoolId, ...values }).returning({ id: supervisionGroups.id });
        id = row!.id;
      }
      const groupId = id;
      await tx.insert(supervisionGroupMembers).values(memberIds.map((accountId) => ({ schoolId, groupId, accountId })));
      if (unitIds.length) await tx.insert(supervisionGroupUnits).values(unitIds.map((orgUnitId) => ({ schoolId, groupId, orgUnitId })));
      if (teacherIds.length) await tx.insert(supervisionGroupTeachers).values(teacherIds.map((teacherId) => ({ schoolId, groupId, teacherId })));
      return groupId;
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
    const rows = await tx.delete(supervisionGroups).where(inArray(supervisionGroups.id, unique)).returning({ id: supervisionGroups.id });
    if (rows.length !== unique.length) throw new AppError('common.notFound');
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
  const rows = await tx
    .select({ accountId: supervisionGroupMembers.accountId, groupId: supervisionGroups.id, name: supervisionGroups.name, leaderId: supervisionGroups.leaderId, realtimePatrol: supervisionGroups.realtimePatrol })
    .from(supervisionGroupMembers)
    .innerJoin(supervisionGroups, and(eq(supervisionGroups.schoolId, supervisionGroupMembers.schoolId), eq(supervisionGroups.id, supervisionGroupMembers.groupId)))
    .where(inArray(supervisionGroupMembers.accountId, userIds))
    .orderBy(asc(supervisionGroups.name));
  for (const r of rows) {
    const list = out.get(r.accountId) ?? [];
    list.push({ groupId: r.groupId, name: r.name, role: r.leaderId === r.accountId ? 'leader' : 'member', realtimePatrol: r.realtimePatrol });
    out.set(r.accountId, list);
  }
  return out;
}

export async function groupOptions(ctx: MemberCtx) {
  return inSchool(ctx, (tx) => tx.select({ groupId: supervisionGroups.id, name: supervisionGroups.name }).from(supervisionGroups).orderBy(asc(supervisionGroups.name)).limit(500));
}

/** People of the school for pickers, by name or account. */
export async function lookupPeople(ctx: MemberCtx, q: { keyword?: string | undefined; identity?: number | undefined; pageSize: number }) {
  return inSchool(ctx, async (tx) => {
    const filters: SQL[] = [eq(schoolMemberships.status, 'approved')];
    if (q.keyword) filters.push(or(ilike(accounts.name, containsPattern(q.keyword)), ilike(accounts.account, containsPattern(q.keyword)))!);
    if (q.identity) filters.push(eq(schoolMemberships.identity, q.identity));
    return tx
      .select({ userId: accounts.id, name: accounts.name, account: accounts.account, identity: schoolMemberships.identity })
      .from(schoolMemberships)
      .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
      .where(and(...filters))
      .orderBy(asc(accounts.name), asc(accounts.id))
      .limit(q.pageSize);
  });
}

/** Replaces a person's groups (from user management). A group's leader cannot leave it this way. */
export async function setMemberGroups(tx: Tx, schoolId: string, accountId: string, groupIds: string[]) {
  const wanted = [...new Set(groupIds)];
  if (wanted.length) {
    const found = await tx.select({ id: supervisionGroups.id }).from(supervisionGroups).where(inArray(supervisionGroups.id, wanted));
    if (found.length !== wanted.length) throw new AppError('common.notFound');
  }
  const current = await tx
    .select({ groupId: supervisionGroups.id, name: supervisionGroups.name, leaderId: supervisionGroups.leaderId })
    .from(supervisionGroupMembers)
    .innerJoin(supervisionGroups, and(eq(supervisionGroups.schoolId, supervisionGroupMembers.schoolId), eq(supervisionGroups.id, supervisionGroupMembers.groupId)))
    .where(eq(supervisionGroupMembers.accountId, accountId));
  const leaving = current.filter((g) => !wanted.includes(g.groupId));
  const led = leaving.find((g) => g.leaderId === accountId);
  if (led) {
    const [me] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
    throw new AppError('supervisionGroup.leaderCannotLeave', { name: me?.name ?? '', group: led.name });
  }
  if (leaving.length) {
    await tx.delete(supervisionGroupMembers).where(and(eq(supervisionGroupMembers.accountId, accountId), inArray(supervisionGroupMembers.groupId, leaving.map((g) => g.groupId))));
  }
  const joining = wanted.filter((id) => !current.some((g) => g.groupId === id));
  if (joining.length) await tx.insert(supervisionGroupMembers).values(joining.map((groupId) => ({ schoolId, groupId, accountId })));
}

