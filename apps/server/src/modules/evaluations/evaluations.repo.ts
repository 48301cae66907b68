/**
 * Evaluations' SQL (docs/decisions/0016-repositories.md): starting one (the class meeting, the plan
 * or template it uses, the evaluator's lock and overlaps), reading one, saving and submitting drafts,
 * indicator scores, check-ins, and the evaluator's and the teacher's lists.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { EVALUATION_TYPES, ZAnswers, ZTemplateContent, type TAnswer, type ZEvaluationRecordsRequest, type ZReceivedEvaluationsRequest } from '@hxk/contracts';
import { EVALUATION_KINDS, EVALUATION_STATUSES, evaluationSectionScores, evaluations } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { col, queryRow, queryRows } from '../../platform/sql-rows.ts';
import { containsPattern } from '../../platform/tenancy.ts';
import { ClassRow, classColumns, classJoins } from './evaluated-class.repo.ts';

const kind = col.oneOf(EVALUATION_KINDS);
const status = col.oneOf(EVALUATION_STATUSES);

// ---------------------------------------------------------------- starting

const Meeting = z.object({
  id: col.text, courseId: col.text, teacherId: col.text, courseName: col.text, lessonDate: col.text, sessionStart: col.int, sessionEnd: col.int,
});
export type Meeting = z.output<typeof Meeting>;

/** A class meeting with its course and teacher. */
export function meetingById(tx: Tx, courseSessionId: string): Promise<Meeting | undefined> {
  return queryRow(tx, Meeting, sql`
    select cs.id::text as id, c.id::text as "courseId", c.teacher_id::text as "teacherId", c.name as "courseName",
      cs.lesson_date::text as "lessonDate", cs.session_start as "sessionStart", cs.session_end as "sessionEnd"
    from course_sessions cs join courses c on c.school_id = cs.school_id and c.id = cs.course_id
    where cs.id = ${courseSessionId}`);
}

/** A transaction-scoped lock on one evaluator's starts. */
export async function lockEvaluatorStarts(tx: Tx, evaluatorId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`evaluation-start:${evaluatorId}`}))`);
}

/** The course of another class of the meeting's day, overlapping its sessions, that the evaluator evaluates (latest changed), if any. */
export async function overlappingCourseName(tx: Tx, evaluatorId: string, m: Pick<Meeting, 'id' | 'lessonDate' | 'sessionStart' | 'sessionEnd'>): Promise<string | undefined> {
  // index: evaluations_evaluator_idx (school_id, evaluator_id, updated_at)
  const row = await queryRow(tx, z.object({ name: col.text }), sql`
    select c.name from evaluations e
    join course_sessions s on s.school_id = e.school_id and s.id = e.course_session_id
    join courses c on c.school_id = s.school_id and c.id = s.course_id
    where e.evaluator_id = ${evaluatorId} and e.course_session_id <> ${m.id} and s.lesson_date = ${m.lessonDate}::date
      and s.session_start <= ${m.sessionEnd} and s.session_end >= ${m.sessionStart}
    order by e.updated_at desc limit 1`);
  return row?.name;
}

/** Inserts an evaluation; null when the unique index already holds one (a concurrent start). */
export async function insertEvaluation(tx: Tx, values: typeof evaluations.$inferInsert): Promise<string | null> {
  const [row] = await tx.insert(evaluations).values(values).onConflictDoNothing().returning({ id: evaluations.id });
  return row?.id ?? null;
}

const PlanForStart = z.object({ published: col.bool, startDate: col.text, endDate: col.text, anonymous: col.bool, templateVersionId: col.text, mine: col.bool });

/** A plan's dates, version and anonymity, and whether the account is one of its supervisors. */
export function planForStart(tx: Tx, planId: string, accountId: string) {
  return queryRow(tx, PlanForStart, sql`
    select p.published, p.start_date::text as "startDate", p.end_date::text as "endDate", p.anonymous, p.template_version_id::text as "templateVersionId",
      exists (select 1 from plan_supervisors j where j.school_id = p.school_id and j.plan_id = p.id and j.account_id = ${accountId}) as mine
    from supervision_plans p where p.id = ${planId}`);
}

export async function planListsCourse(tx: Tx, planId: string, courseId: string): Promise<boolean> {
  const row = await queryRow(tx, z.object({ n: col.int }), sql`select 1 as n from plan_courses where plan_id = ${planId} and course_id = ${courseId}`);
  return row !== undefined;
}

/** The evaluator's evaluation of a class of a plan, if any. */
export async function planEvaluationId(tx: Tx, planId: string, evaluatorId: string, courseSessionId: string): Promise<string | undefined> {
  // index: evaluations_plan_class_uq (school_id, plan_id, evaluator_id, course_session_id)
  const row = await queryRow(tx, z.object({ id: col.text }), sql`
    select id::text as id from evaluations where plan_id = ${planId} and evaluator_id = ${evaluatorId} and course_session_id = ${courseSessionId}`);
  return row?.id;
}

const TemplateForStart = z.object({ status: col.text, deleted: col.bool, versionId: col.textOrNull });

/** A template's status and its current version, if published once. */
export function templateForStart(tx: Tx, templateId: string) {
  // index: evaluation_templates_school_id_id_pk (school_id, id)
  return queryRow(tx, TemplateForStart, sql`
    select t.status, t.deleted_at is not null as deleted, tv.id::text as "versionId"
    from evaluation_templates t left join template_versions tv on tv.school_id = t.school_id and tv.template_id = t.id and tv.version = t.version
    where t.id = ${templateId}`);
}

/** The evaluator's newest evaluation of a kind (free, temporary) of a class, if any. */
export async function openEvaluationId(tx: Tx, evaluatorId: string, evaluationKind: 'free' | 'temporary', courseSessionId: string): Promise<string | undefined> {
  // index: evaluations_evaluator_idx (school_id, evaluator_id, updated_at)
  const row = await queryRow(tx, z.object({ id: col.text }), sql`
    select id::text as id from evaluations where evaluator_id = ${evaluatorId} and kind = ${evaluationKind} and course_session_id = ${courseSessionId}
    order by created_at desc, id desc limit 1`);
  return row?.id;
}

// ---------------------------------------------------------------- reading one

/**
 * Whether evaluation `e` was made during real-time patrol: a patrol visit keeps it. A semi-join per
 * row on patrol_visits_evaluation_idx (school_id, evaluation_id): one query for a whole list.
 */
export const byPatrolColumn = sql`exists (select 1 from patrol_visits pv where pv.school_id = e.school_id and pv.evaluation_id = e.id)`;

/** The form an evaluation answers (template version tv) and its plan p, if any, beside its class. */
const FormRow = ClassRow.extend({
  evaluatorId: col.text, evaluatorName: col.text, evaluatorAccount: col.text, checkedInAt: col.tsOrNull,
  templateVersionId: col.text, templateId: col.text, templateName: col.text, templateVersion: col.int, fullScore: col.num, content: col.json(ZTemplateContent),
  planId: col.textOrNull, planName: col.textOrNull, evaluationType: col.oneOf(EVALUATION_TYPES).nullable(), planAnonymous: col.boolOrNull, planEndDate: col.textOrNull,
});
export type FormRow = z.output<typeof FormRow>;

const formColumns = sql`ev.id::text as "evaluatorId", ev.name as "evaluatorName", ev.account as "evaluatorAccount", ci.checked_in_at as "checkedInAt",
  tv.id::text as "templateVersionId", tv.template_id::text as "templateId", tv.name as "templateName", tv.version as "templateVersion",
  tv.total_score as "fullScore", tv.content,
  p.id::text as "planId", p.name as "planName", p.evaluation_type as "evaluationType", p.anonymous as "planAnonymous", p.end_date::text as "planEndDate"`;

const DetailRow = FormRow.extend({
  evaluationId: col.text, kind, status,
  answers: col.json(ZAnswers), comment: col.textOrNull, totalScore: col.numOrNull, anonymous: col.bool,
  createdAt: col.ts, updatedAt: col.ts, submittedAt: col.tsOrNull, teacherCanView: col.boolOrNull, byPatrol: col.bool,
});
export type DetailRow = z.output<typeof DetailRow>;

/** One evaluation with its class, evaluator, form, plan and the evaluator's check-in. */
export function evaluationDetail(tx: Tx, evaluationId: string): Promise<DetailRow | undefined> {
  // index: evaluations_school_id_id_pk (school_id, id)
  return queryRow(tx, DetailRow, sql`
    select e.id::text as "evaluationId", e.kind, e.status, ${formColumns},
      e.answers, e.comment, e.total_score as "totalScore", e.anonymous, e.created_at as "createdAt", e.updated_at as "updatedAt", e.submitted_at as "submittedAt",
      p.teacher_can_view as "teacherCanView", ${byPatrolColumn} as "byPatrol",
      ${classColumns}
    from evaluations e
    join course_sessions cs on cs.school_id = e.school_id and cs.id = e.course_session_id
    ${classJoins(sql`e.teacher_id`)}
    join accounts ev on ev.id = e.evaluator_id
    join template_versions tv on tv.school_id = e.school_id and tv.id = e.template_version_id
    left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id
    left join check_ins ci on ci.school_id = e.school_id and ci.course_session_id = e.course_session_id and ci.account_id = e.evaluator_id
    where e.id = ${evaluationId}`);
}

/** The blank form of an evaluation about to start: the class with its course's teacher, the template version, the plan, the evaluator and their check-in. */
export function blankEvaluation(tx: Tx, q: { courseSessionId: string; templateVersionId: string; planId: string | null; evaluatorId: string }): Promise<FormRow | undefined> {
  // index: course_sessions_school_id_id_pk (school_id, id)
  return queryRow(tx, FormRow, sql`
    select ${formColumns}, ${classColumns}
    from course_sessions cs
    ${classJoins(sql`c.teacher_id`)}
    join accounts ev on ev.id = ${q.evaluatorId}
    join template_versions tv on tv.school_id = cs.school_id and tv.id = ${q.templateVersionId}
    left join supervision_plans p on p.school_id = cs.school_id and p.id = ${q.planId}
    left join check_ins ci on ci.school_id = cs.school_id and ci.course_session_id = cs.id and ci.account_id = ${q.evaluatorId}
    where cs.id = ${q.courseSessionId}`);
}

// ---------------------------------------------------------------- draft and submit

const OwnRow = z.object({
  status, planEndDate: col.textOrNull, planAnonymous: col.boolOrNull, lessonDate: col.text, startMinute: col.intOrNull, content: col.json(ZTemplateContent),
});
export type OwnRow = z.output<typeof OwnRow>;

/** An evaluator's own evaluation with its form, its class's day and first session's start, and its plan's end and anonymity. */
export function ownEvaluation(tx: Tx, evaluationId: string, evaluatorId: string): Promise<OwnRow | undefined> {
  // index: evaluations_school_id_id_pk (school_id, id)
  return queryRow(tx, OwnRow, sql`
    select e.status, p.end_date::text as "planEndDate", p.anonymous as "planAnonymous", cs.lesson_date::text as "lessonDate",
      st.start_minute as "startMinute", tv.content
    from evaluations e
    join template_versions tv on tv.school_id = e.school_id and tv.id = e.template_version_id
    join course_sessions cs on cs.school_id = e.school_id and cs.id = e.course_session_id
    left join session_times st on st.school_id = cs.school_id and st.session_no = cs.session_start
    left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id
    where e.id = ${evaluationId} and e.evaluator_id = ${evaluatorId}`);
}

/** `, comment = ...` when the comment is given (null clears it), nothing when it is not. */
const setComment = (comment: string | null | undefined) => (comment === undefined ? sql`` : sql`, comment = ${comment}`);

/** Saves a draft's answers (and comment); the new updated_at, or undefined when it is no longer a draft. */
export async function saveDraftAnswers(
  tx: Tx, evaluationId: string, v: { answers: Record<string, TAnswer>; comment: string | null | undefined; now: Date },
): Promise<string | undefined> {
  const row = await queryRow(tx, z.object({ updatedAt: col.ts }), sql`
    update evaluations set answers = ${JSON.stringify(v.answers)}::jsonb, updated_at = ${v.now.toISOString()}::timestamptz
      ${setComment(v.comment)}
    where id = ${evaluationId} and status = 'draft' returning updated_at as "updatedAt"`);
  return row?.updatedAt;
}

/**
 * Submits the evaluator's draft (anonymous when `anonymous`, or already so); false when there is no
 * such draft, which of two submits racing the second finds.
 */
export async function submitDraft(
  tx: Tx, evaluationId: string, evaluatorId: string,
  v: { answers: Record<string, TAnswer>; totalScore: number; anonymous: boolean; comment: string | null | undefined; now: Date },
): Promise<boolean> {
  const now = v.now.toISOString();
  const rows = await queryRows(tx, z.object({ id: col.text }), sql`
    update evaluations set status = 'submitted', answers = ${JSON.stringify(v.answers)}::jsonb, total_score = ${v.totalScore},
      submitted_at = ${now}::timestamptz, updated_at = ${now}::timestamptz, anonymous = anonymous or ${v.anonymous}
      ${setComment(v.comment)}
    where id = ${evaluationId} and evaluator_id = ${evaluatorId} and status = 'draft' returning id::text as id`);
  return rows.length > 0;
}

/** Whether the plan of an evaluation lets teachers view reports (null: no plan). */
export async function planTeacherCanView(tx: Tx, evaluationId: string): Promise<boolean | null> {
  const row = await queryRow(tx, z.object({ teacherCanView: col.boolOrNull }), sql`
    select p.teacher_can_view as "teacherCanView" from evaluations e
    left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id where e.id = ${evaluationId}`);
  return row?.teacherCanView ?? null;
}

/** The score of each primary indicator of a submitted evaluation (section-scores.ts builds the rows). */
export async function insertSectionScores(tx: Tx, rows: (typeof evaluationSectionScores.$inferInsert)[]): Promise<void> {
  if (rows.length) await tx.insert(evaluationSectionScores).values(rows);
}

// ---------------------------------------------------------------- check-in

/** When the account checked in at the class, if it did. */
export async function checkedInAt(tx: Tx, courseSessionId: string, accountId: string): Promise<string | undefined> {
  // index: check_ins_uq (school_id, course_session_id, account_id)
  const row = await queryRow(tx, z.object({ at: col.ts }), sql`
    select checked_in_at as at from check_ins where course_session_id = ${courseSessionId} and account_id = ${accountId}`);
  return row?.at;
}

/** Checks the account in at the class, unless it already is. */
export async function insertCheckIn(tx: Tx, schoolId: string, courseSessionId: string, accountId: string, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into check_ins (school_id, course_session_id, account_id, checked_in_at)
    values (${schoolId}, ${courseSessionId}, ${accountId}, ${now.toISOString()}::timestamptz)
    on conflict do nothing`);
}

// ---------------------------------------------------------------- lists

const ListRow = ClassRow.extend({
  evaluationId: col.text, kind, status, planName: col.textOrNull, templateName: col.text,
  totalScore: col.numOrNull, fullScore: col.num, updatedAt: col.ts, submittedAt: col.tsOrNull, byPatrol: col.bool, total: col.int,
});
const ReceivedRow = ListRow.extend({ evaluatorId: col.textOrNull, evaluatorName: col.textOrNull, evaluatorAccount: col.textOrNull });

/** The evaluation list's columns and joins (alias e), with the class, its plan and its version. */
const listJoins = sql`
  join course_sessions cs on cs.school_id = e.school_id and cs.id = e.course_session_id
  ${classJoins(sql`e.teacher_id`)}
  join template_versions tv on tv.school_id = e.school_id and tv.id = e.template_version_id
  left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id`;
const listFrom = sql`from evaluations e ${listJoins}`;
const listColumns = sql`e.id::text as "evaluationId", e.kind, e.status, p.name as "planName", tv.name as "templateName",
  e.total_score as "totalScore", tv.total_score as "fullScore", e.updated_at as "updatedAt", e.submitted_at as "submittedAt",
  ${byPatrolColumn} as "byPatrol", e.total, ${classColumns}`;
const pageOf = (q: { pageNum: number; pageSize: number }) => sql`limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`;
const count = (where: SQL) => sql`select count(*)::int as n ${listFrom} where ${where}`;

/**
 * One page of an evaluation list in `order`, each row with the filter's total (alias e throughout).
 * The page's evaluations are picked first, from `pageFrom` (the evaluations and only the tables the
 * filter reads), and only those are joined to their class, version and plan: joining every matching
 * evaluation before the limit cost an evaluator with 472 of them 5 ms, and planning that nine-table
 * join 12 ms, against 1.3 and 2.5 ms this way (bench:plans, 2026-11-29; docs/benchmarks.md).
 */
function listPage(pageFrom: SQL, where: SQL, order: SQL, q: { pageNum: number; pageSize: number }, more = { columns: sql``, joins: sql`` }) {
  return sql`with page as materialized (select e.*, (count(*) over ())::int as total ${pageFrom} where ${where} order by ${order} ${pageOf(q)})
    select ${listColumns}${more.columns} from page e ${listJoins} ${more.joins} order by ${order}`;
}

const courseKeyword = (kw: string) => {
  const p = containsPattern(kw);
  return sql`(c.name ilike ${p} or c.code ilike ${p})`;
};

type RecordsQuery = z.output<typeof ZEvaluationRecordsRequest>;

function recordsWhere(evaluatorId: string, q: RecordsQuery) {
  const f: SQL[] = [sql`e.evaluator_id = ${evaluatorId}`];
  if (q.kind) f.push(sql`e.kind = ${q.kind}`);
  if (q.status) f.push(sql`e.status = ${q.status}`);
  if (q.planId) f.push(sql`e.plan_id = ${q.planId}`);
  if (q.keyword) f.push(sql`(${courseKeyword(q.keyword)} or t.name ilike ${containsPattern(q.keyword)})`);
  if (q.dateFrom) f.push(sql`cs.lesson_date >= ${q.dateFrom}::date`);
  if (q.dateTo) f.push(sql`cs.lesson_date <= ${q.dateTo}::date`);
  if (q.byPatrol !== undefined) f.push(q.byPatrol ? byPatrolColumn : sql`not ${byPatrolColumn}`);
  return sql.join(f, sql` and `);
}

/** A page of an evaluator's evaluations, newest changed first, each row with the filter's total. */
export function evaluatorRecords(tx: Tx, evaluatorId: string, q: RecordsQuery) {
  // index: evaluations_evaluator_idx (school_id, evaluator_id, updated_at)
  const pageFrom = q.keyword || q.dateFrom || q.dateTo ? listFrom : sql`from evaluations e`;
  return queryRows(tx, ListRow, listPage(pageFrom, recordsWhere(evaluatorId, q), sql`e.updated_at desc, e.id desc`, q));
}

export async function evaluatorRecordCount(tx: Tx, evaluatorId: string, q: RecordsQuery): Promise<number> {
  // index: evaluations_evaluator_idx (school_id, evaluator_id, updated_at)
  return (await queryRow(tx, z.object({ n: col.int }), count(recordsWhere(evaluatorId, q))))?.n ?? 0;
}

type ReceivedQuery = z.output<typeof ZReceivedEvaluationsRequest>;

/** Submitted and visible to the teacher: no plan, or the plan lets teachers view reports. */
function receivedWhere(teacherId: string, q: ReceivedQuery) {
  const f: SQL[] = [sql`e.teacher_id = ${teacherId}`, sql`e.status = 'submitted'`, sql`(e.plan_id is null or p.teacher_can_view)`];
  // The course or the plan: never the evaluator's name, which would let one search out an anonymous evaluator.
  if (q.keyword) f.push(sql`(${courseKeyword(q.keyword)} or p.name ilike ${containsPattern(q.keyword)})`);
  return sql.join(f, sql` and `);
}

/**
 * A page of the submitted evaluations a teacher may see, newest first, each row with the filter's
 * total. The evaluator of an anonymous one is not even read (null).
 */
export function teacherReceived(tx: Tx, teacherId: string, q: ReceivedQuery) {
  const named = sql`not (e.anonymous or coalesce(p.anonymous, false))`;
  // index: evaluations_teacher_idx (school_id, teacher_id, submitted_at)
  const pageFrom = q.keyword ? listFrom : sql`from evaluations e left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id`;
  return queryRows(tx, ReceivedRow, listPage(pageFrom, receivedWhere(teacherId, q), sql`e.submitted_at desc, e.id desc`, q, {
    columns: sql`, case when ${named} then ev.id::text end as "evaluatorId", case when ${named} then ev.name end as "evaluatorName",
      case when ${named} then ev.account end as "evaluatorAccount"`,
    joins: sql`join accounts ev on ev.id = e.evaluator_id`,
  }));
}

export async function teacherReceivedCount(tx: Tx, teacherId: string, q: ReceivedQuery): Promise<number> {
  // index: evaluations_teacher_idx (school_id, teacher_id, submitted_at)
  return (await queryRow(tx, z.object({ n: col.int }), count(receivedWhere(teacherId, q))))?.n ?? 0;
}

const TemplateOption = z.object({ templateId: col.text, name: col.text, version: col.int, totalScore: col.num, questionCount: col.int });

/** Published templates with their current version's totals, by name. */
export function publishedTemplates(tx: Tx) {
  // index: evaluation_templates_list_idx (school_id, status, updated_at) where deleted_at is null
  return queryRows(tx, TemplateOption, sql`
    select t.id::text as "templateId", tv.name, tv.version, tv.total_score as "totalScore", tv.question_count as "questionCount"
    from evaluation_templates t join template_versions tv on tv.school_id = t.school_id and tv.template_id = t.id and tv.version = t.version
    where t.status = 'published' and t.deleted_at is null
    order by tv.name, t.id limit 500`);
}
