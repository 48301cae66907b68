import type { TIndicator } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { classificationNames } from './classifications.repo.ts';
import { requireClassification } from './classifications.service.ts';
import { page, requireFound, uniq, type PageQuery } from './catalog.shared.ts';
import * as repo from './indicators.repo.ts';
import type { IndicatorInsert } from './indicators.repo.ts';
import { countsByIndicator, detachIndicators } from './questions.repo.ts';

type ListIndicators = PageQuery & { keyword?: string | undefined; classificationId?: string | undefined; enabled?: boolean | undefined };
type SaveIndicator = {
  indicatorId?: string | undefined;
  name: string;
  classificationId?: string | null | undefined;
  description?: string | undefined;
  sort: number;
  enabled: boolean;
  children: { indicatorId?: string | undefined; name: string; description?: string | undefined }[];
};

/** Whole first-level indicators with their children, classification names and question counts: one query per relation. */
async function indicatorRows(tx: Tx, ids: string[]): Promise<TIndicator[]> {
  if (!ids.length) return [];
  const firsts = await repo.firstIndicatorsByIds(tx, ids);
  const children = await repo.childrenOf(tx, ids);
  const classIds = uniq(firsts.flatMap((f) => (f.classificationId ? [f.classificationId] : [])));
  const classRows = classIds.length ? await classificationNames(tx, classIds) : [];
  const counts = await countsByIndicator(tx, [...ids, ...children.map((c) => c.id)]);
  const className = new Map(classRows.map((c) => [c.id, c.name]));
  const countOf = new Map(counts.map((c) => [c.id ?? '', c.n]));
  const byId = new Map(firsts.map((f) => [f.id, f]));
  return ids.flatMap((id) => {
    const f = byId.get(id);
    if (!f) return [];
    const kids = children.filter((c) => c.parentId === id);
    return [{
      indicatorId: f.id,
      name: f.name,
      classificationId: f.classificationId,
      classificationName: (f.classificationId && className.get(f.classificationId)) || null,
      description: f.description,
      sort: f.sort,
      enabled: f.enabled,
      children: kids.map((c) => ({ indicatorId: c.id, name: c.name, description: c.description, sort: c.sort })),
      questionCount: kids.reduce((n, c) => n + (countOf.get(c.id) ?? 0), countOf.get(f.id) ?? 0),
      createdAt: f.createdAt.toISOString(),
    }];
  });
}

export async function listIndicators(ctx: MemberCtx, q: ListIndicators) {
  return inSchool(ctx, async (tx) => {
    const total = await repo.indicatorCount(tx, q);
    const ids = await repo.indicatorIdsPage(tx, q);
    return page(await indicatorRows(tx, ids), total, q);
  });
}

export async function indicatorDetail(ctx: MemberCtx, indicatorId: string): Promise<TIndicator> {
  const [row] = await inSchool(ctx, (tx) => indicatorRows(tx, [indicatorId]));
  if (!row) throw new AppError('common.notFound');
  return row;
}

/**
 * Saves a first-level indicator with its whole second-level list in one transaction: listed children
 * with an id are updated, new ones inserted, unlisted ones deleted (their questions keep no indicator).
 * A child's sort is its position in the list.
 */
export async function saveIndicator(ctx: MemberCtx, input: SaveIndicator): Promise<TIndicator> {
  const { schoolId } = ctx.auth;
  try {
    return await inSchool(ctx, async (tx) => {
      await requireClassification(tx, 'indicator', input.classificationId);
      const dup = await repo.firstIndicatorIdByName(tx, input.name);
      if (dup && dup !== input.indicatorId) throw new AppError('indicator.nameTaken');
      const values = { name: input.name, classificationId: input.classificationId ?? null, description: input.description || null, sort: input.sort, enabled: input.enabled };
      let id = input.indicatorId;
      if (id) {
        if (!(await repo.updateFirstIndicator(tx, id, values))) throw new AppError('common.notFound');
      } else {
        id = await repo.insertFirstIndicator(tx, schoolId, ctx.auth.accountId, values);
      }
      const parentId = id;
      const existingIds = new Set(await repo.childIds(tx, parentId));
      const kept = input.children.flatMap((c) => (c.indicatorId ? [c.indicatorId] : []));
      // A child id of another indicator (or school) is not one of this indicator's children.
      if (kept.some((k) => !existingIds.has(k)) || new Set(kept).size !== kept.length) throw new AppError('common.notFound');
      const removed = [...existingIds].filter((e) => !kept.includes(e));
      if (removed.length) {
        await detachIndicators(tx, removed);
        await repo.deleteIndicators(tx, removed);
      }
      // Kept children may swap names: park them on unique placeholder names first.
      if (kept.length) await repo.parkNames(tx, kept);
      const inserts: IndicatorInsert[] = [];
      for (const [sort, c] of input.children.entries()) {
        const v = { name: c.name, description: c.description || null, sort };
        if (c.indicatorId) await repo.updateChild(tx, c.indicatorId, v);
        else inserts.push({ schoolId, parentId, level: 2, createdBy: ctx.auth.accountId, ...v });
      }
      if (inserts.length) await repo.insertIndicators(tx, inserts);
      return (await indicatorRows(tx, [parentId]))[0]!;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('indicator.nameTaken');
    throw e;
  }
}

/** Deletes indicators (a first-level one takes its children along); questions filed under any of them keep no indicator. */
export async function deleteIndicators(ctx: MemberCtx, ids: string[]) {
  const unique = uniq(ids);
  await inSchool(ctx, async (tx) => {
    requireFound(await repo.indicatorsFound(tx, unique), unique);
    const children = await repo.childIdsOfMany(tx, unique);
    await detachIndicators(tx, uniq([...unique, ...children]));
    await repo.deleteIndicators(tx, unique);
  });
}

/** Enabled first-level indicators with their children, for the template builder and question pickers. */
export async function indicatorTree(ctx: MemberCtx) {
  return inSchool(ctx, async (tx) => {
    const firsts = await repo.enabledFirstIndicators(tx);
    const ids = firsts.map((f) => f.indicatorId);
    const children = ids.length ? await repo.childNamesOf(tx, ids) : [];
    return firsts.map((f) => ({
      ...f,
      children: children.filter((c) => c.parentId === f.indicatorId).map((c) => ({ indicatorId: c.indicatorId, name: c.name })),
    }));
  });
}
