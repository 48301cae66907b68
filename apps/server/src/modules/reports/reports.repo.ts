/**
 * Teachers' reports' SQL (docs/decisions/0016-repositories.md): a teacher's courses with their
 * visible evaluations, a course's history, and indicator and school averages of a semester.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ZReadableReportCoursesRequest, ZReportCoursesRequest } from '@hxk/contracts';
import { EVALUATION_KINDS } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { col, idList, queryRow, queryRows } from '../../platform/sql-rows.ts';
import { containsPattern } from '../../platform/tenancy.ts';
import { byPatrolColumn } from '../evaluations/evaluations.repo.ts';

/** Submitted and visible to its teacher (alias e, plan p joined). */
const visible = sql`e.status = 'submitted' and (e.plan_id is null or p.teacher_can_view)`;
/** The score that counts: the latest resolved appeal's score after appeal, else the evaluator's total. */
// index: appeals_evaluation_idx (school_id, evaluation_id)
const latestResolved = sql`(select a.score_after from appeals a where a.school_id = e.school_id and a.evaluation_id = e.id and a.status = 'resolved'
  order by a.handled_at desc, a.id desc limit 1)`;
const counted = sql`coalesce(${latestResolved}, e.total_score)`;
const percentOf = (score: SQL) => sql`(${score} / nullif(tv.total_score, 0) * 100)`;

// ---------------------------------------------------------------- courses

type CoursesQuery = z.output<typeof ZReportCoursesRequest>;

const CourseRow = z.object({
  courseId: col.text, courseName: col.text, courseCode: col.text, semesterId: col.textOrNull, semesterName: col.textOrNull, orgUnitName: col.textOrNull,
  evaluationCount: col.int, averagePercent: col.numOrNull, lastEvaluatedAt: col.tsOrNull, total: col.int,
});

const coursesFrom = sql`from evaluations e
  join courses c on c.school_id = e.school_id and c.id = e.course_id
  join template_versions tv on tv.school_id = e.school_id and tv.id = e.template_version_id
  left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id
  left join semesters s on s.school_id = c.school_id and s.id = c.semester_id
  left join org_units ou on ou.school_id = c.school_id and ou.id = c.org_unit_id`;

function coursesWhere(teacherId: string, q: CoursesQuery) {
  const f: SQL[] = [sql`e.teacher_id = ${teacherId}`, visible];
  if (q.semesterId) f.push(sql`c.semester_id = ${q.semesterId}`);
  if (q.keyword) {
    const k = containsPattern(q.keyword);
    f.push(sql`(c.name ilike ${k} or c.code ilike ${k})`);
  }
  return sql.join(f, sql` and `);
}

/**
 * A page of a teacher's courses with at least one visible evaluation, last evaluated first: the
 * count and average percent of those evaluations, each row with the filter's total.
 */
export function teacherCourses(tx: Tx, teacherId: string, q: CoursesQuery) {
  // index: evaluations_teacher_idx (school_id, teacher_id, submitted_at)
  return queryRows(tx, CourseRow, sql`
    select c.id::text as "courseId", c.name as "courseName", c.code as "courseCode", c.semester_id::text as "semesterId", s.name as "semesterName",
      ou.name as "orgUnitName", count(*)::int as "evaluationCount", avg(${percentOf(counted)}) as "averagePercent",
      max(e.submitted_at) as "lastEvaluatedAt", (count(*) over ())::int as total
    ${coursesFrom} where ${coursesWhere(teacherId, q)}
    group by c.id, c.name, c.code, c.semester_id, s.name, ou.name
    order by max(e.submitted_at) desc, c.id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`);
}

export async function teacherCourseCount(tx: Tx, teacherId: string, q: CoursesQuery): Promise<number> {
  // index: evaluations_teacher_idx (school_id, teacher_id, submitted_at)
  const row = await queryRow(tx, z.object({ n: col.int }), sql`select count(distinct c.id)::int as n ${coursesFrom} where ${coursesWhere(teacherId, q)}`);
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- courses whose report one may open

type ReadableQuery = z.output<typeof ZReadableReportCoursesRequest>;

const ReadableRow = CourseRow.extend({ teacherId: col.text, teacherName: col.text, teacherAccount: col.text });

/**
 * Courses (of one teacher, or of every teacher when null) with at least one visible evaluation of
 * their teacher, as a course's report counts them, matching a course or teacher keyword.
 */
function readableWhere(teacherId: string | null, q: ReadableQuery) {
  const f: SQL[] = [sql`e.teacher_id = c.teacher_id`, visible];
  if (teacherId !== null) f.push(sql`c.teacher_id = ${teacherId}`);
  if (q.semesterId) f.push(sql`c.semester_id = ${q.semesterId}`);
  if (q.keyword) {
    const k = containsPattern(q.keyword);
    f.push(sql`(c.name ilike ${k} or c.code ilike ${k} or t.name ilike ${k})`);
  }
  return sql.join(f, sql` and `);
}

const readableFrom = sql`${coursesFrom} join accounts t on t.id = c.teacher_id`;

/** A page of those courses, last evaluated first, each row with the filter's total. */
export function readableCourses(tx: Tx, teacherId: string | null, q: ReadableQuery) {
  // index: evaluations_teacher_idx (school_id, teacher_id, submitted_at); every teacher's: evaluations_course_idx (school_id, course_id, status)
  return queryRows(tx, ReadableRow, sql`
    select c.id::text as "courseId", c.name as "courseName", c.code as "courseCode", c.semester_id::text as "semesterId", s.name as "semesterName",
      ou.name as "orgUnitName", t.id::text as "teacherId", t.name as "teacherName", t.account as "teacherAccount",
      count(*)::int as "evaluationCount", avg(${percentOf(counted)}) as "averagePercent",
      max(e.submitted_at) as "lastEvaluatedAt", (count(*) over ())::int as total
    ${readableFrom} where ${readableWhere(teacherId, q)}
    group by c.id, c.name, c.code, c.semester_id, s.name, ou.name, t.id, t.name, t.account
    order by max(e.submitted_at) desc, c.id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`);
}

export async function readableCourseCount(tx: Tx, teacherId: string | null, q: ReadableQuery): Promise<number> {
  const row = await queryRow(tx, z.object({ n: col.int }), sql`select count(distinct c.id)::int as n ${readableFrom} where ${readableWhere(teacherId, q)}`);
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- one course or one evaluation

const EvaluationRef = z.object({ courseId: col.text, teacherId: col.text, shown: col.boolOrNull });

/** An evaluation's course and teacher, and whether it is visible to the teacher. */
export function evaluationRef(tx: Tx, evaluationId: string) {
  return queryRow(tx, EvaluationRef, sql`
    select e.course_id::text as "courseId", e.teacher_id::text as "teacherId", (${visible}) as shown
    from evaluations e left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id where e.id = ${evaluationId}`);
}

const Course = z.object({
  courseId: col.text, name: col.text, code: col.text, semesterId: col.text, semesterName: col.textOrNull, orgUnitName: col.textOrNull,
  teacherId: col.text, teacherName: col.text, teacherAccount: col.text,
});
export type Course = z.output<typeof Course>;

/** A course with its semester and unit, and a teacher: the one given (an evaluation's), else the course's. */
export function courseWithTeacher(tx: Tx, courseId: string, teacherId?: string): Promise<Course | undefined> {
  const teacher = teacherId === undefined ? sql`c.teacher_id` : sql`${teacherId}`;
  return queryRow(tx, Course, sql`
    select c.id::text as "courseId", c.name, c.code, c.semester_id::text as "semesterId", s.name as "semesterName", ou.name as "orgUnitName",
      t.id::text as "teacherId", t.name as "teacherName", t.account as "teacherAccount"
    from courses c
    join accounts t on t.id = ${teacher}
    left join semesters s on s.school_id = c.school_id and s.id = c.semester_id
    left join org_units ou on ou.school_id = c.school_id and ou.id = c.org_unit_id
    where c.id = ${courseId}`);
}

const HistoryRow = z.object({
  evaluationId: col.text, kind: col.oneOf(EVALUATION_KINDS), planName: col.textOrNull, templateName: col.text, lessonDate: col.text, week: col.int,
  sessionStart: col.int, sessionEnd: col.int, evaluatorId: col.textOrNull, evaluatorName: col.textOrNull, evaluatorAccount: col.textOrNull,
  score: col.num, scoreAfterAppeal: col.numOrNull, fullScore: col.num, comment: col.textOrNull, submittedAt: col.ts, appealed: col.bool,
  byPatrol: col.bool,
});

/**
 * The visible evaluations of a teacher's course in class order, with the latest resolved appeal's
 * score. `hideAnonymous`: the evaluator of an anonymous one is not even read (null).
 */
export function courseHistory(tx: Tx, teacherId: string, courseId: string, hideAnonymous: boolean) {
  const named = hideAnonymous ? sql`not (e.anonymous or coalesce(p.anonymous, false))` : sql`true`;
  // index: evaluations_teacher_idx (school_id, teacher_id, submitted_at)
  return queryRows(tx, HistoryRow, sql`
    select e.id::text as "evaluationId", e.kind, p.name as "planName", tv.name as "templateName", cs.lesson_date::text as "lessonDate", cs.week,
      cs.session_start as "sessionStart", cs.session_end as "sessionEnd",
      case when ${named} then ev.id::text end as "evaluatorId", case when ${named} then ev.name end as "evaluatorName",
      case when ${named} then ev.account end as "evaluatorAccount",
      e.total_score as score, ${latestResolved} as "scoreAfterAppeal", tv.total_score as "fullScore", e.comment, e.submitted_at as "submittedAt",
      exists (select 1 from appeals a where a.school_id = e.school_id and a.evaluation_id = e.id) as appealed,
      ${byPatrolColumn} as "byPatrol"
    from evaluations e
    join course_sessions cs on cs.school_id = e.school_id and cs.id = e.course_session_id
    join template_versions tv on tv.school_id = e.school_id and tv.id = e.template_version_id
    join accounts ev on ev.id = e.evaluator_id
    left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id
    where e.teacher_id = ${teacherId} and e.course_id = ${courseId} and ${visible}
    order by cs.lesson_date, cs.session_start, e.submitted_at, e.id`);
}

/** The average percent over every submitted evaluation of courses of the semester (null: none). */
export async function semesterAveragePercent(tx: Tx, semesterId: string): Promise<number | null> {
  // index: courses_unit_idx (school_id, semester_id, org_unit_id), then evaluations_course_idx (school_id, course_id, status)
  const row = await queryRow(tx, z.object({ p: col.numOrNull }), sql`
    select avg(${percentOf(counted)}) as p from evaluations e
    join courses c on c.school_id = e.school_id and c.id = e.course_id
    join template_versions tv on tv.school_id = e.school_id and tv.id = e.template_version_id
    where e.status = 'submitted' and c.semester_id = ${semesterId}`);
  return row?.p ?? null;
}

const IndicatorRow = z.object({ key: col.text, name: col.text, percent: col.numOrNull, count: col.int });

/** The indicators of some evaluations (sum of scores over sum of full scores), in the form's order. */
export function evaluationIndicators(tx: Tx, evaluationIds: string[]) {
  const ids = `{${evaluationIds.join(',')}}`;
  // index: evaluation_section_scores_school_id_evaluation_id_section_key_pk (school_id, evaluation_id, section_key)
  return queryRows(tx, IndicatorRow, sql`
    select indicator_key as key, min(name) as name, sum(score) / nullif(sum("full"), 0) * 100 as percent, count(distinct evaluation_id)::int as count,
      min(section_key) as ord
    from evaluation_section_scores where evaluation_id = any(${ids}::bigint[])
    group by indicator_key order by min(section_key), min(name)`);
}

/** The same indicators over every submitted evaluation of courses of the semester (name left empty). */
export function semesterIndicators(tx: Tx, indicatorKeys: string[], semesterId: string) {
  // index: courses_unit_idx (school_id, semester_id, org_unit_id), evaluations_course_idx (school_id, course_id, status), then
  // evaluation_section_scores_school_id_evaluation_id_section_key_pk (school_id, evaluation_id, section_key)
  return queryRows(tx, IndicatorRow, sql`
    select ss.indicator_key as key, '' as name, sum(ss.score) / nullif(sum(ss."full"), 0) * 100 as percent, count(distinct ss.evaluation_id)::int as count
    from evaluation_section_scores ss
    join evaluations e on e.school_id = ss.school_id and e.id = ss.evaluation_id
    join courses c on c.school_id = e.school_id and c.id = e.course_id
    where ss.indicator_key in (${idList(indicatorKeys)}) and e.status = 'submitted' and c.semester_id = ${semesterId}
    group by ss.indicator_key`);
}
