/** The lesson plans' SQL: collections and what they make due, plans and their files, grades, counts (docs/decisions/0016-repositories.md). */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { LESSON_PLAN_APPEAL_STATUSES, LESSON_PLAN_TARGETS, LESSON_PLAN_TYPES, PREVIEW_STATES, ZAnswers, type TAnswer, type TLessonPlanTarget, type TPreviewState } from '@hxk/contracts';
import { lessonPlanAppeals, lessonPlanCitations, lessonPlanCollections, lessonPlanDues, lessonPlanFiles, lessonPlans, schoolSettings } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { col, idList, queryRow, queryRows } from '../../platform/sql-rows.ts';
import { courseInReach, type StatsReach } from '../statistics/statistics.repo.ts';

/**
 * Whose plans a reader reaches (alias d, a due): the school, the departments and teachers they
 * supervise, or their own — the evaluation statistics' reach over the due's course (one rule for both).
 */
export type Reach = StatsReach;
const dueInReach = (reach: Reach) => (reach.kind === 'school' ? sql`true`
  // index: courses_school_id_id_pk
  : sql`exists (select 1 from courses c where c.school_id = d.school_id and c.id = d.course_id and ${courseInReach(reach)})`);

// ---------------------------------------------------------------- releasing

const CourseTeacher = z.object({ courseId: col.text, teacherId: col.text });

/** The semester a collection reaches: the latest that has started by `today` ('YYYY-MM-DD'). */
const semesterOf = (today: string) => sql`(select id from semesters where start_date <= ${today}::date order by start_date desc limit 1)`;

/** The courses a collection reaches, each with its teacher: of these teachers or departments (and their sub-units) this semester, or these courses. */
export function coursesOfTargets(tx: Tx, kind: TLessonPlanTarget, ids: readonly string[], today: string) {
  if (kind === 'courses') {
    // index: courses_school_id_id_pk
    return queryRows(tx, CourseTeacher, sql`select id::text as "courseId", teacher_id::text as "teacherId" from courses where id in (${idList(ids)})`);
  }
  if (kind === 'teachers') {
    // index: courses_teacher_idx (school_id, teacher_id, semester_id)
    return queryRows(tx, CourseTeacher, sql`select id::text as "courseId", teacher_id::text as "teacherId" from courses
      where teacher_id in (${idList(ids)}) and semester_id = ${semesterOf(today)}`);
  }
  // index: org_units_parent_idx walks the tree, courses_unit_idx (school_id, semester_id, org_unit_id) finds the courses
  return queryRows(tx, CourseTeacher, sql`
    with recursive units as (
      select id from org_units where id in (${idList(ids)})
      union select u.id from org_units u join units on u.parent_id = units.id)
    select c.id::text as "courseId", c.teacher_id::text as "teacherId" from courses c
    where c.semester_id = ${semesterOf(today)} and c.org_unit_id in (select id from units)`);
}

export async function insertCollection(tx: Tx, v: typeof lessonPlanCollections.$inferInsert) {
  const [row] = await tx.insert(lessonPlanCollections).values(v).returning({ id: lessonPlanCollections.id });
  return row!.id;
}

export async function insertDues(tx: Tx, rows: (typeof lessonPlanDues.$inferInsert)[]) {
  if (rows.length) await tx.insert(lessonPlanDues).values(rows).onConflictDoNothing();
}

// ---------------------------------------------------------------- collections with their counts

const CollectionRow = z.object({
  collectionId: col.text, name: col.text, type: col.oneOf(LESSON_PLAN_TYPES), deadline: col.ts, description: col.text, targetKind: col.oneOf(LESSON_PLAN_TARGETS),
  creatorId: col.text, creatorName: col.text, releasedAt: col.ts, due: col.int, handedIn: col.int, late: col.int, evaluated: col.int,
  templateVersionId: col.textOrNull, templateName: col.textOrNull, templateVersion: col.intOrNull, templateTotal: col.numOrNull,
});
export type CollectionRow = z.output<typeof CollectionRow>;

/** Every collection of the school, newest first, or one; with the dues in the reader's reach counted. */
export function collections(tx: Tx, reach: Reach, collectionId?: string) {
  // index: lesson_plan_collections_released_idx; lesson_plan_dues_uq (school_id, collection_id, course_id) for the counts
  return queryRows(tx, CollectionRow, sql`
    select c.id::text as "collectionId", c.name, c.type, c.deadline, c.description, c.target_kind as "targetKind",
      c.creator_id::text as "creatorId", a.name as "creatorName", c.created_at as "releasedAt",
      (select count(*)::int from lesson_plan_dues d where d.school_id = c.school_id and d.collection_id = c.id and ${dueInReach(reach)}) as due,
      (select count(*)::int from lesson_plan_dues d join lesson_plans p on p.school_id = d.school_id and p.due_id = d.id
        where d.school_id = c.school_id and d.collection_id = c.id and ${dueInReach(reach)}) as "handedIn",
      (select count(*)::int from lesson_plan_dues d join lesson_plans p on p.school_id = d.school_id and p.due_id = d.id
        where d.school_id = c.school_id and d.collection_id = c.id and p.late and ${dueInReach(reach)}) as late,
      (select count(*)::int from lesson_plan_dues d join lesson_plans p on p.school_id = d.school_id and p.due_id = d.id
        where d.school_id = c.school_id and d.collection_id = c.id and p.level is not null and ${dueInReach(reach)}) as evaluated,
      tv.id::text as "templateVersionId", tv.name as "templateName", tv.version as "templateVersion", tv.total_score as "templateTotal"
    from lesson_plan_collections c join accounts a on a.id = c.creator_id
    -- index: template_versions_school_id_id_pk
    left join template_versions tv on tv.school_id = c.school_id and tv.id = c.template_version_id
    ${collectionId ? sql`where c.id = ${collectionId}` : sql``}
    order by c.created_at desc, c.id desc`);
}

export async function deleteCollection(tx: Tx, collectionId: string): Promise<boolean> {
  const rows = await tx.delete(lessonPlanCollections).where(eq(lessonPlanCollections.id, collectionId)).returning({ id: lessonPlanCollections.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- dues and plans

const DueRow = z.object({
  dueId: col.text, collectionId: col.text, collectionName: col.text, type: col.oneOf(LESSON_PLAN_TYPES), deadline: col.ts, description: col.text,
  courseId: col.text, courseName: col.text, courseCode: col.text, teachingClass: col.textOrNull,
  teacherId: col.text, teacherName: col.text, department: col.textOrNull,
  planId: col.textOrNull, version: col.intOrNull, submittedAt: col.tsOrNull, updatedAt: col.tsOrNull, late: col.boolOrNull, timesCited: col.intOrNull,
  level: col.intOrNull, comment: col.textOrNull, evaluatorId: col.textOrNull, evaluatorName: col.textOrNull, evaluatedAt: col.tsOrNull,
  appealId: col.textOrNull, appealStatus: col.oneOf(LESSON_PLAN_APPEAL_STATUSES).nullable(), appealReason: col.textOrNull, appealLevel: col.intOrNull,
  appealLevelAfter: col.intOrNull, appealOpinion: col.textOrNull, appealHandlerId: col.textOrNull, appealHandlerName: col.textOrNull,
  appealCreatedAt: col.tsOrNull, appealHandledAt: col.tsOrNull,
  templateVersionId: col.textOrNull, templateName: col.textOrNull, templateVersion: col.intOrNull, templateTotal: col.numOrNull,
  score: col.numOrNull, appealScore: col.numOrNull, appealScoreAfter: col.numOrNull,
});
export type DueRow = z.output<typeof DueRow>;

export type DueFilter =
  | { teacherId: string; evaluatedOnly: boolean }
  | { dueId: string }
  | { planId: string }
  | { appealId: string }
  /** The handed-in plans of one course (the class being patrolled or evaluated). */
  | { courseId: string; handedIn: true }
  | { handedIn: true; classFrom: string | null; classTo: string | null; evaluated: 'all' | 'yes' | 'no' };

function dueWhere(f: DueFilter): SQL {
  if ('dueId' in f) return sql`d.id = ${f.dueId}`;
  if ('planId' in f) return sql`p.id = ${f.planId}`;
  if ('appealId' in f) return sql`ap.id = ${f.appealId}`;
  if ('courseId' in f) return sql`d.course_id = ${f.courseId} and p.id is not null`;
  if ('teacherId' in f) return f.evaluatedOnly ? sql`d.teacher_id = ${f.teacherId} and p.level is not null` : sql`d.teacher_id = ${f.teacherId}`;
  const parts: SQL[] = [sql`p.id is not null`];
  if (f.evaluated === 'yes') parts.push(sql`p.level is not null`);
  if (f.evaluated === 'no') parts.push(sql`p.level is null`);
  // index: course_sessions_course_day_idx (school_id, course_id, lesson_date)
  if (f.classFrom && f.classTo) parts.push(sql`exists (select 1 from course_sessions cs where cs.school_id = d.school_id and cs.course_id = d.course_id
    and cs.lesson_date between ${f.classFrom}::date and ${f.classTo}::date)`);
  return sql.join(parts, sql` and `);
}

/** Dues with their collection, course, teacher, plan and its appeal: a teacher's, one, or the handed-in plans to evaluate; within the reach. */
export function dues(tx: Tx, f: DueFilter, reach: Reach = { kind: 'school' }) {
  // index: lesson_plan_dues_teacher_idx (a teacher's), lesson_plans_due_uq (the plan of each)
  return queryRows(tx, DueRow, sql`
    select d.id::text as "dueId", c.id::text as "collectionId", c.name as "collectionName", c.type, c.deadline, c.description,
      co.id::text as "courseId", co.name as "courseName", co.code as "courseCode", co.teaching_class as "teachingClass",
      t.id::text as "teacherId", t.name as "teacherName", u.name as department,
      p.id::text as "planId", p.version, p.submitted_at as "submittedAt", p.updated_at as "updatedAt", p.late, p.times_cited as "timesCited",
      p.level, p.comment, ev.id::text as "evaluatorId", ev.name as "evaluatorName", p.evaluated_at as "evaluatedAt",
      ap.id::text as "appealId", ap.status as "appealStatus", ap.reason as "appealReason", ap.level as "appealLevel", ap.level_after as "appealLevelAfter",
      ap.opinion as "appealOpinion", ah.id::text as "appealHandlerId", ah.name as "appealHandlerName", ap.created_at as "appealCreatedAt", ap.handled_at as "appealHandledAt",
      tv.id::text as "templateVersionId", tv.name as "templateName", tv.version as "templateVersion", tv.total_score as "templateTotal",
      p.score, ap.score as "appealScore", ap.score_after as "appealScoreAfter"
    from lesson_plan_dues d
    join lesson_plan_collections c on c.school_id = d.school_id and c.id = d.collection_id
    -- index: template_versions_school_id_id_pk
    left join template_versions tv on tv.school_id = c.school_id and tv.id = c.template_version_id
    join courses co on co.school_id = d.school_id and co.id = d.course_id
    join accounts t on t.id = d.teacher_id
    left join school_memberships m on m.school_id = d.school_id and m.account_id = d.teacher_id
    left join org_units u on u.school_id = m.school_id and u.id = m.org_unit_id
    left join lesson_plans p on p.school_id = d.school_id and p.due_id = d.id
    left join accounts ev on ev.id = p.evaluator_id
    -- index: lesson_plan_appeals_plan_uq
    left join lesson_plan_appeals ap on ap.school_id = p.school_id and ap.plan_id = p.id
    left join accounts ah on ah.id = ap.handler_id
    where ${dueWhere(f)} and ${dueInReach(reach)}
    order by c.deadline desc, c.id desc, co.code, d.id
    limit 2000`);
}

const FileRow = z.object({
  planId: col.text, rowId: col.text, fileId: col.textOrNull, name: col.text, size: col.int, contentType: col.text, addedIn: col.int, removedIn: col.intOrNull,
  preview: col.oneOf(PREVIEW_STATES), previewKey: col.textOrNull, storageKey: col.textOrNull, ownerId: col.textOrNull,
});
export type PlanFileRow = z.output<typeof FileRow>;

/** The files of these plans, current ones first. */
export function planFiles(tx: Tx, planIds: readonly string[]) {
  if (!planIds.length) return Promise.resolve([]);
  // index: lesson_plan_files_plan_idx
  return queryRows(tx, FileRow, sql`
    select lf.plan_id::text as "planId", lf.id::text as "rowId", lf.file_id::text as "fileId", lf.name, lf.size, lf.content_type as "contentType",
      lf.added_in as "addedIn", lf.removed_in as "removedIn", lf.preview, lf.preview_key as "previewKey", f.storage_key as "storageKey", f.owner_id::text as "ownerId"
    from lesson_plan_files lf left join files f on f.school_id = lf.school_id and f.id = lf.file_id
    where lf.plan_id in (${idList(planIds)})
    order by lf.removed_in is not null, lf.removed_in desc nulls first, lf.added_in, lf.id`);
}

const UploadedFile = z.object({ id: col.text, name: col.text, size: col.int, contentType: col.text, context: col.textOrNull, attachedAt: col.tsOrNull, ownerId: col.text });

/** These files as stored (owner, context, type, whether taken). */
export function uploadedFiles(tx: Tx, fileIds: readonly string[]) {
  // index: files_school_id_id_pk
  return queryRows(tx, UploadedFile, sql`
    select id::text, name, size, content_type as "contentType", context, attached_at as "attachedAt", owner_id::text as "ownerId"
    from files where id in (${idList(fileIds)})`);
}

export async function markAttached(tx: Tx, fileIds: readonly string[], now: Date) {
  if (fileIds.length) await tx.execute(sql`update files set attached_at = ${now.toISOString()}::timestamptz where id in (${idList(fileIds)})`);
}

export async function insertPlan(tx: Tx, v: typeof lessonPlans.$inferInsert) {
  const [row] = await tx.insert(lessonPlans).values(v).onConflictDoNothing().returning({ id: lessonPlans.id });
  return row?.id;
}

export async function insertPlanFiles(tx: Tx, rows: (typeof lessonPlanFiles.$inferInsert)[]) {
  if (rows.length) await tx.insert(lessonPlanFiles).values(rows);
}

/** Moves a plan to its next version; false when another change got there first. */
export async function bumpVersion(tx: Tx, planId: string, from: number, now: Date): Promise<boolean> {
  const rows = await tx.update(lessonPlans).set({ version: from + 1, updatedAt: now })
    .where(and(eq(lessonPlans.id, planId), eq(lessonPlans.version, from))).returning({ id: lessonPlans.id });
  return rows.length > 0;
}

export async function removeFiles(tx: Tx, planId: string, fileIds: readonly string[], version: number) {
  if (!fileIds.length) return;
  await tx.execute(sql`update lesson_plan_files set removed_in = ${version}
    where plan_id = ${planId} and removed_in is null and file_id in (${idList(fileIds)})`);
}

/** The plan's grade: a level, or a filled template with its score and the level its band gives. */
export async function grade(tx: Tx, planId: string, v: { level: number; comment: string | null; evaluatorId: string; at: Date; answers: Record<string, TAnswer> | null; score: number | null }) {
  await tx.update(lessonPlans).set({ level: v.level, comment: v.comment, evaluatorId: v.evaluatorId, evaluatedAt: v.at, answers: v.answers, score: v.score }).where(eq(lessonPlans.id, planId));
}

/** A template-graded plan's answers (null: graded by level, or not graded). */
export async function planAnswers(tx: Tx, planId: string): Promise<Record<string, TAnswer> | null> {
  const [row] = await tx.select({ answers: lessonPlans.answers }).from(lessonPlans).where(eq(lessonPlans.id, planId));
  return row?.answers ? ZAnswers.parse(row.answers) : null;
}

/** Records that someone cited a plan in one class; the plan counts it the first time only. */
export async function cite(tx: Tx, v: typeof lessonPlanCitations.$inferInsert): Promise<boolean> {
  const added = await tx.insert(lessonPlanCitations).values(v).onConflictDoNothing().returning({ planId: lessonPlanCitations.planId });
  if (!added.length) return false;
  await tx.update(lessonPlans).set({ timesCited: sql`${lessonPlans.timesCited} + 1` }).where(eq(lessonPlans.id, v.planId));
  return true;
}

/** The course of a class (course session), if it is the school's. */
export async function sessionCourse(tx: Tx, courseSessionId: string) {
  // index: course_sessions_school_id_id_pk
  const row = await queryRow(tx, z.object({ courseId: col.text }), sql`select course_id::text as "courseId" from course_sessions where id = ${courseSessionId}`);
  return row?.courseId ?? null;
}

/** Whether a course is within the reach. */
export async function courseReached(tx: Tx, courseId: string, reach: Reach): Promise<boolean> {
  const row = await queryRow(tx, z.object({ ok: col.bool }), sql`select exists (select 1 from courses c where c.id = ${courseId} and ${courseInReach(reach)}) as ok`);
  return row?.ok ?? false;
}

/** Whether a due's course is within the reach. */
export async function dueReached(tx: Tx, dueId: string, reach: Reach): Promise<boolean> {
  const row = await queryRow(tx, z.object({ ok: col.bool }), sql`select exists (select 1 from lesson_plan_dues d where d.id = ${dueId} and ${dueInReach(reach)}) as ok`);
  return row?.ok ?? false;
}

// ---------------------------------------------------------------- appeals of a grade

export async function insertAppeal(tx: Tx, v: typeof lessonPlanAppeals.$inferInsert) {
  const [row] = await tx.insert(lessonPlanAppeals).values(v).onConflictDoNothing().returning({ id: lessonPlanAppeals.id });
  return row?.id;
}

/** Decides a pending appeal; false when it was no longer pending. */
export async function decideAppeal(tx: Tx, appealId: string, v: { status: 'resolved' | 'unresolved'; levelAfter: number | null; scoreAfter: number | null; opinion: string | null; handlerId: string; at: Date }): Promise<boolean> {
  const rows = await tx.update(lessonPlanAppeals).set({ status: v.status, levelAfter: v.levelAfter, scoreAfter: v.scoreAfter, opinion: v.opinion, handlerId: v.handlerId, handledAt: v.at })
    .where(and(eq(lessonPlanAppeals.id, appealId), eq(lessonPlanAppeals.status, 'pending'))).returning({ id: lessonPlanAppeals.id });
  return rows.length > 0;
}

/** The plan takes the level (and, template-graded, the score) an accepted appeal gave it (the grader, the grading time and the answers stay). */
export async function setLevel(tx: Tx, planId: string, level: number, score: number | null = null) {
  await tx.update(lessonPlans).set(score === null ? { level } : { level, score }).where(eq(lessonPlans.id, planId));
}

export async function setPreview(tx: Tx, rowId: string, preview: TPreviewState, previewKey: string | null) {
  await tx.update(lessonPlanFiles).set({ preview, previewKey }).where(eq(lessonPlanFiles.id, rowId));
}

const Windows = z.object({ us: col.intOrNull, ue: col.intOrNull, ms: col.intOrNull, me: col.intOrNull, retention: col.oneOf(['forever', '1y']) });

/** The school's lesson-plan windows (minutes of the day) and retention; the column defaults when it set none. */
export async function planSettings(tx: Tx) {
  const [row] = await tx.select({
    us: schoolSettings.lessonPlanUploadStart, ue: schoolSettings.lessonPlanUploadEnd, ms: schoolSettings.lessonPlanModifyStart, me: schoolSettings.lessonPlanModifyEnd,
    retention: schoolSettings.lessonPlanRetention,
  }).from(schoolSettings);
  return Windows.parse(row ?? { us: null, ue: null, ms: null, me: null, retention: 'forever' });
}

// ---------------------------------------------------------------- statistics

const CountRow = z.object({
  key: col.textOrNull, name: col.textOrNull, account: col.textOrNull, department: col.textOrNull,
  due: col.int, handedIn: col.int, late: col.int, evaluated: col.int,
});
export type CountRow = z.output<typeof CountRow>;

const statsFrom = (reach: Reach, collectionId: string | undefined) => sql`
  from lesson_plan_dues d
  left join lesson_plans p on p.school_id = d.school_id and p.due_id = d.id
  join accounts t on t.id = d.teacher_id
  left join school_memberships m on m.school_id = d.school_id and m.account_id = d.teacher_id
  left join org_units u on u.school_id = m.school_id and u.id = m.org_unit_id
  where ${dueInReach(reach)} ${collectionId ? sql`and d.collection_id = ${collectionId}` : sql``}`;
const counts = sql`count(*)::int as due, count(p.id)::int as "handedIn", count(*) filter (where p.late)::int as late, count(p.level)::int as evaluated`;

/** Dues in the reach counted per department (the teacher's) or per teacher, of one collection or all. */
export function countsBy(tx: Tx, by: 'department' | 'teacher', reach: Reach, collectionId?: string) {
  // index: lesson_plan_dues_uq (school_id, collection_id, ...) narrows to the collection; lesson_plans_due_uq joins the plans
  if (by === 'department') {
    return queryRows(tx, CountRow, sql`select u.id::text as key, u.name, null as account, null as department, ${counts} ${statsFrom(reach, collectionId)}
      group by u.id, u.name order by u.name nulls last`);
  }
  return queryRows(tx, CountRow, sql`select t.id::text as key, t.name, t.account, min(u.name) as department, ${counts} ${statsFrom(reach, collectionId)}
    group by t.id, t.name, t.account order by count(p.id)::float / count(*), t.account`);
}

const LevelRow = z.object({ level: col.int, n: col.int });
export function levelCounts(tx: Tx, reach: Reach, collectionId?: string) {
  return queryRows(tx, LevelRow, sql`select p.level, count(*)::int as n ${statsFrom(reach, collectionId)} and p.level is not null group by p.level order by p.level`);
}

const Missing = z.object({ teacherId: col.text, n: col.int });
/** The teachers in the reach who still owe plans of a collection, with how many. */
export function missingTeachers(tx: Tx, collectionId: string, reach: Reach) {
  return queryRows(tx, Missing, sql`select d.teacher_id::text as "teacherId", count(*)::int as n from lesson_plan_dues d
    where d.collection_id = ${collectionId} and ${dueInReach(reach)} and not exists (select 1 from lesson_plans p where p.school_id = d.school_id and p.due_id = d.id)
    group by d.teacher_id`);
}

// ---------------------------------------------------------------- retention

const Expiring = z.object({ rowId: col.text, fileId: col.text, storageKey: col.text, previewKey: col.textOrNull });

/** Up to `limit` plan files uploaded before `cutoff` (ISO) whose content is still kept. */
export function expiringFiles(tx: Tx, cutoff: string, limit: number) {
  // index: lesson_plan_files_created_idx (school_id, created_at) where expired_at is null
  return queryRows(tx, Expiring, sql`
    select lf.id::text as "rowId", f.id::text as "fileId", f.storage_key as "storageKey", lf.preview_key as "previewKey"
    from lesson_plan_files lf join files f on f.school_id = lf.school_id and f.id = lf.file_id
    where lf.expired_at is null and lf.created_at < ${cutoff}::timestamptz order by lf.created_at limit ${limit}`);
}

/** Marks plan files expired and removes their uploaded files' rows. */
export async function expire(tx: Tx, rows: readonly { rowId: string; fileId: string }[], now: Date) {
  if (!rows.length) return;
  await tx.execute(sql`update lesson_plan_files set file_id = null, expired_at = ${now.toISOString()}::timestamptz, preview_key = null
    where id in (${idList(rows.map((r) => r.rowId))})`);
  await tx.execute(sql`delete from files where id in (${idList(rows.map((r) => r.fileId))})`);
}

export async function currentFileCount(tx: Tx, planId: string): Promise<number> {
  const row = await queryRow(tx, z.object({ n: col.int }), sql`select count(*)::int as n from lesson_plan_files where plan_id = ${planId} and removed_in is null`);
  return row?.n ?? 0;
}


const PreviewSource = z.object({ rowId: col.text, name: col.text, size: col.int, preview: col.oneOf(PREVIEW_STATES), storageKey: col.textOrNull });

/** A plan file's uploaded content, for its conversion. */
export function previewSource(tx: Tx, rowId: string) {
  return queryRow(tx, PreviewSource, sql`
    select lf.id::text as "rowId", lf.name, lf.size, lf.preview, f.storage_key as "storageKey"
    from lesson_plan_files lf left join files f on f.school_id = lf.school_id and f.id = lf.file_id where lf.id = ${rowId}`);
}

/** Deletes the records of a job kind's finished runs older than `cutoff` (ISO). */
export async function deleteFinishedJobsBefore(tx: Tx, kind: string, cutoff: string): Promise<void> {
  await tx.execute(sql`delete from jobs where kind = ${kind} and status in ('done', 'failed') and finished_at < ${cutoff}::timestamptz`);
}

const TeacherOption = z.object({ id: col.text, name: col.text, account: col.text, department: col.textOrNull });
const UnitOption = z.object({ id: col.text, name: col.text, parentName: col.textOrNull });
const CourseOption = z.object({ id: col.text, name: col.text, code: col.text, teacherName: col.text });

/** The teachers with courses this semester, the departments (not the school itself), and this semester's courses. */
export async function targetOptions(tx: Tx, today: string) {
  // index: courses_teacher_idx / courses_unit_idx narrow by semester through the school's rows
  const teachers = await queryRows(tx, TeacherOption, sql`
    select a.id::text, a.name, a.account, min(u.name) as department from courses c join accounts a on a.id = c.teacher_id
    left join school_memberships m on m.school_id = c.school_id and m.account_id = c.teacher_id
    left join org_units u on u.school_id = m.school_id and u.id = m.org_unit_id
    where c.semester_id = ${semesterOf(today)} group by a.id, a.name, a.account order by a.account`);
  const departments = await queryRows(tx, UnitOption, sql`
    select u.id::text, u.name, p.name as "parentName" from org_units u left join org_units p on p.school_id = u.school_id and p.id = u.parent_id
    where u.kind <> 'school' order by p.name nulls first, u.sort, u.name`);
  const courses = await queryRows(tx, CourseOption, sql`
    select c.id::text, c.name, c.code, a.name as "teacherName" from courses c join accounts a on a.id = c.teacher_id
    where c.semester_id = ${semesterOf(today)} order by c.code limit 2000`);
  return { teachers, departments, courses };
}
