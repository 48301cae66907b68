/** Patrol records' SQL (docs/decisions/0016-repositories.md): the room watched, visits, comments, attendance. */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PATROL_ATTENDANCE_STATUSES, type TAttendanceStatus } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { col, queryRow, queryRows } from '../../platform/sql-rows.ts';
import type { RecordAudience } from './patrol-rules.ts';

const ZStatus = col.oneOf(PATROL_ATTENDANCE_STATUSES);
const ZDevice = col.oneOf(['online', 'offline', 'unknown']);

// ---------------------------------------------------------------- the room

const RoomRow = z.object({
  classroomId: col.text, name: col.text, buildingName: col.text, floor: col.int,
  recorderName: col.textOrNull, recorderStatus: ZDevice.nullable(), recorderRecording: col.boolOrNull,
});
export function room(tx: Tx, classroomId: string) {
  // index: classrooms_school_id_id_pk (school_id, id)
  return queryRow(tx, RoomRow, sql`
    select r.id::text as "classroomId", r.name, b.name as "buildingName", r.floor,
      rec.name as "recorderName", rec.status as "recorderStatus", rec.recording as "recorderRecording"
    from classrooms r
    join buildings b on b.school_id = r.school_id and b.id = r.building_id
    left join recorders rec on rec.school_id = r.school_id and rec.classroom_id = r.id
    where r.id = ${classroomId}`);
}

const CameraRow = z.object({ id: col.text, name: col.text, frame: col.oneOf(['composite', 'teacherFull', 'studentFull', 'teacherCloseUp', 'studentCloseUp', 'pcScreen']), status: ZDevice, ptz: col.bool });
export function roomCameras(tx: Tx, classroomId: string) {
  return queryRows(tx, CameraRow, sql`
    select c.id::text as id, c.name, c.frame, c.status, c.ptz from cameras c
    where c.classroom_id = ${classroomId}
    order by array_position(array['composite','teacherFull','studentFull','teacherCloseUp','studentCloseUp','pcScreen'], c.frame), c.sort, c.id`);
}

const MeetingRow = z.object({
  id: col.text, courseId: col.text, courseName: col.text, teachingClass: col.textOrNull,
  teacherId: col.text, teacherName: col.text, teacherAccount: col.text,
  lessonDate: col.text, sessionStart: col.int, sessionEnd: col.int, attendance: ZStatus.nullable(),
});
export type MeetingRow = z.output<typeof MeetingRow>;
/** The room's classes on a day, with their course, teacher and patrol attendance mark. */
export function roomMeetingsOn(tx: Tx, classroomId: string, date: string) {
  // index: course_sessions_room_idx (school_id, classroom_id, lesson_date)
  return queryRows(tx, MeetingRow, sql`
    select cs.id::text as id, c.id::text as "courseId", c.name as "courseName", c.teaching_class as "teachingClass",
      t.id::text as "teacherId", t.name as "teacherName", t.account as "teacherAccount",
      cs.lesson_date::text as "lessonDate", cs.session_start as "sessionStart", cs.session_end as "sessionEnd", pa.status as attendance
    from course_sessions cs
    join courses c on c.school_id = cs.school_id and c.id = cs.course_id
    join accounts t on t.id = c.teacher_id
    left join patrol_attendance pa on pa.school_id = cs.school_id and pa.course_session_id = cs.id
    where cs.classroom_id = ${classroomId} and cs.lesson_date = ${date}
    order by cs.session_start`);
}

const WarningRow = z.object({ level: col.text, kind: col.text, message: col.textOrNull, startedAt: col.ts });
export function activeRoomWarnings(tx: Tx, classroomId: string, sessionIds: readonly string[]) {
  const bySession = sessionIds.length ? sql` or w.course_session_id in (${sql.join(sessionIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  return queryRows(tx, WarningRow, sql`
    select w.level, w.kind, w.message, w.started_at as "startedAt" from warnings w
    where w.ended_at is null and (w.classroom_id = ${classroomId}${bySession})
    order by w.started_at desc limit 20`);
}

// ---------------------------------------------------------------- visits

const VisitRow = z.object({
  id: col.text, accountId: col.text, classroomId: col.text, courseSessionId: col.textOrNull,
  startedAt: col.ts, lastSeenAt: col.ts, endedAt: col.tsOrNull, evaluationId: col.textOrNull,
});
export type VisitRow = z.output<typeof VisitRow>;
const visitCols = sql`v.id::text as id, v.account_id::text as "accountId", v.classroom_id::text as "classroomId", v.course_session_id::text as "courseSessionId",
  v.started_at as "startedAt", v.last_seen_at as "lastSeenAt", v.ended_at as "endedAt", v.evaluation_id::text as "evaluationId"`;

export async function insertVisit(tx: Tx, v: { schoolId: string; accountId: string; classroomId: string; courseSessionId: string | null; now: Date }) {
  const row = await queryRow(tx, VisitRow, sql`
    insert into patrol_visits as v (school_id, account_id, classroom_id, course_session_id, started_at, last_seen_at)
    values (${v.schoolId}, ${v.accountId}, ${v.classroomId}, ${v.courseSessionId}, ${v.now.toISOString()}, ${v.now.toISOString()})
    returning ${visitCols}`);
  return row!;
}

/** A visit of the given person (for update: heartbeats and ends of one visit run one at a time). */
export function ownVisit(tx: Tx, visitId: string, accountId: string) {
  return queryRow(tx, VisitRow, sql`select ${visitCols} from patrol_visits v where v.id = ${visitId} and v.account_id = ${accountId} for update`);
}

export async function touchVisit(tx: Tx, visitId: string, now: Date) {
  await tx.execute(sql`update patrol_visits set last_seen_at = greatest(last_seen_at, ${now.toISOString()}::timestamptz) where id = ${visitId}`);
}

export async function endVisit(tx: Tx, visitId: string, at: Date) {
  await tx.execute(sql`update patrol_visits set ended_at = greatest(started_at, ${at.toISOString()}::timestamptz), last_seen_at = greatest(last_seen_at, ${at.toISOString()}::timestamptz) where id = ${visitId} and ended_at is null`);
}

export async function setVisitEvaluation(tx: Tx, visitId: string, evaluationId: string) {
  await tx.execute(sql`update patrol_visits set evaluation_id = ${evaluationId} where id = ${visitId}`);
}

// ---------------------------------------------------------------- comments

const CommentRow = z.object({
  id: col.text, visitId: col.text, courseSessionId: col.textOrNull, authorId: col.text, authorName: col.text, authorAccount: col.text,
  videoAt: col.ts, content: col.text, createdAt: col.ts,
});
export type CommentRow = z.output<typeof CommentRow>;
const commentCols = sql`pc.id::text as id, pc.visit_id::text as "visitId", pc.course_session_id::text as "courseSessionId", a.id::text as "authorId",
  a.name as "authorName", a.account as "authorAccount", pc.video_at as "videoAt", pc.content, pc.created_at as "createdAt"`;

export async function insertComment(tx: Tx, c: { schoolId: string; visitId: string; authorId: string; courseSessionId: string | null; videoAt: Date; content: string; now: Date }) {
  const row = await queryRow(tx, CommentRow, sql`
    with pc as (
      insert into patrol_comments (school_id, visit_id, author_id, course_session_id, video_at, content, created_at)
      values (${c.schoolId}, ${c.visitId}, ${c.authorId}, ${c.courseSessionId}, ${c.videoAt.toISOString()}, ${c.content}, ${c.now.toISOString()})
      returning *)
    select ${commentCols} from pc join accounts a on a.id = pc.author_id`);
  return row!;
}

/** My comments in the room on a class (every visit to it), or of one visit when the room had no class. */
export function myComments(tx: Tx, authorId: string, by: { courseSessionId: string } | { visitId: string }) {
  const where = 'courseSessionId' in by ? sql`pc.course_session_id = ${by.courseSessionId}` : sql`pc.visit_id = ${by.visitId}`;
  // index: patrol_comments_session_idx (school_id, course_session_id, author_id)
  return queryRows(tx, CommentRow, sql`
    select ${commentCols} from patrol_comments pc join accounts a on a.id = pc.author_id
    where ${where} and pc.author_id = ${authorId}
    order by pc.video_at desc, pc.id desc limit 200`);
}

// ---------------------------------------------------------------- attendance

/** Marks (or changes) the teacher's attendance at a class. */
export async function upsertAttendance(tx: Tx, a: { schoolId: string; courseSessionId: string; teacherId: string; classroomId: string; status: TAttendanceStatus; markedBy: string; visitId: string; now: Date }) {
  await tx.execute(sql`
    insert into patrol_attendance (school_id, course_session_id, teacher_id, classroom_id, status, marked_by, visit_id, marked_at)
    values (${a.schoolId}, ${a.courseSessionId}, ${a.teacherId}, ${a.classroomId}, ${a.status}, ${a.markedBy}, ${a.visitId}, ${a.now.toISOString()})
    on conflict (school_id, course_session_id) do update set status = excluded.status, marked_by = excluded.marked_by,
      visit_id = excluded.visit_id, marked_at = excluded.marked_at`);
}

// ---------------------------------------------------------------- who sees which records

export async function leadsGroups(tx: Tx, accountId: string): Promise<boolean> {
  const row = await queryRow(tx, z.object({ found: col.bool }), sql`select exists (select 1 from supervision_groups g where g.leader_id = ${accountId}) as found`);
  return row?.found ?? false;
}

/** The people whose records the audience covers, as a condition on the column given. */
function audienceFilter(a: RecordAudience, column: SQL): SQL {
  if (a.kind === 'all') return sql`true`;
  if (a.kind === 'own') return sql`${column} = ${a.accountId}`;
  return sql`(${column} = ${a.leaderId} or ${column} in (select gm.account_id from supervision_group_members gm
    join supervision_groups g on g.school_id = gm.school_id and g.id = gm.group_id where g.leader_id = ${a.leaderId}))`;
}

/** School-local day bounds [from, to] as a condition on a timestamp column. */
function dayRange(column: SQL, tz: string, from?: string, to?: string): SQL[] {
  return [
    ...(from ? [sql`(${column} at time zone ${tz})::date >= ${from}::date`] : []),
    ...(to ? [sql`(${column} at time zone ${tz})::date <= ${to}::date`] : []),
  ];
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

// ---------------------------------------------------------------- inspection records

export type RecordFilters = { dateFrom?: string; dateTo?: string; buildingId?: string; classroomId?: string; keyword?: string; supervisorId?: string };

const RecordRow = z.object({
  id: col.text, accountId: col.text, supervisorName: col.text, supervisorAccount: col.text,
  classroomId: col.text, classroomName: col.text, buildingName: col.text,
  courseSessionId: col.textOrNull, courseName: col.textOrNull, teacherName: col.textOrNull,
  startedAt: col.ts, lastSeenAt: col.ts, endedAt: col.tsOrNull,
  evaluationId: col.textOrNull, evaluationStatus: col.textOrNull, evaluationScore: col.numOrNull, attendance: ZStatus.nullable(),
  comments: col.json(z.array(z.object({ id: z.union([z.string(), z.number()]).transform(String), videoAt: col.ts, content: z.string() }))),
  total: col.int,
});
export type RecordRow = z.output<typeof RecordRow>;

export function inspectionRecords(tx: Tx, audience: RecordAudience, f: RecordFilters, tz: string, pageq: { pageNum: number; pageSize: number }) {
  const conds: SQL[] = [
    audienceFilter(audience, sql`v.account_id`),
    ...dayRange(sql`v.started_at`, tz, f.dateFrom, f.dateTo),
    ...(f.buildingId ? [sql`r.building_id = ${f.buildingId}`] : []),
    ...(f.classroomId ? [sql`v.classroom_id = ${f.classroomId}`] : []),
    ...(f.supervisorId ? [sql`v.account_id = ${f.supervisorId}`] : []),
    ...(f.keyword ? [sql`(c.name ilike ${like(f.keyword)} or t.name ilike ${like(f.keyword)} or t.account ilike ${like(f.keyword)})`] : []),
  ];
  // index: patrol_visits_started_idx (school_id, started_at)
  return queryRows(tx, RecordRow, sql`
    select v.id::text as id, v.account_id::text as "accountId", s.name as "supervisorName", s.account as "supervisorAccount",
      r.id::text as "classroomId", r.name as "classroomName", b.name as "buildingName",
      cs.id::text as "courseSessionId", c.name as "courseName", t.name as "teacherName",
      v.started_at as "startedAt", v.last_seen_at as "lastSeenAt", v.ended_at as "endedAt",
      e.id::text as "evaluationId", e.status as "evaluationStatus", e.total_score as "evaluationScore", pa.status as attendance,
      coalesce((select json_agg(json_build_object('id', pc.id::text, 'videoAt', pc.video_at, 'content', pc.content) order by pc.video_at)
        from patrol_comments pc where pc.visit_id = v.id), '[]'::json) as comments,
      count(*) over () as total
    from patrol_visits v
    join accounts s on s.id = v.account_id
    join classrooms r on r.school_id = v.school_id and r.id = v.classroom_id
    join buildings b on b.school_id = r.school_id and b.id = r.building_id
    left join course_sessions cs on cs.school_id = v.school_id and cs.id = v.course_session_id
    left join courses c on c.school_id = cs.school_id and c.id = cs.course_id
    left join accounts t on t.id = c.teacher_id
    left join evaluations e on e.school_id = v.school_id and e.id = v.evaluation_id
    left join patrol_attendance pa on pa.school_id = v.school_id and pa.course_session_id = v.course_session_id
    where ${sql.join(conds, sql` and `)}
    order by v.started_at desc, v.id desc
    limit ${pageq.pageSize} offset ${(pageq.pageNum - 1) * pageq.pageSize}`);
}

const PersonRow = z.object({ userId: col.text, name: col.text, account: col.text });
/** The people with visits the audience covers (the supervisor filter's options). */
export function visitors(tx: Tx, audience: RecordAudience) {
  // index: patrol_visits_account_idx (school_id, account_id, started_at)
  return queryRows(tx, PersonRow, sql`
    select a.id::text as "userId", a.name, a.account from accounts a
    where a.id in (select distinct v.account_id from patrol_visits v where ${audienceFilter(audience, sql`v.account_id`)})
    order by a.name, a.account limit 500`);
}

// ---------------------------------------------------------------- attendance records

export type AttendanceFilters = { dateFrom?: string; dateTo?: string; status?: TAttendanceStatus; teacher?: string; buildingId?: string };

const AttendanceRow = z.object({
  id: col.text, courseSessionId: col.text, courseName: col.text, teacherId: col.text, teacherName: col.text, teacherAccount: col.text,
  classroomName: col.textOrNull, buildingName: col.textOrNull, lessonDate: col.text, sessionStart: col.int, sessionEnd: col.int,
  status: ZStatus, markedById: col.text, markedByName: col.text, markedByAccount: col.text, markedAt: col.ts, total: col.int,
});
export type AttendanceRow = z.output<typeof AttendanceRow>;

export function attendanceRecords(tx: Tx, audience: RecordAudience, f: AttendanceFilters, pageq: { limit: number; offset: number }) {
  const conds: SQL[] = [
    audienceFilter(audience, sql`pa.marked_by`),
    ...(f.dateFrom ? [sql`cs.lesson_date >= ${f.dateFrom}::date`] : []),
    ...(f.dateTo ? [sql`cs.lesson_date <= ${f.dateTo}::date`] : []),
    ...(f.status ? [sql`pa.status = ${f.status}`] : []),
    ...(f.buildingId ? [sql`r.building_id = ${f.buildingId}`] : []),
    ...(f.teacher ? [sql`(t.name ilike ${like(f.teacher)} or t.account ilike ${like(f.teacher)})`] : []),
  ];
  // index: patrol_attendance_marked_idx (school_id, marked_at)
  return queryRows(tx, AttendanceRow, sql`
    select pa.id::text as id, cs.id::text as "courseSessionId", c.name as "courseName",
      t.id::text as "teacherId", t.name as "teacherName", t.account as "teacherAccount",
      r.name as "classroomName", b.name as "buildingName", cs.lesson_date::text as "lessonDate",
      cs.session_start as "sessionStart", cs.session_end as "sessionEnd", pa.status,
      m.id::text as "markedById", m.name as "markedByName", m.account as "markedByAccount", pa.marked_at as "markedAt",
      count(*) over () as total
    from patrol_attendance pa
    join course_sessions cs on cs.school_id = pa.school_id and cs.id = pa.course_session_id
    join courses c on c.school_id = cs.school_id and c.id = cs.course_id
    join accounts t on t.id = pa.teacher_id
    join accounts m on m.id = pa.marked_by
    left join classrooms r on r.school_id = pa.school_id and r.id = coalesce(pa.classroom_id, cs.classroom_id)
    left join buildings b on b.school_id = r.school_id and b.id = r.building_id
    where ${sql.join(conds, sql` and `)}
    order by cs.lesson_date desc, cs.session_start desc, pa.id desc
    limit ${pageq.limit} offset ${pageq.offset}`);
}
