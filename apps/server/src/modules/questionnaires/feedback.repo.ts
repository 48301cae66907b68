/**
 * The SQL of what teachers see of their students' answers and of the QR shown in class: aggregates
 * over responses (counts, means, the answers without anyone's name), never a respondent.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ZAnswers } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { col, queryRow, queryRows } from '../../platform/sql-rows.ts';
import { containsPattern } from '../../platform/tenancy.ts';
import { ClassRow, classColumns, classJoins } from '../evaluations/evaluated-class.ts';
import { Questions } from './questionnaires.repo.ts';

const CourseListing = z.object({ teacherId: col.text, listed: col.bool });

/** A course's teacher, and whether a student questionnaire not deleted lists the course. */
export function courseListing(tx: Tx, questionnaireId: string, courseId: string) {
  return queryRow(tx, CourseListing, sql`
    select c.teacher_id::text as "teacherId",
      exists (select 1 from questionnaire_courses x join questionnaires qq on qq.school_id = x.school_id and qq.id = x.questionnaire_id
        where x.questionnaire_id = ${questionnaireId} and x.course_id = c.id and qq.deleted_at is null and qq.audience = 'student') as listed
    from courses c where c.id = ${courseId}`);
}

/** The course's classes from today to two weeks on, in time order (at most `limit`). */
export function upcomingClasses(tx: Tx, courseId: string, today: string, limit: number) {
  // index: course_sessions_slot_uq (school_id, course_id, week, weekday, session_start)
  return queryRows(tx, ClassRow, sql`
    select ${classColumns} from course_sessions cs ${classJoins(sql`c.teacher_id`)}
    where cs.course_id = ${courseId} and cs.lesson_date between ${today}::date and ${today}::date + 14
    order by cs.lesson_date, cs.session_start limit ${limit}`);
}

const SessionCourse = z.object({ courseId: col.text, teacherId: col.text });

/** The course of a class of this school and its teacher. */
export function sessionCourse(tx: Tx, courseSessionId: string) {
  return queryRow(tx, SessionCourse, sql`
    select c.id::text as "courseId", c.teacher_id::text as "teacherId"
    from course_sessions cs join courses c on c.school_id = cs.school_id and c.id = cs.course_id where cs.id = ${courseSessionId}`);
}

const QrQuestionnaire = z.object({ status: col.text, endDate: col.text, listed: col.bool });

/** A student questionnaire past its draft and not deleted, and whether it lists the course. */
export function studentQuestionnaireFor(tx: Tx, questionnaireId: string, courseId: string) {
  return queryRow(tx, QrQuestionnaire, sql`
    select q.status, q.end_date::text as "endDate",
      exists (select 1 from questionnaire_courses x where x.school_id = q.school_id and x.questionnaire_id = q.id and x.course_id = ${courseId}) as listed
    from questionnaires q where q.id = ${questionnaireId} and q.deleted_at is null and q.status <> 'draft' and q.audience = 'student'`);
}

const FeedbackRow = z.object({
  questionnaireId: col.text, title: col.text, status: col.oneOf(['published', 'closed']), startDate: col.text, endDate: col.text,
  courseId: col.text, courseName: col.text, courseCode: col.text, teacherId: col.text, teacherName: col.text, teacherAccount: col.text,
  studentCount: col.int, responseCount: col.int, averagePercent: col.numOrNull,
});
const Count = z.object({ n: col.int });

/**
 * The total, then a page, of the rows per published or closed student questionnaire and course of
 * the teacher among its courses, with the enrolment, the responses and their mean percent (the counts
 * computed for the page's rows only, by lateral joins on indexed keys). Newest questionnaire first.
 */
export async function feedbackPage(tx: Tx, teacherId: string, q: { keyword?: string | undefined; pageNum: number; pageSize: number }) {
  const f: SQL[] = [sql`q.audience = 'student'`, sql`q.status <> 'draft'`, sql`q.deleted_at is null`, sql`c.teacher_id = ${teacherId}`];
  if (q.keyword) {
    const p = containsPattern(q.keyword);
    f.push(sql`(q.title ilike ${p} or c.name ilike ${p} or c.code ilike ${p})`);
  }
  const from = sql`from questionnaires q
    join questionnaire_courses qc on qc.school_id = q.school_id and qc.questionnaire_id = q.id
    join courses c on c.school_id = qc.school_id and c.id = qc.course_id
    where ${sql.join(f, sql` and `)}`;
  // index: courses_teacher_idx (school_id, teacher_id, semester_id) for the teacher's courses
  // index: questionnaire_courses_course_idx (school_id, course_id) for their questionnaires
  const total = (await queryRow(tx, Count, sql`select count(*)::int as n ${from}`))?.n ?? 0;
  // index: courses_teacher_idx (school_id, teacher_id, semester_id) for the teacher's courses
  // index: questionnaire_courses_course_idx (school_id, course_id) for their questionnaires
  // index: course_students_school_id_course_id_account_id_pk (school_id, course_id, account_id) for the enrolment
  // index: questionnaire_responses_course_idx (school_id, questionnaire_id, course_id) for the responses
  const rows = await queryRows(tx, FeedbackRow, sql`
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
    order by pg.start_date desc, pg.id desc, pg.course_code, pg.course_id`);
  return { rows, total };
}

const FeedbackQuestionnaire = z.object({ id: col.text, title: col.text, questions: col.json(Questions) });

/** A questionnaire past its draft and not deleted, with its questions. */
export function feedbackQuestionnaire(tx: Tx, questionnaireId: string) {
  return queryRow(tx, FeedbackQuestionnaire, sql`
    select id::text as id, title, questions from questionnaires where id = ${questionnaireId} and deleted_at is null and status <> 'draft'`);
}

const FeedbackCourse = z.object({
  courseId: col.text, name: col.text, code: col.text, userId: col.text, teacherName: col.text, account: col.text, studentCount: col.int,
});

/** A course the questionnaire lists, with its teacher and enrolment. */
export function feedbackCourse(tx: Tx, questionnaireId: string, courseId: string) {
  return queryRow(tx, FeedbackCourse, sql`
    select c.id::text as "courseId", c.name, c.code, t.id::text as "userId", t.name as "teacherName", t.account,
      (select count(*)::int from course_students e where e.school_id = c.school_id and e.course_id = c.id) as "studentCount"
    from questionnaire_courses qc join courses c on c.school_id = qc.school_id and c.id = qc.course_id join accounts t on t.id = c.teacher_id
    where qc.questionnaire_id = ${questionnaireId} and qc.course_id = ${courseId}`);
}

const Response = z.object({ answers: col.json(ZAnswers), scorePercent: col.numOrNull });

/** The questionnaire's responses (answers and score only), about one course or all. */
export function responses(tx: Tx, questionnaireId: string, courseId: string | undefined) {
  // index: questionnaire_responses_course_idx (school_id, questionnaire_id, course_id)
  return queryRows(tx, Response, sql`
    select answers, score_percent as "scorePercent" from questionnaire_responses
    where questionnaire_id = ${questionnaireId} ${courseId ? sql`and course_id = ${courseId}` : sql``}`);
}
