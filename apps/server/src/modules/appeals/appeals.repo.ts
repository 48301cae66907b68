/** The appeals' SQL: lists and details with their class, the appealed evaluation, images and state changes (docs/decisions/0016-repositories.md). */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { APPEAL_STATUSES, EVALUATION_KIND_VALUES, type TAppealStatus } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { col, idList, queryRow, queryRows } from '../../platform/sql-rows.ts';
import { containsPattern } from '../../platform/tenancy.ts';
import { ClassRow, classColumns, classJoins } from '../evaluations/evaluated-class.repo.ts';

// ---------------------------------------------------------------- reading

const AppealRow = ClassRow.extend({
  appealId: col.text, status: col.oneOf(APPEAL_STATUSES), evaluationId: col.text, evaluationKind: col.oneOf(EVALUATION_KIND_VALUES),
  planName: col.textOrNull, evaluatorId: col.text, evaluatorShownId: col.textOrNull, evaluatorName: col.textOrNull, evaluatorAccount: col.textOrNull,
  score: col.num, fullScore: col.num, scoreAfter: col.numOrNull, reason: col.text, imageCount: col.int, anonymous: col.bool,
  createdAt: col.ts, handledAt: col.tsOrNull, total: col.int,
});
export type AppealRow = z.output<typeof AppealRow>;

const anonymous = sql`(e.anonymous or coalesce(p.anonymous, false))`;

/**
 * An appeal row's columns (alias a) for a reader: the evaluator is not even read from the database
 * when the evaluation is anonymous and the reader is the appeal's teacher.
 */
const rowColumns = (reader: string) => {
  const named = sql`(a.teacher_id <> ${reader} or not ${anonymous})`;
  return sql`a.id::text as "appealId", a.status, e.id::text as "evaluationId", e.kind as "evaluationKind", p.name as "planName",
    e.evaluator_id::text as "evaluatorId",
    case when ${named} then ev.id::text end as "evaluatorShownId", case when ${named} then ev.name end as "evaluatorName",
    case when ${named} then ev.account end as "evaluatorAccount", ${anonymous} as anonymous,
    a.score, tv.total_score as "fullScore", a.score_after as "scoreAfter", a.reason,
    (select count(*)::int from appeal_images ai where ai.school_id = a.school_id and ai.appeal_id = a.id) as "imageCount",
    a.created_at as "createdAt", a.handled_at as "handledAt", (count(*) over ())::int as total, ${classColumns}`;
};

const rowFrom = sql`
  from appeals a
  join evaluations e on e.school_id = a.school_id and e.id = a.evaluation_id
  join course_sessions cs on cs.school_id = e.school_id and cs.id = e.course_session_id
  ${classJoins(sql`a.teacher_id`)}
  join accounts ev on ev.id = e.evaluator_id
  join template_versions tv on tv.school_id = e.school_id and tv.id = e.template_version_id
  left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id`;

/** Which appeals a list shows: a teacher's own (not deleted from their list), or every appeal of the school. */
export type AppealList = { teacherId: string } | 'school';
export type AppealFilter = { keyword?: string | undefined; status?: TAppealStatus | undefined; evaluationId?: string | undefined };

function appealWhere(list: AppealList, q: AppealFilter): SQL {
  const f: SQL[] = list === 'school' ? [sql`true`] : [sql`a.teacher_id = ${list.teacherId}`, sql`a.deleted_at is null`];
  if (q.keyword) {
    const k = containsPattern(q.keyword);
    f.push(list === 'school'
      ? sql`(c.name ilike ${k} or c.code ilike ${k} or t.name ilike ${k} or t.account ilike ${k})`
      : sql`(c.name ilike ${k} or c.code ilike ${k} or p.name ilike ${k})`);
  }
  if (q.status) f.push(sql`a.status = ${q.status}`);
  if (q.evaluationId) f.push(sql`a.evaluation_id = ${q.evaluationId}`);
  return sql.join(f, sql` and `);
}

/** A teacher's own newest first; the school's pending first, then newest. */
const appealOrder = (list: AppealList) => (list === 'school' ? sql`(a.status = 'pending') desc, a.created_at desc, a.id desc` : sql`a.created_at desc, a.id desc`);

/** A page of appeals as `reader` sees them, each row with the count of all matching (window). */
export function appealPage(tx: Tx, reader: string, list: AppealList, q: AppealFilter & { pageNum: number; pageSize: number }): Promise<AppealRow[]> {
  // index: appeals_teacher_idx (school_id, teacher_id, created_at) for a teacher's; appeals_status_idx (school_id, status, created_at) for the school's
  return queryRows(tx, AppealRow, sql`select ${rowColumns(reader)} ${rowFrom} where ${appealWhere(list, q)}
    order by ${appealOrder(list)} limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`);
}

/** How many appeals a list matches (past the last page, where no row carries the window count). */
export async function appealCount(tx: Tx, list: AppealList, q: AppealFilter): Promise<number> {
  // index: appeals_teacher_idx (school_id, teacher_id, created_at) for a teacher's; appeals_status_idx (school_id, status, created_at) for the school's
  const r = await queryRow(tx, z.object({ n: col.int }), sql`select count(*)::int as n ${rowFrom} where ${appealWhere(list, q)}`);
  return r?.n ?? 0;
}

const AppealDetailRow = AppealRow.extend({
  opinion: col.textOrNull, handlerId: col.textOrNull, handlerName: col.textOrNull, handlerAccount: col.textOrNull,
  withdrawnAt: col.tsOrNull, deletedAt: col.tsOrNull,
});

/** One appeal as `reader` sees it, with its handler. */
export function appealDetailRow(tx: Tx, reader: string, appealId: string) {
  // index: appeals_school_id_id_pk (school_id, id)
  return queryRow(tx, AppealDetailRow, sql`
    select ${rowColumns(reader)}, a.opinion, h.id::text as "handlerId", h.name as "handlerName", h.account as "handlerAccount",
      a.withdrawn_at as "withdrawnAt", a.deleted_at as "deletedAt"
    ${rowFrom} left join accounts h on h.id = a.handler_id
    where a.id = ${appealId}`);
}

const ImageRow = z.object({ fileId: col.text, name: col.text, size: col.int });

/** An appeal's images in order. */
export function appealImages(tx: Tx, appealId: string) {
  // index: appeal_images_school_id_appeal_id_position_pk (school_id, appeal_id, position)
  return queryRows(tx, ImageRow, sql`
    select f.id::text as "fileId", f.name, f.size from appeal_images ai join files f on f.school_id = ai.school_id and f.id = ai.file_id
    where ai.appeal_id = ${appealId} order by ai.position`);
}

// ---------------------------------------------------------------- the teacher

const AppealedRow = z.object({
  teacherId: col.text, evaluatorId: col.text, status: col.text, planId: col.textOrNull, teacherCanView: col.boolOrNull, totalScore: col.numOrNull,
  courseName: col.text, lessonDate: col.text, teacherName: col.text,
});

/** An evaluation with what appealing it needs: its teacher, state, plan visibility, score and class. */
export function evaluationToAppeal(tx: Tx, evaluationId: string) {
  // index: evaluations_school_id_id_pk (school_id, id)
  return queryRow(tx, AppealedRow, sql`
    select e.teacher_id::text as "teacherId", e.evaluator_id::text as "evaluatorId", e.status, e.plan_id::text as "planId",
      p.teacher_can_view as "teacherCanView", e.total_score as "totalScore", c.name as "courseName", cs.lesson_date::text as "lessonDate", t.name as "teacherName"
    from evaluations e
    join course_sessions cs on cs.school_id = e.school_id and cs.id = e.course_session_id
    join courses c on c.school_id = cs.school_id and c.id = cs.course_id
    join accounts t on t.id = e.teacher_id
    left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id
    where e.id = ${evaluationId}`);
}

/** Does the evaluation have a pending appeal? */
export async function hasPendingAppeal(tx: Tx, evaluationId: string): Promise<boolean> {
  // index: appeals_pending_uq (school_id, evaluation_id) where status = 'pending'
  const r = await queryRow(tx, z.object({ found: col.int }), sql`select 1 as found from appeals where evaluation_id = ${evaluationId} and status = 'pending'`);
  return r !== undefined;
}

/** Of these files, the unattached images of `ownerId` no appeal uses yet. */
export function usableImageIds(tx: Tx, ownerId: string, fileIds: readonly string[]) {
  // index: files_school_id_id_pk (school_id, id)
  return queryRows(tx, z.object({ id: col.text }), sql`
    select f.id::text as id from files f
    where f.id in (${idList(fileIds)}) and f.owner_id = ${ownerId} and f.content_type like 'image/%' and f.attached_at is null
      and not exists (select 1 from appeal_images ai where ai.school_id = f.school_id and ai.file_id = f.id)`);
}

export type NewAppeal = { evaluationId: string; teacherId: string; reason: string; score: number };

/** Inserts a pending appeal; its id. */
export async function insertAppeal(tx: Tx, schoolId: string, a: NewAppeal, now: Date): Promise<string> {
  const [row] = await queryRows(tx, z.object({ id: col.text }), sql`
    insert into appeals (school_id, evaluation_id, teacher_id, status, reason, score, created_at)
    values (${schoolId}, ${a.evaluationId}, ${a.teacherId}, 'pending', ${a.reason}, ${a.score}, ${now.toISOString()}::timestamptz)
    returning id::text as id`);
  return row!.id;
}

/** Attaches the images (in order) to the appeal. */
export async function insertAppealImages(tx: Tx, schoolId: string, appealId: string, fileIds: readonly string[]): Promise<void> {
  await tx.execute(sql`insert into appeal_images (school_id, appeal_id, position, file_id) values
    ${sql.join(fileIds.map((fileId, i) => sql`(${schoolId}, ${appealId}, ${i}, ${fileId})`), sql`, `)}`);
}

/** Marks files attached (taken by a record). */
export async function markFilesAttached(tx: Tx, fileIds: readonly string[], now: Date): Promise<void> {
  await tx.execute(sql`update files set attached_at = ${now.toISOString()}::timestamptz where id in (${idList(fileIds)})`);
}

const MineRow = z.object({
  id: col.text, status: col.oneOf(APPEAL_STATUSES), evaluatorId: col.text, courseName: col.text, lessonDate: col.text, teacherName: col.text,
});

const mineColumns = sql`a.id::text as id, a.status, e.evaluator_id::text as "evaluatorId", c.name as "courseName",
  cs.lesson_date::text as "lessonDate", t.name as "teacherName"`;
const mineFrom = sql`from appeals a
  join evaluations e on e.school_id = a.school_id and e.id = a.evaluation_id
  join course_sessions cs on cs.school_id = e.school_id and cs.id = e.course_session_id
  join courses c on c.school_id = cs.school_id and c.id = cs.course_id
  join accounts t on t.id = a.teacher_id`;

/** A teacher's appeal with its state, evaluator and class (what a notification names). */
export function teachersAppeal(tx: Tx, appealId: string, teacherId: string) {
  // index: appeals_school_id_id_pk (school_id, id)
  return queryRow(tx, MineRow, sql`select ${mineColumns} ${mineFrom} where a.id = ${appealId} and a.teacher_id = ${teacherId}`);
}

const Changed = z.object({ id: col.text });

/** Withdraws a teacher's appeal if it is still pending; whether it did. */
export async function withdrawPending(tx: Tx, appealId: string, teacherId: string, now: Date): Promise<boolean> {
  const done = await queryRows(tx, Changed, sql`
    update appeals set status = 'revoked', withdrawn_at = ${now.toISOString()}::timestamptz where id = ${appealId} and teacher_id = ${teacherId} and status = 'pending' returning id::text as id`);
  return done.length > 0;
}

/** The states of a teacher's appeals among `ids` still on their list. */
export function listedStatuses(tx: Tx, teacherId: string, ids: readonly string[]) {
  // index: appeals_school_id_id_pk (school_id, id)
  return queryRows(tx, z.object({ status: col.oneOf(APPEAL_STATUSES) }), sql`
    select status from appeals where id in (${idList(ids)}) and teacher_id = ${teacherId} and deleted_at is null`);
}

/** Removes a teacher's closed appeals among `ids` from their list; how many it removed. */
export async function deleteClosed(tx: Tx, teacherId: string, ids: readonly string[], now: Date): Promise<number> {
  const done = await queryRows(tx, Changed, sql`
    update appeals set deleted_at = ${now.toISOString()}::timestamptz
    where id in (${idList(ids)}) and teacher_id = ${teacherId} and deleted_at is null and status <> 'pending' returning id::text as id`);
  return done.length;
}

/** Removes every closed appeal of a teacher from their list; how many it removed. */
export async function clearClosed(tx: Tx, teacherId: string, now: Date): Promise<number> {
  // index: appeals_teacher_idx (school_id, teacher_id, created_at)
  const done = await queryRows(tx, Changed, sql`
    update appeals set deleted_at = ${now.toISOString()}::timestamptz
    where teacher_id = ${teacherId} and deleted_at is null and status <> 'pending' returning id::text as id`);
  return done.length;
}

// ---------------------------------------------------------------- handlers

const ToHandleRow = MineRow.extend({ teacherId: col.text, score: col.num, fullScore: col.num });

/** An appeal with what deciding it needs: its people, state, class, score and the template's full score. */
export function appealToHandle(tx: Tx, appealId: string) {
  // index: appeals_school_id_id_pk (school_id, id)
  return queryRow(tx, ToHandleRow, sql`
    select ${mineColumns}, a.teacher_id::text as "teacherId", a.score, tv.total_score as "fullScore"
    ${mineFrom} join template_versions tv on tv.school_id = e.school_id and tv.id = e.template_version_id
    where a.id = ${appealId}`);
}

export type Decision = { status: 'resolved' | 'unresolved'; handlerId: string; opinion: string; scoreAfter: number | null };

/** Records the decision on an appeal if it is still pending; whether it did. */
export async function decidePending(tx: Tx, appealId: string, d: Decision, now: Date): Promise<boolean> {
  const done = await queryRows(tx, Changed, sql`
    update appeals set status = ${d.status}, handler_id = ${d.handlerId}, opinion = ${d.opinion}, handled_at = ${now.toISOString()}::timestamptz,
      score_after = ${d.scoreAfter}
    where id = ${appealId} and status = 'pending' returning id::text as id`);
  return done.length > 0;
}
