import {
  checkQuestion,
  maxScore,
  nextQuestionStatus,
  normalizeQuestion,
  type TQuestion,
  type TQuestionAction,
  type TQuestionBody,
  type TQuestionStatus,
} from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, localizeError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { peopleRefs } from '../supervision/supervision.service.ts';
import { classificationNames } from './classifications.repo.ts';
import { requireClassification } from './classifications.service.ts';
import { localizeFinding, page, requireFound, uniq, type PageQuery } from './catalog.shared.ts';
import { indicatorExists, indicatorNames } from './indicators.repo.ts';
import * as repo from './questions.repo.ts';
import type { QuestionFields, QuestionRow, StoredBody } from './questions.repo.ts';

export type QuestionFilters = PageQuery & repo.QuestionFilter;
type SaveQuestion = TQuestionBody & { questionId?: string | undefined; classificationId?: string | null | undefined; indicatorId?: string | null | undefined; submit: boolean };


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
  const classRows = classIds.length ? await classificationNames(tx, classIds) : [];
  const indicatorRows = indicatorIds.length ? await indicatorNames(tx, indicatorIds) : [];
  const uses = await repo.templateUses(tx, rows.map((r) => r.id));
  const people = await peopleRefs(tx, rows.flatMap((r) => [r.createdBy, r.reviewedBy].filter((x): x is string => !!x)));
  const className = new Map(classRows.map((c) => [c.id, c.name]));
  const indicatorName = new Map(indicatorRows.map((c) => [c.id, c.name]));
  const useCount = new Map(uses.map((u) => [u.id, u.n]));
  return rows.map((r) => ({
    ...normalizeQuestion({ ...r.body, type: r.type, title: r.title, standard: r.standard, score: r.score, knowledgeLevel: r.knowledgeLevel ?? null }),
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
  }));
}

/** A page of the bank, filtered; `approvedOnly` keeps approved questions, `mine` the caller's own. */
async function listWhere(ctx: MemberCtx, q: QuestionFilters, approvedOnly: boolean) {
  return inSchool(ctx, async (tx) => {
    const filter = { ...q, me: ctx.auth.accountId, approvedOnly };
    const total = await repo.questionCount(tx, filter);
    const rows = await repo.questionsPage(tx, filter);
    return page(await questionRows(tx, rows), total, q);
  });
}

/** The bank as its managers see it: every state, newest change first. */
export const listQuestions = (ctx: MemberCtx, q: QuestionFilters) => listWhere(ctx, q, false);

/** Approved questions only: reading the bank (readQuestions) and picking for a template. */
export const listApproved = (ctx: MemberCtx, q: Omit<QuestionFilters, 'status' | 'mine'>) => listWhere(ctx, q, true);

async function detailWhere(ctx: MemberCtx, questionId: string, approvedOnly: boolean): Promise<TQuestion> {
  const [row] = await inSchool(ctx, async (tx) => {
    return questionRows(tx, await repo.questionById(tx, questionId, approvedOnly));
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
      if (!(await indicatorExists(tx, input.indicatorId))) throw new AppError('common.notFound');
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
      const current = await repo.lockQuestionStatus(tx, input.questionId);
      if (!current) throw new AppError('common.notFound');
      let status = nextQuestionStatus(current, 'edit');
      if (status === null || status === 'deleted') throw new AppError('question.badTransition');
      if (input.submit && status !== 'pending') status = nextQuestionStatus(status, 'submit') as TQuestionStatus;
      rows = await repo.updateQuestion(tx, input.questionId, { ...values, status });
    } else {
      rows = await repo.insertQuestion(tx, ctx.auth.schoolId, { ...values, status: input.submit ? 'pending' : 'draft', createdBy: ctx.auth.accountId });
    }
    return (await questionRows(tx, rows))[0]!;
  });
  return { question, suggestions: suggestions.map((f) => localizeFinding(ctx, f)) };
}

/** Moves every selected question by the action, or none of them (409) when one cannot take it. */
async function transition(ctx: MemberCtx, ids: string[], action: TQuestionAction, set: (next: TQuestionStatus) => Partial<QuestionFields>) {
  const unique = uniq(ids);
  await inSchool(ctx, async (tx) => {
    const rows = await repo.lockQuestions(tx, unique);
    requireFound(rows.length, unique);
    const next = new Set(rows.map((r) => nextQuestionStatus(r.status, action)));
    if (next.has(null)) throw new AppError('question.badTransition');
    if (action === 'delete') {
      await repo.deleteQuestions(tx, unique);
      return;
    }
    // Every action but edit leads from any allowed state to one state.
    const [to] = [...next] as TQuestionStatus[];
    await repo.updateQuestions(tx, unique, { status: to!, ...set(to!) });
  });
}

export const submitQuestions = (ctx: MemberCtx, ids: string[]) => transition(ctx, ids, 'submit', () => ({ updatedAt: ctx.deps.now() }));

export const reviewQuestions = (ctx: MemberCtx, input: { ids: string[]; decision: 'approve' | 'reject'; note?: string | undefined }) =>
  transition(ctx, input.ids, input.decision, () => ({ reviewNote: input.note || null, reviewedBy: ctx.auth.accountId, reviewedAt: ctx.deps.now() }));

export const deleteQuestions = (ctx: MemberCtx, ids: string[]) => transition(ctx, ids, 'delete', () => ({}));
