/** The question bank's SQL (docs/decisions/0016-repositories.md). */
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { TKnowledgeLevel, TQuestionBody, TQuestionStatus, TQuestionType } from '@hxk/contracts';
import { indicators, questions, templateQuestionSources } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';

/** The type-specific part of a question, kept in the `body` column. */
export type StoredBody = Pick<TQuestionBody, 'options' | 'ranges' | 'elements' | 'stars' | 'commentRequired'>;
/**
 * The body column as saveQuestion writes it (checked by the contracts' rules before it is written;
 * the table's check keeps it an object). Read as it is: normalizeQuestion shapes it for replies.
 */
const storedBody = z.custom<StoredBody>((v) => typeof v === 'object' && v !== null && !Array.isArray(v));

export type QuestionRow = Omit<typeof questions.$inferSelect, 'body'> & { body: StoredBody };
export type QuestionFields = Omit<typeof questions.$inferInsert, 'schoolId' | 'id'>;

const typed = (rows: (typeof questions.$inferSelect)[]): QuestionRow[] => rows.map((r) => ({ ...r, body: storedBody.parse(r.body) }));

export type QuestionFilter = {
  keyword?: string | undefined;
  type?: TQuestionType | undefined;
  classificationId?: string | undefined;
  indicatorId?: string | undefined;
  knowledgeLevel?: TKnowledgeLevel | undefined;
  status?: TQuestionStatus | undefined;
  mine?: boolean | undefined;
};

/** The list's filters; `me` is whose questions `mine` means, `approvedOnly` keeps approved ones. */
function listWhere(tx: Tx, q: QuestionFilter & { me: string; approvedOnly: boolean }) {
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
  if (q.mine) out.push(eq(questions.createdBy, q.me));
  return and(...out, ...(q.approvedOnly ? [eq(questions.status, 'approved')] : []));
}

export type QuestionListFilter = Parameters<typeof listWhere>[1];

export async function questionCount(tx: Tx, q: QuestionListFilter): Promise<number> {
  // index: questions_status_idx (school_id, status, updated_at)
  // index: questions_creator_idx (school_id, created_by, updated_at) for "mine"
  const [row] = await tx.select({ n: count() }).from(questions).where(listWhere(tx, q));
  return Number(row?.n ?? 0);
}

/** A page of questions, newest change first. */
export async function questionsPage(tx: Tx, q: QuestionListFilter & { pageNum: number; pageSize: number }): Promise<QuestionRow[]> {
  // index: questions_status_idx (school_id, status, updated_at)
  // index: questions_creator_idx (school_id, created_by, updated_at) for "mine"
  const rows = await tx
    .select()
    .from(questions)
    .where(listWhere(tx, q))
    .orderBy(desc(questions.updatedAt), desc(questions.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return typed(rows);
}

/** The question with this id (approved only, when asked): none or one row. */
export async function questionById(tx: Tx, id: string, approvedOnly: boolean): Promise<QuestionRow[]> {
  // index: questions_school_id_id_pk (school_id, id)
  return typed(await tx.select().from(questions).where(and(eq(questions.id, id), approvedOnly ? eq(questions.status, 'approved') : undefined)));
}

/** A question's status, locked for the change. */
export async function lockQuestionStatus(tx: Tx, id: string): Promise<TQuestionStatus | undefined> {
  const [row] = await tx.select({ status: questions.status }).from(questions).where(eq(questions.id, id)).for('update');
  return row?.status;
}

export async function updateQuestion(tx: Tx, id: string, fields: Partial<QuestionFields>): Promise<QuestionRow[]> {
  return typed(await tx.update(questions).set(fields).where(eq(questions.id, id)).returning());
}

export async function insertQuestion(tx: Tx, schoolId: string, fields: QuestionFields): Promise<QuestionRow[]> {
  return typed(await tx.insert(questions).values({ schoolId, ...fields }).returning());
}

/** The statuses of the questions found among the ids, locked for the change. */
export function lockQuestions(tx: Tx, ids: string[]) {
  return tx.select({ id: questions.id, status: questions.status }).from(questions).where(inArray(questions.id, ids)).for('update');
}

export async function deleteQuestions(tx: Tx, ids: string[]): Promise<void> {
  await tx.delete(questions).where(inArray(questions.id, ids));
}

export async function updateQuestions(tx: Tx, ids: string[], fields: Partial<QuestionFields>): Promise<void> {
  await tx.update(questions).set(fields).where(inArray(questions.id, ids));
}

/** Files the questions of these indicators under none. */
export async function detachIndicators(tx: Tx, indicatorIds: string[]): Promise<void> {
  // index: questions_indicator_idx (school_id, indicator_id)
  await tx.update(questions).set({ indicatorId: null }).where(inArray(questions.indicatorId, indicatorIds));
}

/** How many questions are filed under each of the indicators. */
export async function countsByIndicator(tx: Tx, indicatorIds: string[]): Promise<{ id: string | null; n: number }[]> {
  // index: questions_indicator_idx (school_id, indicator_id)
  const rows = await tx
    .select({ id: questions.indicatorId, n: count() })
    .from(questions)
    .where(inArray(questions.indicatorId, indicatorIds))
    .groupBy(questions.indicatorId);
  return rows.map((r) => ({ id: r.id, n: Number(r.n) }));
}

/** How many templates took each of the questions. */
export async function templateUses(tx: Tx, questionIds: string[]): Promise<{ id: string; n: number }[]> {
  // index: template_question_sources_question_idx (school_id, question_id)
  const rows = await tx
    .select({ id: templateQuestionSources.questionId, n: count() })
    .from(templateQuestionSources)
    .where(inArray(templateQuestionSources.questionId, questionIds))
    .groupBy(templateQuestionSources.questionId);
  return rows.map((r) => ({ id: r.id, n: Number(r.n) }));
}
