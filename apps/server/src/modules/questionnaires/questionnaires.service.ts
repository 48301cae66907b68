/**
 * Managing feedback questionnaires (/back/assignmentsQuestionnaire): list, read, save drafts, and
 * the batch actions publish, close and delete, each applied to every selected questionnaire or to
 * none. Questions are copies checked by the contracts' rules; only a draft can be changed.
 */
import type { z } from 'zod';
import {
  type TQuestionnaire,
  type TQuestionnaireStatus,
  type TQuestionnaireSummary,
  type TTemplateQuestion,
  type ZQuestionnaireListRequest,
  type ZSaveQuestionnaireRequest,
} from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { page } from '../../platform/sql-rows.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { refuse } from '../templates/template-store.ts';
import { checkQuestions, normalizeQuestions } from './questionnaire-scoring.ts';
import * as repo from './questionnaires.repo.ts';

/** Who manages questionnaires; the preview page (/example) may read one too. */
export const MANAGER = 'assignmentsQuestionnaire';
const PREVIEW = 'example';

const toSummary = (r: repo.SummaryRow): TQuestionnaireSummary => ({
  questionnaireId: r.questionnaireId,
  title: r.title,
  description: r.description,
  audience: r.audience,
  status: r.status,
  startDate: r.startDate,
  endDate: r.endDate,
  questionCount: r.questionCount,
  courseCount: r.courseCount,
  teacherCount: r.teacherCount,
  responseCount: r.responseCount,
  createdBy: r.creatorId ? { userId: r.creatorId, name: r.creatorName ?? '', account: r.creatorAccount ?? '' } : null,
  createdAt: r.createdAt,
});

/** Questionnaires of the school, newest changed first; the counts are computed for the page only. */
export async function listQuestionnaires(ctx: MemberCtx, q: z.output<typeof ZQuestionnaireListRequest>) {
  return inSchool(ctx, async (tx) => {
    const { rows, total } = await repo.questionnairePage(tx, q);
    return page(rows.map(toSummary), total, q);
  });
}

/** One questionnaire with its questions, courses (and their teachers) and teachers; 404 when deleted or of another school. */
export async function readQuestionnaire(tx: Tx, questionnaireId: string): Promise<TQuestionnaire> {
  const row = await repo.questionnaireRow(tx, questionnaireId);
  if (!row) throw new AppError('common.notFound');
  const courses = await repo.questionnaireCourseRows(tx, questionnaireId);
  const teachers = await repo.questionnaireTeacherRows(tx, questionnaireId);
  return {
    ...toSummary(row),
    questions: row.questions,
    courses: courses.map((c) => ({ courseId: c.courseId, name: c.name, code: c.code, teacher: { userId: c.userId, name: c.teacherName, account: c.teacherAccount } })),
    teachers,
  };
}

export async function questionnaireDetail(ctx: MemberCtx, questionnaireId: string) {
  if (!ctx.auth.permissions.includes(MANAGER) && !ctx.auth.permissions.includes(PREVIEW)) throw new AppError('auth.forbidden');
  return inSchool(ctx, (tx) => readQuestionnaire(tx, questionnaireId));
}

/** Courses of this school and approved teacher members, all of them or 404 (another school's look the same as none). */
async function requireTargets(tx: Tx, courseIds: string[], teacherIds: string[]) {
  if (courseIds.length) {
    if (await repo.courseCount(tx, courseIds) !== courseIds.length) throw new AppError('common.notFound');
  }
  if (teacherIds.length) {
    if (await repo.approvedTeacherCount(tx, teacherIds) !== teacherIds.length) throw new AppError('common.notFound');
  }
}

/** Source questions must be questions of this school's bank, unless the draft already held them (since deleted from the bank). */
async function requireSources(tx: Tx, list: TTemplateQuestion[], previous: TTemplateQuestion[]) {
  const held = new Set(previous.flatMap((q) => (q.sourceQuestionId ? [q.sourceQuestionId] : [])));
  const ids = [...new Set(list.flatMap((q) => (q.sourceQuestionId && !held.has(q.sourceQuestionId) ? [q.sourceQuestionId] : [])))];
  if (!ids.length) return;
  if (await repo.bankQuestionCount(tx, ids) !== ids.length) throw new AppError('common.notFound');
}

/** Adds a draft or changes one (a published or closed questionnaire is locked); replaces its courses or teachers. */
export async function saveQuestionnaire(ctx: MemberCtx, input: z.output<typeof ZSaveQuestionnaireRequest>) {
  const list = normalizeQuestions(input.questions);
  const check = checkQuestions(list);
  if (check.errors.length) refuse(ctx, check.errors);
  const courseIds = input.audience === 'student' ? [...new Set(input.courseIds)] : [];
  const teacherIds = input.audience === 'teacher' ? [...new Set(input.teacherIds)] : [];
  const now = ctx.deps.now();
  const schoolId = ctx.auth.schoolId;
  return inSchool(ctx, async (tx) => {
    let previous: TTemplateQuestion[] = [];
    if (input.questionnaireId) {
      const row = await repo.lockQuestionnaire(tx, input.questionnaireId);
      if (!row) throw new AppError('common.notFound');
      if (row.status !== 'draft') throw new AppError('questionnaire.publishedLocked');
      previous = row.questions;
    }
    await requireSources(tx, list, previous);
    await requireTargets(tx, courseIds, teacherIds);
    const fields: repo.DraftFields = {
      title: input.title, description: input.description || null, audience: input.audience, startDate: input.startDate, endDate: input.endDate,
      questions: list, questionCount: list.length, updatedAt: now,
    };
    let id = input.questionnaireId;
    if (id) await repo.updateDraftClearingTargets(tx, id, fields);
    else id = await repo.insertDraft(tx, schoolId, fields, ctx.auth.accountId, now);
    await repo.insertTargets(tx, schoolId, id, courseIds, teacherIds);
    return readQuestionnaire(tx, id);
  });
}

type Action = 'publish' | 'close' | 'delete';
/** The states each action applies to. */
const FROM: Record<Action, readonly TQuestionnaireStatus[]> = { publish: ['draft'], close: ['published'], delete: ['draft', 'closed'] };

/** The selected questionnaires, locked, once every one allows the action: 404 when any is missing, 409 when any may not. */
async function rowsFor(tx: Tx, ids: string[], action: Action) {
  const unique = [...new Set(ids)];
  const rows = await repo.lockForTransition(tx, unique);
  if (rows.length !== unique.length) throw new AppError('common.notFound');
  if (rows.some((r) => !FROM[action].includes(r.status))) throw new AppError('questionnaire.badTransition');
  // Publishing needs questions and someone to answer (a course or teacher may have left since saving).
  if (action === 'publish' && rows.some((r) => r.questionCount < 1 || r.targets < 1)) throw new AppError('questionnaire.badTransition');
  return unique;
}

export async function transition(ctx: MemberCtx, ids: string[], action: Action) {
  const now = ctx.deps.now().toISOString();
  await inSchool(ctx, async (tx) => {
    await repo.applyTransition(tx, await rowsFor(tx, ids, action), action, now);
  });
  return null;
}
