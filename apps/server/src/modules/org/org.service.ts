import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TCollegeDictNode, TIdentity, TOrgKind, TOrgTreeNode } from '@hxk/contracts';
import { accounts, courses, orgUnits, schoolMemberships } from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { maySearchContacts, withContactsFor } from '../../platform/contacts.ts';
import { containsPattern, inSchool } from '../../platform/tenancy.ts';
import { buildTree, isSelfOrDescendant, subtreeIds, type FlatUnit } from './org-tree.ts';

/** People counted in the tree and listed per node: members who are in (or suspended from) the school. */
const PEOPLE = inArray(schoolMemberships.status, ['approved', 'disabled']);

/** The database's own error code behind a driver error (pg and PGlite both wrap it). */
function pgCode(e: unknown): { code?: string; constraint?: string } {
  for (let cur = e as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; cur; cur = cur.cause as typeof cur) {
    if (typeof cur.code === 'string' && /^\d{2}[0-9A-Z]{3}$/.test(cur.code)) {
      return { code: cur.code, ...(typeof cur.constraint === 'string' ? { constraint: cur.constraint } : {}) };
    }
  }
  return {};
}

/** Runs a write and turns the sibling-name unique index into the localized error. */
async function uniqueName<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (pgCode(e).code === '23505') throw new AppError('org.nameTaken');
    throw e;
  }
}

const allUnits = (tx: Tx): Promise<FlatUnit[]> =>
  tx.select({ id: orgUnits.id, parentId: orgUnits.parentId, name: orgUnits.name, kind: orgUnits.kind, sort: orgUnits.sort })
    .from(orgUnits).orderBy(asc(orgUnits.sort), asc(orgUnits.name), asc(orgUnits.id));

async function unitOr404(tx: Tx, id: string) {
  const [row] = await tx.select().from(orgUnits).where(eq(orgUnits.id, id));
  if (!row) throw new AppError('common.notFound');
  return row;
}

/** Colleges and departments (offices too) as a tree under the school root, for selectors. */
export async function collegeDict(ctx: MemberCtx): Promise<TCollegeDictNode[]> {
  const units = await inSchool(ctx, allUnits);
  const strip = (n: TOrgTreeNode): TCollegeDictNode => ({ id: n.id, name: n.name, kind: n.kind, children: n.children.map(strip) });
  return buildTree(units, new Map()).map(strip);
}

/** The whole tree with people per node: on the node (the root also holds people in no unit) and below it. */
export async function orgTree(ctx: MemberCtx): Promise<TOrgTreeNode[]> {
  return inSchool(ctx, async (tx) => {
    const units = await allUnits(tx);
    const counts = await tx.select({ unitId: schoolMemberships.orgUnitId, n: count() }).from(schoolMemberships).where(PEOPLE).groupBy(schoolMemberships.orgUnitId);
    const own = new Map<string | null, number>(counts.map((c) => [c.unitId, Number(c.n)]));
    const root = units.find((u) => u.parentId === null);
    if (root) own.set(root.id, (own.get(root.id) ?? 0) + (own.get(null) ?? 0));
    return buildTree(units, own);
  });
}

export async function addUnit(ctx: MemberCtx, input: { parentId: string; name: string; kind: Exclude<TOrgKind, 'school'> }) {
  return inSchool(ctx, async (tx) => {
    await unitOr404(tx, input.parentId);
    const [last] = await tx.select({ max: sql<number | null>`max(${orgUnits.sort})` }).from(orgUnits).where(eq(orgUnits.parentId, input.parentId));
    const sort = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
    const [row] = await uniqueName(() =>
      tx.insert(orgUnits).values({ schoolId: ctx.auth.schoolId, parentId: input.parentId, name: input.name, kind: input.kind, sort }).returning(),
    );
    return present(row!);
  });
}

export async function renameUnit(ctx: MemberCtx, input: { id: string; name: string }) {
  return inSchool(ctx, async (tx) => {
    await unitOr404(tx, input.id);
    const [row] = await uniqueName(() => tx.update(orgUnits).set({ name: input.name }).where(eq(orgUnits.id, input.id)).returning());
    return present(row!);
  });
}

/** Moves a unit under a new parent at a position among its siblings; never under itself or below itself. */
export async function moveUnit(ctx: MemberCtx, input: { id: string; parentId: string; index?: number | undefined }) {
  return inSchool(ctx, async (tx) => {
    const units = await allUnits(tx);
    const unit = units.find((u) => u.id === input.id);
    const parent = units.find((u) => u.id === input.parentId);
    if (!unit || !parent) throw new AppError('common.notFound');
    if (unit.parentId === null) throw new AppError('org.rootLocked');
    if (isSelfOrDescendant(units, input.id, input.parentId)) throw new AppError('org.moveIntoSelf');
    const siblings = units.filter((u) => u.parentId === input.parentId && u.id !== input.id);
    const at = Math.min(input.index ?? siblings.length, siblings.length);
    const ordered = [...siblings.slice(0, at), unit, ...siblings.slice(at)];
    await uniqueName(() => tx.update(orgUnits).set({ parentId: input.parentId }).where(eq(orgUnits.id, input.id)));
    // Renumber the new siblings in one statement.
    const cases = sql.join(ordered.map((u, i) => sql`when ${u.id}::bigint then ${i}::int`), sql` `);
    await tx.update(orgUnits).set({ sort: sql`case ${orgUnits.id} ${cases} end` }).where(inArray(orgUnits.id, ordered.map((u) => u.id)));
    return present({ ...unit, parentId: input.parentId, sort: at });
  });
}

/** Deletes an empty unit: refused while people, courses or sub-units hang on it; the root stays. */
export async function deleteUnit(ctx: MemberCtx, id: string) {
  await inSchool(ctx, async (tx) => {
    // Locking the unit first makes a concurrent insert of a person or course that points at it wait
    // (its foreign-key check needs a share lock on this row), so the counts below stay true.
    const [unit] = await tx.select().from(orgUnits).where(eq(orgUnits.id, id)).for('update');
    if (!unit) throw new AppError('common.notFound');
    if (unit.parentId === null) throw new AppError('org.rootLocked');
    const [children] = await tx.select({ n: count() }).from(orgUnits).where(eq(orgUnits.parentId, id));
    if (Number(children?.n ?? 0) > 0) throw new AppError('org.hasChildren');
    const [people] = await tx.select({ n: count() }).from(schoolMemberships).where(eq(schoolMemberships.orgUnitId, id));
    if (Number(people?.n ?? 0) > 0) throw new AppError('org.hasPeople', { count: Number(people!.n) });
    const [taught] = await tx.select({ n: count() }).from(courses).where(eq(courses.orgUnitId, id));
    if (Number(taught?.n ?? 0) > 0) throw new AppError('org.hasCourses', { count: Number(taught!.n) });
    await tx.delete(orgUnits).where(eq(orgUnits.id, id));
  });
}

/** People on a node (and below it when asked), paged; the root also holds people in no unit. */
export async function unitPeople(
  ctx: MemberCtx,
  q: { orgUnitId: string; includeChildren: boolean; keyword?: string | undefined; pageNum: number; pageSize: number },
) {
  return inSchool(ctx, async (tx) => {
    const units = await allUnits(tx);
    const unit = units.find((u) => u.id === q.orgUnitId);
    if (!unit) throw new AppError('common.notFound');
    const isRoot = unit.parentId === null;
    const filters: SQL[] = [PEOPLE];
    if (!(isRoot && q.includeChildren)) {
      const ids = q.includeChildren ? subtreeIds(units, unit.id) : [unit.id];
      filters.push(isRoot ? or(inArray(schoolMemberships.orgUnitId, ids), isNull(schoolMemberships.orgUnitId))! : inArray(schoolMemberships.orgUnitId, ids));
    }
    if (q.keyword) {
      const p = containsPattern(q.keyword);
      filters.push(or(ilike(accounts.name, p), ilike(accounts.account, p), ...(maySearchContacts(ctx.auth) ? [ilike(accounts.phone, p)] : []))!);
    }
    const where = and(...filters);
    const [total] = await tx.select({ n: count() }).from(schoolMemberships).innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId)).where(where);
    const rows = await tx
      .select({
        userId: accounts.id, name: accounts.name, account: accounts.account, phone: accounts.phone,
        identity: schoolMemberships.identity, orgUnitId: schoolMemberships.orgUnitId,
      })
      .from(schoolMemberships)
      .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
      .where(where)
      .orderBy(asc(accounts.name), asc(accounts.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    const names = new Map(units.map((u) => [u.id, u.name]));
    return {
      list: withContactsFor(ctx.auth, rows).map((r) => ({ ...r, identity: r.identity as TIdentity, orgUnitName: r.orgUnitId ? (names.get(r.orgUnitId) ?? null) : null })),
      total: Number(total?.n ?? 0),
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  });
}

/** Puts members of the school into a unit; the school root takes them out of any unit. */
export async function setPeopleUnit(ctx: MemberCtx, input: { orgUnitId: string; userIds: string[] }) {
  await inSchool(ctx, async (tx) => {
    const unit = await unitOr404(tx, input.orgUnitId);
    const ids = [...new Set(input.userIds)];
    const updated = await tx.update(schoolMemberships)
      .set({ orgUnitId: unit.parentId === null ? null : unit.id })
      .where(and(inArray(schoolMemberships.accountId, ids), PEOPLE))
      .returning({ id: schoolMemberships.id });
    // Someone not of this school (or not a member any more): nothing changes.
    if (updated.length !== ids.length) throw new AppError('common.notFound');
  });
}

const present = (r: FlatUnit) => ({ id: r.id, parentId: r.parentId, name: r.name, kind: r.kind, sort: r.sort });
