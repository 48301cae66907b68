/**
 * The SQL of answering questionnaires: what a respondent may answer, the submission (who) and the
 * response (what) written apart, and the questionnaires addressed to me.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { QUESTIONNAIRE_AUDIENCES, QUESTIONNAIRE_STATUSES, type TAnswer } from '@hxk/contracts';
import { questionnaireResponses, questionnaireSubmissions } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { col, queryRow, queryRows } from '../../platform/sql-rows.ts';
import { Questions } from './questionnaires.repo.ts';

const SessionCourse = z.object({ courseId: col.text });

/** The course of a class of this school. */
export async function courseOfSession(tx: Tx, courseSessionId: string): Promise<string | undefined> {
  return (await queryRow(tx, SessionCourse, sql`select course_id::text as "courseId" from course_sessions where id = ${courseSessionId}`))?.courseId;
}

const QRow = z.object({
  id: col.text, title: col.text, description: col.textOrNull, audience: col.oneOf(QUESTIONNAIRE_AUDIENCES), status: col.oneOf(QUESTIONNAIRE_STATUSES),
  startDate: col.text, endDate: col.text, questions: col.json(Questions),
});
export type QRow = z.output<typeof QRow>;

/** A questionnaire past its draft and not deleted, as a respondent reads it. */
export function answerableQuestionnaire(tx: Tx, questionnaireId: string) {
  // index: questionnaires_school_id_id_pk (school_id, id)
  return queryRow(tx, QRow, sql`
    select id::text as id, title, description, audience, status, start_date::text as "startDate", end_date::text as "endDate", questions
    from questionnaires where id = ${questionnaireId} and deleted_at is null and status <> 'draft'`);
}

const TeacherAudience = z.object({ mine: col.bool, answered: col.bool });

/** Whether a teacher questionnaire addresses me, and whether I answered it. */
export function teacherAudience(tx: Tx, questionnaireId: string, me: string) {
  // index: questionnaire_teachers_school_id_questionnaire_id_teacher_id_pk (school_id, questionnaire_id, teacher_id)
  // index: questionnaire_submissions_once_uq (school_id, questionnaire_id, respondent_id) where course_id is null
  return queryRow(tx, TeacherAudience, sql`
    select exists (select 1 from questionnaire_teachers where questionnaire_id = ${questionnaireId} and teacher_id = ${me}) as mine,
      exists (select 1 from questionnaire_submissions where questionnaire_id = ${questionnaireId} and course_id is null and respondent_id = ${me}) as answered`);
}

const CourseAudience = z.object({ courseId: col.text, name: col.text, teacherName: col.text, listed: col.bool, enrolled: col.bool, answered: col.bool });

/** A course of this school with its teacher: whether the questionnaire lists it, I am enrolled, and I answered about it. */
export function courseAudience(tx: Tx, questionnaireId: string, courseId: string, me: string) {
  // index: questionnaire_courses_school_id_questionnaire_id_course_id_pk (school_id, questionnaire_id, course_id)
  // index: course_students_school_id_course_id_account_id_pk (school_id, course_id, account_id)
  // index: questionnaire_submissions_course_uq (school_id, questionnaire_id, course_id, respondent_id) where course_id is not null
  return queryRow(tx, CourseAudience, sql`
    select c.id::text as "courseId", c.name, t.name as "teacherName",
      exists (select 1 from questionnaire_courses x where x.school_id = c.school_id and x.questionnaire_id = ${questionnaireId} and x.course_id = c.id) as listed,
      exists (select 1 from course_students x where x.school_id = c.school_id and x.course_id = c.id and x.account_id = ${me}) as enrolled,
      exists (select 1 from questionnaire_submissions x where x.school_id = c.school_id and x.questionnaire_id = ${questionnaireId} and x.course_id = c.id and x.respondent_id = ${me}) as answered
    from courses c join accounts t on t.id = c.teacher_id where c.id = ${courseId}`);
}

/** Records who answered; undefined when they already had (the unique indexes settle racing submits). */
export async function insertSubmission(
  tx: Tx, v: { schoolId: string; questionnaireId: string; courseId: string | null; respondentId: string; createdAt: Date },
): Promise<string | undefined> {
  const [made] = await tx.insert(questionnaireSubmissions).values(v).onConflictDoNothing().returning({ id: questionnaireSubmissions.id });
  return made?.id;
}

/** Records what was answered, with nothing that names who. */
export async function insertResponse(
  tx: Tx,
  v: { schoolId: string; questionnaireId: string; courseId: string | null; courseSessionId: string | null; answers: Record<string, TAnswer>; scorePercent: number | null },
): Promise<void> {
  await tx.insert(questionnaireResponses).values(v);
}

const MineRow = z.object({
  questionnaireId: col.text, title: col.text, courseId: col.textOrNull, courseName: col.textOrNull, teacherName: col.textOrNull,
  questionCount: col.int, status: col.oneOf(QUESTIONNAIRE_STATUSES), startDate: col.text, endDate: col.text, answered: col.bool, total: col.int,
});
const Count = z.object({ n: col.int });

/**
 * A page of the questionnaires addressed to me (per enrolled course of a student questionnaire, once
 * for a teacher questionnaire): published ones and closed ones I answered, open ones first, then by
 * end date; optionally only those I did or did not answer. Past the last page the total is counted apart.
 */
export async function addressedToMe(tx: Tx, q: { answered?: boolean | undefined; pageNum: number; pageSize: number }, me: string, today: string) {
  // index: course_students_account_idx (school_id, account_id) for my courses
  // index: questionnaire_teachers_teacher_idx (school_id, teacher_id) for teacher questionnaires
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
  const rows = await queryRows(tx, MineRow, sql`
    select m.id::text as "questionnaireId", m.title, m.course_id::text as "courseId", m.course_name as "courseName", m.teacher_name as "teacherName",
      m.question_count as "questionCount", m.status, m.start_date::text as "startDate", m.end_date::text as "endDate", m.answered,
      (count(*) over ())::int as total
    from (${addressed}) m
    where (m.status = 'published' or m.answered)${keep}
    order by ${open} desc, m.answered, m.end_date, m.id desc, m.course_name, m.course_id
    limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.pageNum > 1) {
    total = (await queryRow(tx, Count, sql`select count(*)::int as n from (${addressed}) m where (m.status = 'published' or m.answered)${keep}`))?.n ?? 0;
  }
  return { rows, total };
}
