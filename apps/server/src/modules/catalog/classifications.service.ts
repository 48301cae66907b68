import { KNOWLEDGE_LEVELS, QUESTION_TYPES, type TClassification, type TClassificationKind } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { page, requireFound, uniq, type PageQuery } from './catalog.shared.ts';
import * as repo from './classifications.repo.ts';
import type { ClassificationRow } from './classifications.repo.ts';

type SaveClassification = { classificationId?: string | undefined; name: string; description?: string | undefined; sort: number };

/** How many indicators or questions are filed under each classification: one grouped query. */
async function itemCounts(tx: Tx, kind: TClassificationKind, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await repo.itemCounts(tx, kind, ids);
  return new Map(rows.map((r) => [r.id ?? '', r.n]));
}

async function withCounts(tx: Tx, kind: TClassificationKind, rows: ClassificationRow[]): Promise<TClassification[]> {
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
    const total = await repo.classificationCount(tx, kind, q.keyword);
    const rows = await repo.classificationsPage(tx, kind, q);
    return page(await withCounts(tx, kind, rows), total, q);
  });
}

/** Adds or changes a classification of the given kind; names are unique per kind (case-insensitive). */
export async function saveClassification(ctx: MemberCtx, kind: TClassificationKind, input: SaveClassification): Promise<TClassification> {
  try {
    return await inSchool(ctx, async (tx) => {
      const dup = await repo.classificationIdByName(tx, kind, input.name);
      if (dup && dup !== input.classificationId) throw new AppError('classification.nameTaken');
      const values = { name: input.name, description: input.description || null, sort: input.sort };
      const rows = input.classificationId
        ? await repo.updateClassification(tx, kind, input.classificationId, values)
        : await repo.insertClassification(tx, ctx.auth.schoolId, kind, values);
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
    requireFound(await repo.classificationsFound(tx, kind, unique), unique);
    await repo.clearClassifications(tx, kind, unique);
    await repo.deleteClassifications(tx, unique);
  });
}

export async function classificationOptions(ctx: MemberCtx, kind: TClassificationKind) {
  return inSchool(ctx, (tx) => repo.classificationOptions(tx, kind));
}

export async function questionnaireTypeDict(ctx: MemberCtx) {
  const list = await inSchool(ctx, (tx) => repo.classificationOptions(tx, 'question'));
  return { classifications: list, questionTypes: [...QUESTION_TYPES], knowledgeLevels: [...KNOWLEDGE_LEVELS] };
}

/** Refuses a classification id that is not one of this school's of the kind (404). */
export async function requireClassification(tx: Tx, kind: TClassificationKind, id: string | null | undefined): Promise<void> {
  if (!id) return;
  if (!(await repo.classificationExists(tx, kind, id))) throw new AppError('common.notFound');
}
