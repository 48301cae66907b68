/**
 * Answering questionnaires (/EvaluationQuestionnaire, /feeQuestionnaire): the form as a respondent
 * fills it, submitting once, and the questionnaires addressed to me. A student questionnaire is
 * answered about one of its courses in which I am enrolled (reached from the QR code of a class, or
 * from my list); a teacher questionnaire by its teachers, once. Who answered and what was answered
 * are written in one transaction into two tables that nothing joins (see db/schema/questionnaires.ts).
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TAnswer, TQuestionnaireForm, TTemplateQuestion, ZMyQuestionnairesRequest } from '@hxk/contracts';
import { questionnaireResponses, questionnaireSubmissions } from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, localizeError } from '../../platform/errors.ts';
import { page, rowsOf } from '../../platform/sql-rows.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import { answerFindings, keepKnown, responsePercent } from './questionnaire-scoring.ts';

type Target = { questionnaireId: string; courseId?: string | undefined; courseSessionId?: string | undefined };
type QRow = {
  id: string; title: string; description: string | null; audience: 'student' | 'teacher'; status: string;
  startDate: string; endDate: string; questions: TTemplateQuestion[];
};
type Resolved = { q: QRow; course: TQuestionnaireForm['course']; courseSessionId: string | null; answered: boolean };

/** The course a student answers about: the one given, or the course of the class given (they must agree). */
async function courseOf(tx: Tx, t: Target): Promise<string> {
  let courseId = t.courseId;
  if (t.courseSessionId) {
    const [s] = rowsOf<{ courseId: string }>(await tx.execute(sql`select course_id::text as "courseId" from course_sessions where id = ${t.courseSessionId}`));
    if (!s || (courseId && courseId !== s.courseId)) throw new AppError('common.notFound');
    courseId = s.courseId;
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
  const [q] = rowsOf<QRow>(await tx.execute(sql`
    select id::text as id, title, description, audience, status, start_date::text as "startDate", end_date::text as "endDate", questions
    from questionnaires where id = ${t.questionnaireId} and deleted_at is null and status <> 'draft'`));
  if (!q) throw new AppError('common.notFound');
  const today = schoolClock(ctx).date;
  if (q.status !== 'published' || today < q.startDate || today > q.endDate) throw new AppError('questionnaire.notOpen');
  if (q.audience === 'teacher') {
    type T = { mine: boolean; answered: boolean };
    const [r] = rowsOf<T>(await tx.execute(sql`
      select exists (select 1 from questionnaire_teachers where questionnaire_id = ${q.id} and teacher_id = ${me}) as mine,
        exists (select 1 from questionnaire_submissions where questionnaire_id = ${q.id} and course_id is null and respondent_id = ${me}) as answered`));
    if (!r?.mine) throw new AppError('questionnaire.notAudience');
    return { q, course: null, courseSessionId: null, answered: r.answered };
  }
  const courseId = await courseOf(tx, t);
  type C = { courseId: string; name: string; teacherName: string; listed: boolean; enrolled: boolean; answered: boolean };
  const [c] = rowsOf<C>(await tx.execute(sql`
    select c.id::text as "courseId", c.name, t.name as "teacherName",
      exists (select 1 from questionnaire_courses x where x.school_id = c.school_id and x.questionnaire_id = ${q.id} and x.course_id = c.id) as listed,
      exists (select 1 from course_students x where x.school_id = c.school_id and x.course_id = c.id and x.account_id = ${me}) as enrolled,
      exists (select 1 from questionnaire_submissions x where x.school_id = c.school_id and x.questionnaire_id = ${q.id} and x.course_id = c.id and x.respondent_id = ${me}) as answered
    from courses c join accounts t on t.id = c.teacher_id where c.id = ${courseId}`));
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
    const [made] = await tx.insert(questionnaireSubmissions)
      .values({ schoolId, questionnaireId: r.q.id, courseId, respondentId: ctx.auth.accountId, createdAt: ctx.deps.now() })
      .onConflictDoNothing()
      .returning({ id: questionnaireSubmissions.id });
    if (!made) throw new AppError('questionnaire.answered');
    await tx.insert(questionnaireResponses).values({
      schoolId, questionnaireId: r.q.id, courseId, courseSessionId: courseId ? r.courseSessionId : null, answers, scorePercent: responsePercent(r.q.questions, answers),
    });
    return formOf(r, true);
  });
}

type MineRow = {
  questionnaireId: string; title: string; courseId: string | null; courseName: string | null; teacherName: string | null;
  questionCount: number; status: string; startDate: string; endDate: string; answered: boolean; total: number;
};

/**
 * Questionnaires addressed to me: per course I am enrolled in among a student questionnaire's
 * courses, once for a teacher questionnaire. Published ones, and closed ones I answered; open ones
 * first, then by end date.
 */
export async function myQuestionnaires(ctx: MemberCtx, q: z.output<typeof ZMyQuestionnairesRequest>) {
  const me = ctx.auth.accountId;
  const today = schoolClock(ctx).date;
  return inSchool(ctx, async (tx) => {
    const addressed = sql`
      select q.id, q.title, q.question_count, q.status, q.start_date, q.end_date, c.id as course_id, c.name as course_name, t.name as teacher_name,
        exists (select 1 from questionnaire_submissions s where s.school_id = q.school_id and s.questionnaire_id = q.id and s.course_id = c.id and s.respondent_id = ${me}) as answered
      from questionnaires q
      join questionnaire_courses qc on qc.school_id = q.school_id and qc.questionnaire_id = q.id
      join course_students e on e.school_id = qc.school_id and e.course_id = qc.course_id and e.account_id = ${me}
      join courses c on c.school_id = qc.school_id and c.id = qc.course_id
      join accounts t on t.id = c.teacher_id
      where q.audience = 'student' and q.deleted_at is null and q.status <> 'draft'
      union all
      select q.id, q.title, q.question_count, q.status, q.start_date, q.end_date, null, null, null,
        exists (select 1 from questionnaire_submissions s where s.school_id = q.school_id and s.questionnaire_id = q.id and s.course_id is null and s.respondent_id = ${me})
      from questionnaires q
      join questionnaire_teachers qt on qt.school_id = q.school_id and qt.questionnaire_id = q.id and qt.teacher_id = ${me}
      where q.audience = 'teacher' and q.deleted_at is null and q.status <> 'draft'`;
    const open = sql`(m.status = 'published' and m.start_date <= ${today}::date and m.end_date >= ${today}::date)`;
    const keep = q.answered === undefined ? sql`` : sql` and m.answered = ${q.answered}`;
    const rows = rowsOf<MineRow>(await tx.execute(sql`
      select m.id::text as "questionnaireId", m.title, m.course_id::text as "courseId", m.course_name as "courseName", m.teacher_name as "teacherName",
        m.question_count as "questionCount", m.status, m.start_date::text as "startDate", m.end_date::text as "endDate", m.answered,
        (count(*) over ())::int as total
      from (${addressed}) m
      where (m.status = 'published' or m.answered)${keep}
      order by ${open} desc, m.answered, m.end_date, m.id desc, m.course_name, m.course_id
      limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`));
    const list = rows.map((r) => ({
      questionnaireId: r.questionnaireId,
      title: r.title,
      course: r.courseId ? { courseId: r.courseId, name: r.courseName ?? '', teacherName: r.teacherName ?? '' } : null,
      questionCount: Number(r.questionCount),
      endDate: r.endDate,
      answered: r.answered,
      open: r.status === 'published' && r.startDate <= today && r.endDate >= today,
    }));
    let total = Number(rows[0]?.total ?? 0);
    if (!rows.length && q.pageNum > 1) {
      const [n] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (${addressed}) m where (m.status = 'published' or m.answered)${keep}`));
      total = Number(n?.n ?? 0);
    }
    return page(list, total, q);
  });
}
