import type { TCollegeDictNode, TOrgKind, TOrgTreeNode } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { maySearchContacts, withContactsFor } from '../../platform/contacts.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { buildTree, isSelfOrDescendant, subtreeIds, type FlatUnit } from './org-tree.ts';
import * as repo from './org.repo.ts';

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

async function unitOr404(tx: Tx, id: string) {
  const row = await repo.unitById(tx, id);
  if (!row) throw new AppError('common.notFound');
  return row;
}

/** Colleges and departments (offices too) as a tree under the school root, for selectors. */
export async function collegeDict(ctx: MemberCtx): Promise<TCollegeDictNode[]> {
  const units = await inSchool(ctx, repo.allUnits);
  const strip = (n: TOrgTreeNode): TCollegeDictNode => ({ id: n.id, name: n.name, kind: n.kind, children: n.children.map(strip) });
  return buildTree(units, new Map()).map(strip);
}

/** The whole tree with people per node: on the node (the root also holds people in no unit) and below it. */
export async function orgTree(ctx: MemberCtx): Promise<TOrgTreeNode[]> {
  return inSchool(ctx, async (tx) => {
    const units = await repo.allUnits(tx);
    const counts = await repo.peopleCountsByUnit(tx);
    const own = new Map<string | null, number>(counts.map((c) => [c.unitId, c.n]));
    const root = units.find((u) => u.parentId === null);
    if (root) own.set(root.id, (own.get(root.id) ?? 0) + (own.get(null) ?? 0));
    return buildTree(units, own);
  });
}

export async function addUnit(ctx: MemberCtx, input: { parentId: string; name: string; kind: Exclude<TOrgKind, 'school'> }) {
  return inSchool(ctx, async (tx) => {
    await unitOr404(tx, input.parentId);
    const last = await repo.lastChildSort(tx, input.parentId);
    const sort = last === null ? 0 : last + 1;
    const row = await uniqueName(() => repo.insertUnit(tx, ctx.auth.schoolId, { parentId: input.parentId, name: input.name, kind: input.kind, sort }));
    return present(row);
  });
}

export async function renameUnit(ctx: MemberCtx, input: { id: string; name: string }) {
  return inSchool(ctx, async (tx) => {
    await unitOr404(tx, input.id);
    const row = await uniqueName(() => repo.renameUnit(tx, input.id, input.name));
    return present(row);
  });
}

/** Moves a unit under a new parent at a position among its siblings; never under itself or below itself. */
export async function moveUnit(ctx: MemberCtx, input: { id: string; parentId: string; index?: number | undefined }) {
  return inSchool(ctx, async (tx) => {
    const units = await repo.allUnits(tx);
    const unit = units.find((u) => u.id === input.id);
    const parent = units.find((u) => u.id === input.parentId);
    if (!unit || !parent) throw new AppError('common.notFound');
    if (unit.parentId === null) throw new AppError('org.rootLocked');
    if (isSelfOrDescendant(units, input.id, input.parentId)) throw new AppError('org.moveIntoSelf');
    const siblings = units.filter((u) => u.parentId === input.parentId && u.id !== input.id);
    const at = Math.min(input.index ?? siblings.length, siblings.length);
    const ordered = [...siblings.slice(0, at), unit, ...siblings.slice(at)];
    await uniqueName(() => repo.setUnitParent(tx, input.id, input.parentId));
    // Renumber the new siblings in one statement.
    await repo.renumberUnits(tx, ordered.map((u) => u.id));
    return present({ ...unit, parentId: input.parentId, sort: at });
  });
}

/** Deletes an empty unit: refused while people, courses or sub-units hang on it; the root stays. */
export async function deleteUnit(ctx: MemberCtx, id: string) {
  await inSchool(ctx, async (tx) => {
    // Locking the unit first makes a concurrent insert of a person or course that points at it wait
    // (its foreign-key check needs a share lock on this row), so the counts below stay true.
    const unit = await repo.unitForUpdate(tx, id);
    if (!unit) throw new AppError('common.notFound');
    if (unit.parentId === null) throw new AppError('org.rootLocked');
    if ((await repo.childCount(tx, id)) > 0) throw new AppError('org.hasChildren');
    const people = await repo.membershipCount(tx, id);
    if (people > 0) throw new AppError('org.hasPeople', { count: people });
    const taught = await repo.courseCount(tx, id);
    if (taught > 0) throw new AppError('org.hasCourses', { count: taught });
    await repo.deleteUnit(tx, id);
  });
}

/** People on a node (and below it when asked), paged; the root also holds people in no unit. */
export async function unitPeople(
  ctx: MemberCtx,
  q: { orgUnitId: string; includeChildren: boolean; keyword?: string | undefined; pageNum: number; pageSize: number },
) {
  return inSchool(ctx, async (tx) => {
    const units = await repo.allUnits(tx);
    const unit = units.find((u) => u.id === q.orgUnitId);
    if (!unit) throw new AppError('common.notFound');
    const isRoot = unit.parentId === null;
    const filter: repo.PeopleFilter = {
      // The root with its sub-units is the whole school; the root alone also holds people in no unit.
      unitIds: isRoot && q.includeChildren ? undefined : q.includeChildren ? subtreeIds(units, unit.id) : [unit.id],
      unitless: isRoot,
      keyword: q.keyword,
      searchPhone: maySearchContacts(ctx.auth),
    };
    const total = await repo.countPeople(tx, filter);
    const rows = await repo.peoplePage(tx, { ...filter, pageNum: q.pageNum, pageSize: q.pageSize });
    const names = new Map(units.map((u) => [u.id, u.name]));
    return {
      list: withContactsFor(ctx.auth, rows).map((r) => ({ ...r, orgUnitName: r.orgUnitId ? (names.get(r.orgUnitId) ?? null) : null })),
      total,
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
    const updated = await repo.setPeopleUnit(tx, ids, unit.parentId === null ? null : unit.id);
    // Someone not of this school (or not a member any more): nothing changes.
    if (updated.length !== ids.length) throw new AppError('common.notFound');
  });
}

const present = (r: FlatUnit) => ({ id: r.id, parentId: r.parentId, name: r.name, kind: r.kind, sort: r.sort });
