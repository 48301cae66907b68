import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { KNOWLEDGE_LEVELS, QUESTION_TYPES, type TClassification, type TClassificationKind } from '@hxk/contracts';
import { classifications, indicators, questions } from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { containsPattern, inSchool } from '../../platform/tenancy.ts';
import { page, requireFound, uniq, type PageQuery } from './catalog.shared.ts';

type SaveClassification = { classificationId?: string | undefined; name: string; description?: string | undefined; sort: number };

const order = [asc(classifications.sort), asc(classifications.createdAt), asc(classifications.id)];

/** How many indicators or questions are filed under each classification: one grouped query. */
async function itemCounts(tx: Tx, kind: TClassificationKind, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const t = kind === 'indicator' ? indicators : questions;
  const rows = await tx.select({ id: t.classificationId, n: count() }).from(t).where(inArray(t.classificationId, ids)).groupBy(t.classificationId);
  return new Map(rows.map((r) => [r.id ?? '', Number(r.n)]));
}

async function withCounts(tx: Tx, kind: TClassificationKind, rows: (typeof classifications.$inferSelect)[]): Promise<TClassification[]> {
  const counts = await itemCounts(tx, kind, rows.map((r) => r.id));
  return rows.map((r) => ({
    classificationId: r.id,
    kind: r.kind,
    name: r.name,
    description: r.description,
    sort: r.sort,
    itemCount: counts.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function listClassifications(ctx: MemberCtx, kind: TClassificationKind, q: PageQuery & { keyword?: string | undefined }) {
  return inSchool(ctx, async (tx) => {
    const where = and(eq(classifications.kind, kind), q.keyword ? ilike(classifications.name, containsPattern(q.keyword)) : undefined);
    const [total] = await tx.select({ n: count() }).from(classifications).where(where);
    const rows = await tx.select().from(classifications).where(where).orderBy(...order).limit(q.pageSize).offset((q.pageNum - 1) * q.pageSize);
    return page(await withCounts(tx, kind, rows), total?.n, q);
  });
}

/** Adds or changes a classification of the given kind; names are unique per kind (case-insensitive). */
export async function saveClassification(ctx: MemberCtx, kind: TClassificationKind, input: SaveClassification): Promise<TClassification> {
  try {
    return await inSchool(ctx, async (tx) => {
      const [dup] = await tx
        .select({ id: classifications.id })
        .from(classifications)
        .where(and(eq(classifications.kind, kind), sql`lower(${classifications.name}) = ${input.name.toLowerCase()}`));
      if (dup && dup.id !== input.classificationId) throw new AppError('classification.nameTaken');
      const values = { name: input.name, description: input.description || null, sort: input.sort };
      const rows = input.classificationId
        ? await tx.update(classifications).set(values).where(and(eq(classifications.id, input.classificationId), eq(classifications.kind, kind))).returning()
        : await tx.insert(classifications).values({ schoolId: ctx.auth.schoolId, kind, ...values }).returning();
      if (!rows.length) throw new AppError('common.notFound');
      return (await withCounts(tx, kind, rows))[0]!;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('classification.nameTaken');
    throw e;
  }
}

/**
 * Deletes classifications of the kind. The indicators or questions filed under them stay, with no
 * classification (cleared first: the composite keys never "set null"). Any id that is not one: 404,
 * nothing deleted.
 */
export async function deleteClassifications(ctx: MemberCtx, kind: TClassificationKind, ids: string[]) {
  const unique = uniq(ids);
  await inSchool(ctx, async (tx) => {
    const found = await tx.select({ id: classifications.id }).from(classifications).where(and(eq(classifications.kind, kind), inArray(classifications.id, unique)));
    requireFound(found.length, unique);
    if (kind === 'indicator') await tx.update(indicators).set({ classificationId: null }).where(inArray(indicators.classificationId, unique));
    else await tx.update(questions).set({ classificationId: null }).where(inArray(questions.classificationId, unique));
    await tx.delete(classifications).where(inArray(classifications.id, unique));
  });
}

export async function classificationOptions(ctx: MemberCtx, kind: TClassificationKind) {
  return inSchool(ctx, (tx) => optionsOf(tx, kind));
}

const optionsOf = (tx: Tx, kind: TClassificationKind) =>
  tx.select({ classificationId: classifications.id, name: classifications.name }).from(classifications).where(eq(classifications.kind, kind)).orderBy(...order).limit(500);

export async function questionnaireTypeDict(ctx: MemberCtx) {
  const list = await inSchool(ctx, (tx) => optionsOf(tx, 'question'));
  return { classifications: list, questionTypes: [...QUESTION_TYPES], knowledgeLevels: [...KNOWLEDGE_LEVELS] };
}

/** Refuses a classification id that is not one of this school's of the kind (404). */
export async function requireClassification(tx: Tx, kind: TClassificationKind, id: string | null | undefined): Promise<void> {
  if (!id) return;
  const where: SQL | undefined = and(eq(classifications.id, id), eq(classifications.kind, kind));
  const [row] = await tx.select({ id: classifications.id }).from(classifications).where(where);
  if (!row) throw new AppError('common.notFound');
}
