/**
 * What teachers see of their students' answers (/teacherFeedback, /feedbackDetails) and the QR code
 * they show at the end of a class. Every reply is an aggregate over responses, which carry no
 * respondent: counts, means and comments, never a person and never one response's row.
 * A teacher reads the courses they teach; questionnaire managers any course, or a whole questionnaire.
 */
import QRCode from 'qrcode';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { addDays, zonedClock, type TAnswer, type TFeedbackDetail, type TTemplateQuestion, type ZFeedbackListRequest } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { page, rowsOf } from '../../platform/sql-rows.ts';
import { containsPattern, inSchool } from '../../platform/tenancy.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import { aggregate } from './questionnaire-scoring.ts';
import { MANAGER } from './questionnaires.service.ts';
import { classColumns, classJoins, presentClass, sessionClock, type ClassRow } from '../evaluations/evaluated-class.ts';

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
    const [course] = rowsOf<{ teacherId: string; listed: boolean }>(await tx.execute(sql`
      select c.teacher_id::text as "teacherId",
        exists (select 1 from questionnaire_courses x join questionnaires qq on qq.school_id = x.school_id and qq.id = x.questionnaire_id
          where x.questionnaire_id = ${q.questionnaireId} and x.course_id = c.id and qq.deleted_at is null and qq.audience = 'student') as listed
      from courses c where c.id = ${q.courseId}`));
    if (!course || !course.listed) throw new AppError('common.notFound');
    if (course.teacherId !== ctx.auth.accountId) throw new AppError('questionnaire.notYourClass');
    const rows = rowsOf<ClassRow>(await tx.execute(sql`
      select ${classColumns} from course_sessions cs ${classJoins(sql`c.teacher_id`)}
      where cs.course_id = ${q.courseId} and cs.lesson_date between ${today}::date and ${today}::date + 14
      order by cs.lesson_date, cs.session_start limit 20`));
    const times = await sessionClock(tx);
    return rows.map((r) => presentClass(r, times));
  });
}

export async function questionnaireQr(ctx: MemberCtx, q: { questionnaireId: string; courseSessionId: string }, origin: string) {
  const today = schoolClock(ctx).date;
  const found = await inSchool(ctx, async (tx) => {
    const [s] = rowsOf<{ courseId: string; teacherId: string }>(await tx.execute(sql`
      select c.id::text as "courseId", c.teacher_id::text as "teacherId"
      from course_sessions cs join courses c on c.school_id = cs.school_id and c.id = cs.course_id where cs.id = ${q.courseSessionId}`));
    if (!s) throw new AppError('common.notFound');
    if (s.teacherId !== ctx.auth.accountId) throw new AppError('questionnaire.notYourClass');
    const [row] = rowsOf<{ status: string; endDate: string; listed: boolean }>(await tx.execute(sql`
      select q.status, q.end_date::text as "endDate",
        exists (select 1 from questionnaire_courses x where x.school_id = q.school_id and x.questionnaire_id = q.id and x.course_id = ${s.courseId}) as listed
      from questionnaires q where q.id = ${q.questionnaireId} and q.deleted_at is null and q.status <> 'draft' and q.audience = 'student'`));
    if (!row || !row.listed) throw new AppError('common.notFound');
    if (row.status !== 'published' || today > row.endDate) throw new AppError('questionnaire.notOpen');
    return row;
  });
  const params = new URLSearchParams({ questionnaireId: q.questionnaireId, courseSessionId: q.courseSessionId });
  const url = `${origin}/hxk/EvaluationQuestionnaire?${params.toString()}`;
  const dataUrl = await QRCode.toDataURL(url, { margin: 1, width: 280, errorCorrectionLevel: 'M' });
  return { url, dataUrl, expiresAt: endOfSchoolDay(found.endDate, ctx.deps.config.schoolTimezone) };
}

type FeedbackRow = {
  questionnaireId: string; title: string; status: 'published' | 'closed'; startDate: string; endDate: string;
  courseId: string; courseName: string; courseCode: string; teacherId: string; teacherName: string; teacherAccount: string;
  studentCount: number; responseCount: number; averagePercent: number | null;
};

/** Whose feedback: mine, or (questionnaire managers only) another teacher's. */
function teacherOf(ctx: MemberCtx, teacherId: string | undefined): string {
  if (!teacherId || teacherId === ctx.auth.accountId) return ctx.auth.accountId;
  if (!ctx.auth.permissions.includes(MANAGER)) throw new AppError('report.notAllowed');
  return teacherId;
}

const round1 = (n: number | null) => (n === null ? null : Math.round(Number(n) * 10) / 10);

/**
 * One row per published or closed student questionnaire and course of the teacher among its
 * courses, with the enrolment, the responses and their mean percent: one statement, the counts
 * computed for the page's rows only (lateral joins on indexed keys).
 */
export async function feedbackList(ctx: MemberCtx, q: z.output<typeof ZFeedbackListRequest>) {
  const teacherId = teacherOf(ctx, q.teacherId);
  return inSchool(ctx, async (tx) => {
    const f: SQL[] = [sql`q.audience = 'student'`, sql`q.status <> 'draft'`, sql`q.deleted_at is null`, sql`c.teacher_id = ${teacherId}`];
    if (q.keyword) {
      const p = containsPattern(q.keyword);
      f.push(sql`(q.title ilike ${p} or c.name ilike ${p} or c.code ilike ${p})`);
    }
    const from = sql`from questionnaires q
      join questionnaire_courses qc on qc.school_id = q.school_id and qc.questionnaire_id = q.id
      join courses c on c.school_id = qc.school_id and c.id = qc.course_id
      where ${sql.join(f, sql` and `)}`;
    const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n ${from}`));
    const rows = rowsOf<FeedbackRow>(await tx.execute(sql`
      with pg as (
        select q.school_id, q.id, q.title, q.status, q.start_date, q.end_date, c.id as course_id, c.name as course_name, c.code as course_code, c.teacher_id
        ${from}
        order by q.start_date desc, q.id desc, c.code, c.id limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}
      )
      select pg.id::text as "questionnaireId", pg.title, pg.status, pg.start_date::text as "startDate", pg.end_date::text as "endDate",
        pg.course_id::text as "courseId", pg.course_name as "courseName", pg.course_code as "courseCode",
        t.id::text as "teacherId", t.name as "teacherName", t.account as "teacherAccount",
        st.n as "studentCount", rs.n as "responseCount", rs.avg as "averagePercent"
      from pg join accounts t on t.id = pg.teacher_id
      cross join lateral (select count(*)::int as n from course_students e where e.school_id = pg.school_id and e.course_id = pg.course_id) st
      cross join lateral (
        select count(*)::int as n, avg(r.score_percent) as avg from questionnaire_responses r
        where r.school_id = pg.school_id and r.questionnaire_id = pg.id and r.course_id = pg.course_id
      ) rs
      order by pg.start_date desc, pg.id desc, pg.course_code, pg.course_id`));
    const list = rows.map((r) => ({
      questionnaireId: r.questionnaireId,
      title: r.title,
      status: r.status,
      course: { courseId: r.courseId, name: r.courseName, code: r.courseCode, studentCount: Number(r.studentCount) },
      teacher: { userId: r.teacherId, name: r.teacherName, account: r.teacherAccount },
      responseCount: Number(r.responseCount),
      averagePercent: round1(r.averagePercent === null ? null : Number(r.averagePercent)),
      startDate: r.startDate,
      endDate: r.endDate,
    }));
    return page(list, Number(count?.n ?? 0), q);
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
    const [row] = rowsOf<{ id: string; title: string; questions: TTemplateQuestion[] }>(await tx.execute(sql`
      select id::text as id, title, questions from questionnaires where id = ${q.questionnaireId} and deleted_at is null and status <> 'draft'`));
    if (!row) throw new AppError('common.notFound');
    let course: TFeedbackDetail['course'] = null;
    let teacher: TFeedbackDetail['teacher'] = null;
    if (q.courseId) {
      type C = { courseId: string; name: string; code: string; studentCount: number; userId: string; teacherName: string; account: string };
      const [c] = rowsOf<C>(await tx.execute(sql`
        select c.id::text as "courseId", c.name, c.code, t.id::text as "userId", t.name as "teacherName", t.account,
          (select count(*)::int from course_students e where e.school_id = c.school_id and e.course_id = c.id) as "studentCount"
        from questionnaire_courses qc join courses c on c.school_id = qc.school_id and c.id = qc.course_id join accounts t on t.id = c.teacher_id
        where qc.questionnaire_id = ${row.id} and qc.course_id = ${q.courseId}`));
      if (!c || (!manager && c.userId !== ctx.auth.accountId)) throw new AppError('common.notFound');
      course = { courseId: c.courseId, name: c.name, code: c.code, studentCount: Number(c.studentCount) };
      teacher = { userId: c.userId, name: c.teacherName, account: c.account };
    } else if (!manager) {
      throw new AppError('report.notAllowed');
    }
    const responses = rowsOf<{ answers: Record<string, TAnswer>; scorePercent: number | null }>(await tx.execute(sql`
      select answers, score_percent as "scorePercent" from questionnaire_responses
      where questionnaire_id = ${row.id} ${q.courseId ? sql`and course_id = ${q.courseId}` : sql``}`));
    return { questionnaireId: row.id, title: row.title, course, teacher, ...aggregate(row.questions, responses) };
  });
}
