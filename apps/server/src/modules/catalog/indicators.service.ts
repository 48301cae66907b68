import { and, asc, count, eq, exists, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TIndicator } from '@hxk/contracts';
import { classifications, indicators, questions } from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { containsPattern, inSchool } from '../../platform/tenancy.ts';
import { requireClassification } from './classifications.service.ts';
import { page, requireFound, uniq, type PageQuery } from './catalog.shared.ts';

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

const order = [asc(indicators.sort), asc(indicators.createdAt), asc(indicators.id)];

/** Whole first-level indicators with their children, classification names and question counts: one query per relation. */
async function indicatorRows(tx: Tx, ids: string[]): Promise<TIndicator[]> {
  if (!ids.length) return [];
  const firsts = await tx.select().from(indicators).where(and(inArray(indicators.id, ids), isNull(indicators.parentId)));
  const children = await tx.select().from(indicators).where(inArray(indicators.parentId, ids)).orderBy(...order);
  const classIds = uniq(firsts.flatMap((f) => (f.classificationId ? [f.classificationId] : [])));
  const classRows = classIds.length ? await tx.select({ id: classifications.id, name: classifications.name }).from(classifications).where(inArray(classifications.id, classIds)) : [];
  const counts = await tx
    .select({ id: questions.indicatorId, n: count() })
    .from(questions)
    .where(inArray(questions.indicatorId, [...ids, ...children.map((c) => c.id)]))
    .groupBy(questions.indicatorId);
  const className = new Map(classRows.map((c) => [c.id, c.name]));
  const countOf = new Map(counts.map((c) => [c.id ?? '', Number(c.n)]));
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
    const child = alias(indicators, 'child');
    const filters: SQL[] = [isNull(indicators.parentId)];
    if (q.keyword) {
      const pattern = containsPattern(q.keyword);
      filters.push(or(
        ilike(indicators.name, pattern),
        exists(tx.select({ one: sql`1` }).from(child).where(and(eq(child.schoolId, indicators.schoolId), eq(child.parentId, indicators.id), ilike(child.name, pattern)))),
      )!);
    }
    if (q.classificationId) filters.push(eq(indicators.classificationId, q.classificationId));
    if (q.enabled !== undefined) filters.push(eq(indicators.enabled, q.enabled));
    const where = and(...filters);
    const [total] = await tx.select({ n: count() }).from(indicators).where(where);
    const ids = await tx.select({ id: indicators.id }).from(indicators).where(where).orderBy(...order).limit(q.pageSize).offset((q.pageNum - 1) * q.pageSize);
    return page(await indicatorRows(tx, ids.map((r) => r.id)), total?.n, q);
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
      const [dup] = await tx
        .select({ id: indicators.id })
        .from(indicators)
        .where(and(isNull(indicators.parentId), sql`lower(${indicators.name}) = ${input.name.toLowerCase()}`));
      if (dup && dup.id !== input.indicatorId) throw new AppError('indicator.nameTaken');
      const values = { name: input.name, classificationId: input.classificationId ?? null, description: input.description || null, sort: input.sort, enabled: input.enabled };
      let id = input.indicatorId;
      if (id) {
        const rows = await tx.update(indicators).set(values).where(and(eq(indicators.id, id), isNull(indicators.parentId))).returning({ id: indicators.id });
        if (!rows.length) throw new AppError('common.notFound');
      } else {
        const [row] = await tx.insert(indicators).values({ schoolId, level: 1, createdBy: ctx.auth.accountId, ...values }).returning({ id: indicators.id });
        id = row!.id;
      }
      const parentId = id;
      const existing = await tx.select({ id: indicators.id }).from(indicators).where(eq(indicators.parentId, parentId));
      const existingIds = new Set(existing.map((r) => r.id));
      const kept = input.children.flatMap((c) => (c.indicatorId ? [c.indicatorId] : []));
      // A child id of another indicator (or school) is not one of this indicator's children.
      if (kept.some((k) => !existingIds.has(k)) || new Set(kept).size !== kept.length) throw new AppError('common.notFound');
      const removed = [...existingIds].filter((e) => !kept.includes(e));
      if (removed.length) {
        await tx.update(questions).set({ indicatorId: null }).where(inArray(questions.indicatorId, removed));
        await tx.delete(indicators).where(inArray(indicators.id, removed));
      }
      // Kept children may swap names: park them on unique placeholder names first.
      if (kept.length) await tx.update(indicators).set({ name: sql`'#' || ${indicators.id}::text` }).where(inArray(indicators.id, kept));
      const inserts: (typeof indicators.$inferInsert)[] = [];
      for (const [sort, c] of input.children.entries()) {
        const v = { name: c.name, description: c.description || null, sort };
        if (c.indicatorId) await tx.update(indicators).set(v).where(eq(indicators.id, c.indicatorId));
        else inserts.push({ schoolId, parentId, level: 2, createdBy: ctx.auth.accountId, ...v });
      }
      if (inserts.length) await tx.insert(indicators).values(inserts);
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
    const found = await tx.select({ id: indicators.id }).from(indicators).where(inArray(indicators.id, unique));
    requireFound(found.length, unique);
    const children = await tx.select({ id: indicators.id }).from(indicators).where(inArray(indicators.parentId, unique));
    await tx.update(questions).set({ indicatorId: null }).where(inArray(questions.indicatorId, uniq([...unique, ...children.map((c) => c.id)])));
    await tx.delete(indicators).where(inArray(indicators.id, unique));
  });
}

/** Enabled first-level indicators with their children, for the template builder and question pickers. */
export async function indicatorTree(ctx: MemberCtx) {
  return inSchool(ctx, async (tx) => {
    const firsts = await tx
      .select({ indicatorId: indicators.id, name: indicators.name, classificationName: classifications.name })
      .from(indicators)
      .leftJoin(classifications, and(eq(classifications.schoolId, indicators.schoolId), eq(classifications.id, indicators.classificationId)))
      .where(and(isNull(indicators.parentId), eq(indicators.enabled, true)))
      .orderBy(...order)
      .limit(1000);
    const ids = firsts.map((f) => f.indicatorId);
    const children = ids.length
      ? await tx.select({ indicatorId: indicators.id, name: indicators.name, parentId: indicators.parentId }).from(indicators).where(inArray(indicators.parentId, ids)).orderBy(...order)
      : [];
    return firsts.map((f) => ({
      ...f,
      children: children.filter((c) => c.parentId === f.indicatorId).map((c) => ({ indicatorId: c.indicatorId, name: c.name })),
    }));
  });
}
