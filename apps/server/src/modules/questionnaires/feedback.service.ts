/**
 * What teachers see of their students' answers (/teacherFeedback, /feedbackDetails) and the QR code
 * they show at the end of a class. Every reply is an aggregate over responses, which carry no
 * respondent: counts, means and comments, never a person and never one response's row.
 * A teacher reads the courses they teach; questionnaire managers any course, or a whole questionnaire.
 */
import QRCode from 'qrcode';
import type { z } from 'zod';
import { addDays, zonedClock, type TFeedbackDetail, type ZFeedbackListRequest } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { page } from '../../platform/sql-rows.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import { aggregate } from './questionnaire-scoring.ts';
import { MANAGER } from './questionnaires.service.ts';
import * as repo from './feedback.repo.ts';
import { presentClass, sessionClock } from '../evaluations/evaluated-class.ts';

/** The last instant of a day on the school's clock (the start of the next day, less a millisecond). */
export function endOfSchoolDay(date: string, timeZone: string): string {
  const next = addDays(date, 1);
  let t = Date.parse(`${next}T00:00:00Z`);
  // Two corrections reach the offset, a third settles a day of a daylight-saving change.
  for (let i = 0; i < 3; i++) {
    const c = zonedClock(new Date(t), timeZone);
    t -= (c.minute + (c.date === next ? 0 : c.date < next ? -1440 : 1440)) * 60_000;
  }
  return new Date(t - 1).toISOString();
}

/**
 * The QR code a teacher shows at the end of a class of theirs: the fill page's address for that
 * class, valid until the questionnaire's last day ends.
 */
/**
 * The classes of one of my courses a questionnaire lists, to show its QR at: today's, ended or not,
 * and the next two weeks' (at most 20, in time order). Another teacher's course: not mine to show.
 */
export async function questionnaireClasses(ctx: MemberCtx, q: { questionnaireId: string; courseId: string }) {
  const today = schoolClock(ctx).date;
  return inSchool(ctx, async (tx) => {
    const course = await repo.courseListing(tx, q.questionnaireId, q.courseId);
    if (!course || !course.listed) throw new AppError('common.notFound');
    if (course.teacherId !== ctx.auth.accountId) throw new AppError('questionnaire.notYourClass');
    const rows = await repo.upcomingClasses(tx, q.courseId, today, 20);
    const times = await sessionClock(tx);
    return rows.map((r) => presentClass(r, times));
  });
}

export async function questionnaireQr(ctx: MemberCtx, q: { questionnaireId: string; courseSessionId: string }, origin: string) {
  const today = schoolClock(ctx).date;
  const found = await inSchool(ctx, async (tx) => {
    const s = await repo.sessionCourse(tx, q.courseSessionId);
    if (!s) throw new AppError('common.notFound');
    if (s.teacherId !== ctx.auth.accountId) throw new AppError('questionnaire.notYourClass');
    const row = await repo.studentQuestionnaireFor(tx, q.questionnaireId, s.courseId);
    if (!row || !row.listed) throw new AppError('common.notFound');
    if (row.status !== 'published' || today > row.endDate) throw new AppError('questionnaire.notOpen');
    return row;
  });
  const params = new URLSearchParams({ questionnaireId: q.questionnaireId, courseSessionId: q.courseSessionId });
  const url = `${origin}/hxk/EvaluationQuestionnaire?${params.toString()}`;
  const dataUrl = await QRCode.toDataURL(url, { margin: 1, width: 280, errorCorrectionLevel: 'M' });
  return { url, dataUrl, expiresAt: endOfSchoolDay(found.endDate, ctx.deps.config.schoolTimezone) };
}

/** Whose feedback: mine, or (questionnaire managers only) another teacher's. */
function teacherOf(ctx: MemberCtx, teacherId: string | undefined): string {
  if (!teacherId || teacherId === ctx.auth.accountId) return ctx.auth.accountId;
  if (!ctx.auth.permissions.includes(MANAGER)) throw new AppError('report.notAllowed');
  return teacherId;
}

const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

/**
 * One row per published or closed student questionnaire and course of the teacher among its
 * courses, with the enrolment, the responses and their mean percent: one statement, the counts
 * computed for the page's rows only (lateral joins on indexed keys).
 */
export async function feedbackList(ctx: MemberCtx, q: z.output<typeof ZFeedbackListRequest>) {
  const teacherId = teacherOf(ctx, q.teacherId);
  return inSchool(ctx, async (tx) => {
    const { rows, total } = await repo.feedbackPage(tx, teacherId, q);
    const list = rows.map((r) => ({
      questionnaireId: r.questionnaireId,
      title: r.title,
      status: r.status,
      course: { courseId: r.courseId, name: r.courseName, code: r.courseCode, studentCount: r.studentCount },
      teacher: { userId: r.teacherId, name: r.teacherName, account: r.teacherAccount },
      responseCount: r.responseCount,
      averagePercent: round1(r.averagePercent),
      startDate: r.startDate,
      endDate: r.endDate,
    }));
    return page(list, total, q);
  });
}

/**
 * The aggregate of one questionnaire's responses: about one course (a teacher's own; any with the
 * manager permission), or the whole questionnaire (managers only). Another teacher's course reads
 * as not found.
 */
export async function feedbackDetail(ctx: MemberCtx, q: { questionnaireId: string; courseId?: string | undefined }): Promise<TFeedbackDetail> {
  const manager = ctx.auth.permissions.includes(MANAGER);
  return inSchool(ctx, async (tx) => {
    const row = await repo.feedbackQuestionnaire(tx, q.questionnaireId);
    if (!row) throw new AppError('common.notFound');
    let course: TFeedbackDetail['course'] = null;
    let teacher: TFeedbackDetail['teacher'] = null;
    if (q.courseId) {
      const c = await repo.feedbackCourse(tx, row.id, q.courseId);
      if (!c || (!manager && c.userId !== ctx.auth.accountId)) throw new AppError('common.notFound');
      course = { courseId: c.courseId, name: c.name, code: c.code, studentCount: c.studentCount };
      teacher = { userId: c.userId, name: c.teacherName, account: c.account };
    } else if (!manager) {
      throw new AppError('report.notAllowed');
    }
    const responses = await repo.responses(tx, row.id, q.courseId);
    return { questionnaireId: row.id, title: row.title, course, teacher, ...aggregate(row.questions, responses) };
  });
}
