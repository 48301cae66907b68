import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import {
  checkQuestion,
  maxScore,
  nextQuestionStatus,
  normalizeQuestion,
  type TKnowledgeLevel,
  type TQuestion,
  type TQuestionAction,
  type TQuestionBody,
  type TQuestionStatus,
  type TQuestionType,
} from '@hxk/contracts';
import { classifications, indicators, questions, templateQuestionSources } from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, localizeError } from '../../platform/errors.ts';
import { containsPattern, inSchool } from '../../platform/tenancy.ts';
import { peopleRefs } from '../supervision/supervision.service.ts';
import { requireClassification } from './classifications.service.ts';
import { localizeFinding, page, requireFound, uniq, type PageQuery } from './catalog.shared.ts';

export type QuestionFilters = PageQuery & {
  keyword?: string | undefined;
  type?: TQuestionType | undefined;
  classificationId?: string | undefined;
  indicatorId?: string | undefined;
  knowledgeLevel?: TKnowledgeLevel | undefined;
  status?: TQuestionStatus | undefined;
  mine?: boolean | undefined;
};
type SaveQuestion = TQuestionBody & { questionId?: string | undefined; classificationId?: string | null | undefined; indicatorId?: string | null | undefined; submit: boolean };

/** The type-specific part of a question, kept in the `body` column. */
type StoredBody = Pick<TQuestionBody, 'options' | 'ranges' | 'elements' | 'stars' | 'commentRequired'>;
type QuestionRow = typeof questions.$inferSelect;

const bodyOf = (q: TQuestionBody): TQuestionBody => ({
  type: q.type,
  title: q.title,
  standard: q.standard,
  score: q.score,
  knowledgeLevel: q.knowledgeLevel,
  options: q.options,
  ranges: q.ranges,
  elements: q.elements,
  stars: q.stars,
  commentRequired: q.commentRequired,
});

/** Whole questions with names of what they point at: one query per relation for the page, never per row. */
async function questionRows(tx: Tx, rows: QuestionRow[]): Promise<TQuestion[]> {
  if (!rows.length) return [];
  const classIds = uniq(rows.flatMap((r) => (r.classificationId ? [r.classificationId] : [])));
  const indicatorIds = uniq(rows.flatMap((r) => (r.indicatorId ? [r.indicatorId] : [])));
  const classRows = classIds.length ? await tx.select({ id: classifications.id, name: classifications.name }).from(classifications).where(inArray(classifications.id, classIds)) : [];
  const indicatorRows = indicatorIds.length ? await tx.select({ id: indicators.id, name: indicators.name }).from(indicators).where(inArray(indicators.id, indicatorIds)) : [];
  const uses = await tx
    .select({ id: templateQuestionSources.questionId, n: count() })
    .from(templateQuestionSources)
    .where(inArray(templateQuestionSources.questionId, rows.map((r) => r.id)))
    .groupBy(templateQuestionSources.questionId);
  const people = await peopleRefs(tx, rows.flatMap((r) => [r.createdBy, r.reviewedBy].filter((x): x is string => !!x)));
  const className = new Map(classRows.map((c) => [c.id, c.name]));
  const indicatorName = new Map(indicatorRows.map((c) => [c.id, c.name]));
  const useCount = new Map(uses.map((u) => [u.id, Number(u.n)]));
  return rows.map((r) => {
    const stored = r.body as StoredBody;
    return {
      ...normalizeQuestion({ ...stored, type: r.type, title: r.title, standard: r.standard, score: r.score, knowledgeLevel: r.knowledgeLevel ?? null }),
      questionId: r.id,
      classificationId: r.classificationId,
      classificationName: (r.classificationId && className.get(r.classificationId)) || null,
      indicatorId: r.indicatorId,
      indicatorName: (r.indicatorId && indicatorName.get(r.indicatorId)) || null,
      status: r.status,
      reviewNote: r.reviewNote,
      creator: (r.createdBy && people.get(r.createdBy)) || null,
      reviewer: (r.reviewedBy && people.get(r.reviewedBy)) || null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
      templateCount: useCount.get(r.id) ?? 0,
    };
  });
}

function filtersOf(tx: Tx, ctx: MemberCtx, q: QuestionFilters): SQL[] {
  const out: SQL[] = [];
  if (q.keyword) out.push(or(ilike(questions.title, containsPattern(q.keyword)), ilike(questions.standard, containsPattern(q.keyword)))!);
  if (q.type) out.push(eq(questions.type, q.type));
  if (q.classificationId) out.push(eq(questions.classificationId, q.classificationId));
  // A first-level indicator finds the questions of its second-level ones too.
  if (q.indicatorId) {
    const children = tx.select({ id: indicators.id }).from(indicators).where(eq(indicators.parentId, q.indicatorId));
    out.push(or(eq(questions.indicatorId, q.indicatorId), inArray(questions.indicatorId, children))!);
  }
  if (q.knowledgeLevel) out.push(eq(questions.knowledgeLevel, q.knowledgeLevel));
  if (q.status) out.push(eq(questions.status, q.status));
  if (q.mine) out.push(eq(questions.createdBy, ctx.auth.accountId));
  return out;
}

async function listWhere(ctx: MemberCtx, q: QuestionFilters, fixed: SQL[]) {
  return inSchool(ctx, async (tx) => {
    const where = and(...filtersOf(tx, ctx, q), ...fixed);
    const [total] = await tx.select({ n: count() }).from(questions).where(where);
    const rows = await tx
      .select()
      .from(questions)
      .where(where)
      .orderBy(desc(questions.updatedAt), desc(questions.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    return page(await questionRows(tx, rows), total?.n, q);
  });
}

/** The bank as its managers see it: every state, newest change first. */
export const listQuestions = (ctx: MemberCtx, q: QuestionFilters) => listWhere(ctx, q, []);

/** Approved questions only: reading the bank (readQuestions) and picking for a template. */
export const listApproved = (ctx: MemberCtx, q: Omit<QuestionFilters, 'status' | 'mine'>) => listWhere(ctx, q, [eq(questions.status, 'approved')]);

async function detailWhere(ctx: MemberCtx, questionId: string, approvedOnly: boolean): Promise<TQuestion> {
  const [row] = await inSchool(ctx, async (tx) => {
    const found = await tx.select().from(questions).where(and(eq(questions.id, questionId), approvedOnly ? eq(questions.status, 'approved') : undefined));
    return questionRows(tx, found);
  });
  if (!row) throw new AppError('common.notFound');
  return row;
}

export const questionDetail = (ctx: MemberCtx, questionId: string) => detailWhere(ctx, questionId, false);
export const approvedQuestionDetail = (ctx: MemberCtx, questionId: string) => detailWhere(ctx, questionId, true);

/** The rules of a question, localized; saves nothing (the editor's live check). */
export function checkQuestionBody(ctx: MemberCtx, body: TQuestionBody) {
  const c = checkQuestion(body);
  return { errors: c.errors.map((f) => localizeFinding(ctx, f)), suggestions: c.suggestions.map((f) => localizeFinding(ctx, f)), score: maxScore(normalizeQuestion(body)) };
}

/**
 * Adds or changes a question. Rule errors refuse it (the first one is the message, all of them are
 * the fields); suggestions come back with the saved question. A new question is a draft or, with
 * `submit`, pending; editing follows the state machine (an approved question goes back to review, a
 * pending one cannot be edited).
 */
export async function saveQuestion(ctx: MemberCtx, input: SaveQuestion) {
  const body = normalizeQuestion(bodyOf(input));
  const { errors, suggestions } = checkQuestion(body);
  const first = errors[0];
  if (first) throw new AppError(first.key, first.params, errors.map((f) => ({ path: f.path, message: localizeError(f.key, ctx.lang, f.params) })));
  const stored: StoredBody = { options: body.options, ranges: body.ranges, elements: body.elements, stars: body.stars, commentRequired: body.commentRequired };
  const now = ctx.deps.now();
  const question = await inSchool(ctx, async (tx) => {
    await requireClassification(tx, 'question', input.classificationId);
    if (input.indicatorId) {
      const [ind] = await tx.select({ id: indicators.id }).from(indicators).where(eq(indicators.id, input.indicatorId));
      if (!ind) throw new AppError('common.notFound');
    }
    const values = {
      classificationId: input.classificationId ?? null,
      indicatorId: input.indicatorId ?? null,
      type: body.type,
      title: body.title,
      standard: body.standard,
      score: body.score,
      knowledgeLevel: body.knowledgeLevel,
      body: stored,
      updatedAt: now,
    };
    let rows: QuestionRow[];
    if (input.questionId) {
      const [current] = await tx.select({ status: questions.status }).from(questions).where(eq(questions.id, input.questionId)).for('update');
      if (!current) throw new AppError('common.notFound');
      let status = nextQuestionStatus(current.status, 'edit');
      if (status === null || status === 'deleted') throw new AppError('question.badTransition');
      if (input.submit && status !== 'pending') status = nextQuestionStatus(status, 'submit') as TQuestionStatus;
      rows = await tx.update(questions).set({ ...values, status }).where(eq(questions.id, input.questionId)).returning();
    } else {
      rows = await tx.insert(questions).values({ schoolId: ctx.auth.schoolId, ...values, status: input.submit ? 'pending' : 'draft', createdBy: ctx.auth.accountId }).returning();
    }
    return (await questionRows(tx, rows))[0]!;
  });
  return { question, suggestions: suggestions.map((f) => localizeFinding(ctx, f)) };
}

/** Moves every selected question by the action, or none of them (409) when one cannot take it. */
async function transition(ctx: MemberCtx, ids: string[], action: TQuestionAction, set: (next: TQuestionStatus) => Partial<typeof questions.$inferInsert>) {
  const unique = uniq(ids);
  await inSchool(ctx, async (tx) => {
    const rows = await tx.select({ id: questions.id, status: questions.status }).from(questions).where(inArray(questions.id, unique)).for('update');
    requireFound(rows.length, unique);
    const next = new Set(rows.map((r) => nextQuestionStatus(r.status, action)));
    if (next.has(null)) throw new AppError('question.badTransition');
    if (action === 'delete') {
      await tx.delete(questions).where(inArray(questions.id, unique));
      return;
    }
    // Every action but edit leads from any allowed state to one state.
    const [to] = [...next] as TQuestionStatus[];
    await tx.update(questions).set({ status: to!, ...set(to!) }).where(inArray(questions.id, unique));
  });
}

export const submitQuestions = (ctx: MemberCtx, ids: string[]) => transition(ctx, ids, 'submit', () => ({ updatedAt: ctx.deps.now() }));

export const reviewQuestions = (ctx: MemberCtx, input: { ids: string[]; decision: 'approve' | 'reject'; note?: string | undefined }) =>
  transition(ctx, input.ids, input.decision, () => ({ reviewNote: input.note || null, reviewedBy: ctx.auth.accountId, reviewedAt: ctx.deps.now() }));

export const deleteQuestions = (ctx: MemberCtx, ids: string[]) => transition(ctx, ids, 'delete', () => ({}));
