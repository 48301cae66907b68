/**
 * Answering questionnaires (/EvaluationQuestionnaire, /feeQuestionnaire): the form as a respondent
 * fills it, submitting once, and the questionnaires addressed to me. A student questionnaire is
 * answered about one of its courses in which I am enrolled (reached from the QR code of a class, or
 * from my list); a teacher questionnaire by its teachers, once. Who answered and what was answered
 * are written in one transaction into two tables that nothing joins (see db/schema/questionnaires.ts).
 */
import type { z } from 'zod';
import type { TAnswer, TQuestionnaireForm, ZMyQuestionnairesRequest } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, localizeError } from '../../platform/errors.ts';
import { page } from '../../platform/sql-rows.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import { answerFindings, keepKnown, responsePercent } from './questionnaire-scoring.ts';
import * as repo from './respond.repo.ts';

type Target = { questionnaireId: string; courseId?: string | undefined; courseSessionId?: string | undefined };
type Resolved = { q: repo.QRow; course: TQuestionnaireForm['course']; courseSessionId: string | null; answered: boolean };

/** The course a student answers about: the one given, or the course of the class given (they must agree). */
async function courseOf(tx: Tx, t: Target): Promise<string> {
  let courseId = t.courseId;
  if (t.courseSessionId) {
    const sessionCourse = await repo.courseOfSession(tx, t.courseSessionId);
    if (!sessionCourse || (courseId && courseId !== sessionCourse)) throw new AppError('common.notFound');
    courseId = sessionCourse;
  }
  if (!courseId) throw new AppError('questionnaire.courseRequired');
  return courseId;
}

/**
 * What I may answer, or why not: a questionnaire of this school that is published and open today,
 * addressed to me (for student questionnaires: a course of it in which I am enrolled).
 */
async function resolve(ctx: MemberCtx, tx: Tx, t: Target): Promise<Resolved> {
  const me = ctx.auth.accountId;
  const q = await repo.answerableQuestionnaire(tx, t.questionnaireId);
  if (!q) throw new AppError('common.notFound');
  const today = schoolClock(ctx).date;
  if (q.status !== 'published' || today < q.startDate || today > q.endDate) throw new AppError('questionnaire.notOpen');
  if (q.audience === 'teacher') {
    const r = await repo.teacherAudience(tx, q.id, me);
    if (!r?.mine) throw new AppError('questionnaire.notAudience');
    return { q, course: null, courseSessionId: null, answered: r.answered };
  }
  const courseId = await courseOf(tx, t);
  const c = await repo.courseAudience(tx, q.id, courseId, me);
  if (!c) throw new AppError('common.notFound');
  if (!c.listed || !c.enrolled) throw new AppError('questionnaire.notAudience');
  return { q, course: { courseId: c.courseId, name: c.name, teacherName: c.teacherName }, courseSessionId: t.courseSessionId ?? null, answered: c.answered };
}

const formOf = (r: Resolved, answered = r.answered): TQuestionnaireForm => ({
  questionnaireId: r.q.id,
  title: r.q.title,
  description: r.q.description,
  questions: r.q.questions,
  course: r.course,
  courseSessionId: r.courseSessionId,
  endDate: r.q.endDate,
  answered,
});

export async function questionnaireForm(ctx: MemberCtx, t: Target) {
  return inSchool(ctx, async (tx) => formOf(await resolve(ctx, tx, t)));
}

/**
 * Answers a questionnaire once, every question answered within its rules. The submission (who) and
 * the response (what) are inserted together; the unique index on submissions settles two racing
 * submits, and the second one's response is never written.
 */
export async function submitQuestionnaire(ctx: MemberCtx, input: Target & { answers: Record<string, TAnswer> }) {
  return inSchool(ctx, async (tx) => {
    const r = await resolve(ctx, tx, input);
    if (r.answered) throw new AppError('questionnaire.answered');
    const answers = keepKnown(r.q.questions, input.answers);
    const findings = answerFindings(r.q.questions, answers);
    const [first] = findings;
    if (first) throw new AppError(first.key, first.params, findings.map((f) => ({ path: f.path, message: localizeError(f.key, ctx.lang, f.params) })));
    const schoolId = ctx.auth.schoolId;
    const courseId = r.course?.courseId ?? null;
    const made = await repo.insertSubmission(tx, { schoolId, questionnaireId: r.q.id, courseId, respondentId: ctx.auth.accountId, createdAt: ctx.deps.now() });
    if (!made) throw new AppError('questionnaire.answered');
    await repo.insertResponse(tx, {
      schoolId, questionnaireId: r.q.id, courseId, courseSessionId: courseId ? r.courseSessionId : null, answers, scorePercent: responsePercent(r.q.questions, answers),
    });
    return formOf(r, true);
  });
}

/**
 * Questionnaires addressed to me: per course I am enrolled in among a student questionnaire's
 * courses, once for a teacher questionnaire. Published ones, and closed ones I answered; open ones
 * first, then by end date.
 */
export async function myQuestionnaires(ctx: MemberCtx, q: z.output<typeof ZMyQuestionnairesRequest>) {
  const me = ctx.auth.accountId;
  const today = schoolClock(ctx).date;
  return inSchool(ctx, async (tx) => {
    const { rows, total } = await repo.addressedToMe(tx, q, me, today);
    const list = rows.map((r) => ({
      questionnaireId: r.questionnaireId,
      title: r.title,
      course: r.courseId ? { courseId: r.courseId, name: r.courseName ?? '', teacherName: r.teacherName ?? '' } : null,
      questionCount: r.questionCount,
      endDate: r.endDate,
      answered: r.answered,
      open: r.status === 'published' && r.startDate <= today && r.endDate >= today,
    }));
    return page(list, total, q);
  });
}
