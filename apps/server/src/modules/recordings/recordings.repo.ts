/** Class recordings' SQL (docs/decisions/0016-repositories.md). */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordings, schoolSettings } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { col, queryRow, queryRows } from '../../platform/sql-rows.ts';

const ClassRow = z.object({
  courseSessionId: col.text,
  courseId: col.text,
  courseName: col.text,
  teacherId: col.text,
  teacherName: col.text,
  orgUnitId: col.textOrNull,
  classroomId: col.textOrNull,
  classroomName: col.textOrNull,
  buildingName: col.textOrNull,
  lessonDate: col.text,
  sessionStart: col.int,
  sessionEnd: col.int,
  startMinute: col.intOrNull,
  endMinute: col.intOrNull,
});
export type ClassRow = z.output<typeof ClassRow>;

const classColumns = sql`cs.id::text as "courseSessionId", c.id::text as "courseId", c.name as "courseName",
  t.id::text as "teacherId", t.name as "teacherName", c.org_unit_id::text as "orgUnitId",
  r.id::text as "classroomId", r.name as "classroomName", b.name as "buildingName",
  cs.lesson_date::text as "lessonDate", cs.session_start as "sessionStart", cs.session_end as "sessionEnd",
  st.start_minute as "startMinute", et.end_minute as "endMinute"`;

const classJoins = sql`
  join courses c on c.school_id = cs.school_id and c.id = cs.course_id
  join accounts t on t.id = c.teacher_id
  left join classrooms r on r.school_id = cs.school_id and r.id = cs.classroom_id
  left join buildings b on b.school_id = r.school_id and b.id = r.building_id
  left join session_times st on st.school_id = cs.school_id and st.session_no = cs.session_start
  left join session_times et on et.school_id = cs.school_id and et.session_no = cs.session_end`;

/** A class meeting with its course, teacher, room and times. */
export function classOfSession(tx: Tx, courseSessionId: string): Promise<ClassRow | undefined> {
  // index: course_sessions_school_id_id_pk (school_id, id)
  return queryRow(tx, ClassRow, sql`select ${classColumns} from course_sessions cs ${classJoins} where cs.id = ${courseSessionId}`);
}

/** Who may see which classes in a list: everything, or the caller's own classes and the rooms of the selected scope. */
export type ListReach = { all: true } | { all: false; accountId: string; byUnits: boolean; byTeachers: boolean };

function reachFilter(reach: ListReach) {
  if (reach.all) return sql`true`;
  const scoped = [
    ...(reach.byUnits ? [sql`c2.org_unit_id in (select su.org_unit_id from member_scope_units su where su.account_id = ${reach.accountId})`] : []),
    ...(reach.byTeachers ? [sql`c2.teacher_id in (select st2.teacher_id from member_scope_teachers st2 where st2.account_id = ${reach.accountId})`] : []),
  ];
  const room = scoped.length
    ? sql` or exists (select 1 from course_sessions cs2 join courses c2 on c2.school_id = cs2.school_id and c2.id = cs2.course_id
        where cs2.classroom_id = cs.classroom_id and (${sql.join(scoped, sql` or `)}))`
    : sql``;
  return sql`(c.teacher_id = ${reach.accountId}${room})`;
}

const ListRow = ClassRow.extend({ readySources: z.array(col.int).nullable(), total: col.int });

/** Ended classes (of a room, of a course, or all) the caller may see, newest first, with the sources already recorded. */
export async function endedClassesPage(
  tx: Tx,
  q: { classroomId?: string | undefined; courseId?: string | undefined; recorded?: boolean; today: string; nowMinute: number; reach: ListReach; limit: number; offset: number },
) {
  const filters = [
    sql`cs.classroom_id is not null`,
    sql`(cs.lesson_date < ${q.today}::date or (cs.lesson_date = ${q.today}::date and et.end_minute <= ${q.nowMinute}))`,
    reachFilter(q.reach),
    ...(q.classroomId ? [sql`cs.classroom_id = ${q.classroomId}`] : []),
    ...(q.courseId ? [sql`cs.course_id = ${q.courseId}`] : []),
    ...(q.recorded ? [sql`exists (select 1 from recordings r1 where r1.school_id = cs.school_id and r1.course_session_id = cs.id and r1.status = 'ready')`] : []),
  ];
  // index: course_sessions_room_idx (school_id, classroom_id, lesson_date)
  const rows = await queryRows(tx, ListRow, sql`
    select ${classColumns},
      (select array_agg(rec.source order by rec.source) from recordings rec where rec.school_id = cs.school_id and rec.course_session_id = cs.id and rec.status = 'ready') as "readySources",
      count(*) over () as total
    from course_sessions cs ${classJoins}
    where ${sql.join(filters, sql` and `)}
    order by cs.lesson_date desc, cs.session_start desc, cs.id desc
    limit ${q.limit} offset ${q.offset}`);
  return { rows, total: rows[0]?.total ?? 0 };
}

/** The camera a recording of the room is drawn from: the composite picture first, else the first by order. */
export function recordingCamera(tx: Tx, classroomId: string) {
  // index: cameras_classroom_idx (school_id, classroom_id, sort)
  return queryRow(tx, z.object({ id: col.text, name: col.text }), sql`
    select id::text as id, name from cameras where classroom_id = ${classroomId}
    order by (frame = 'composite') desc, sort, id limit 1`);
}

const RecordingRow = z.object({
  id: col.text,
  courseSessionId: col.text,
  source: col.int,
  classroomId: col.text,
  cameraId: col.textOrNull,
  cameraName: col.textOrNull,
  startedAt: col.ts,
  durationSeconds: col.int,
  storageKey: col.textOrNull,
  sizeBytes: col.intOrNull,
  status: col.oneOf(['preparing', 'ready', 'failed']),
  jobId: col.textOrNull,
  jobProgress: col.intOrNull,
  jobTotal: col.intOrNull,
  jobErrorKey: col.textOrNull,
  gatewayPath: col.textOrNull,
});
export type RecordingRow = z.output<typeof RecordingRow>;

const recordingSelect = sql`select rec.id::text as id, rec.course_session_id::text as "courseSessionId", rec.source, rec.classroom_id::text as "classroomId",
    rec.camera_id::text as "cameraId", cam.name as "cameraName", rec.started_at as "startedAt", rec.duration_seconds as "durationSeconds",
    rec.storage_key as "storageKey", rec.size_bytes as "sizeBytes", rec.status, rec.job_id::text as "jobId",
    j.progress as "jobProgress", j.total as "jobTotal", j.error_key as "jobErrorKey", rec.gateway_path as "gatewayPath"
  from recordings rec
  left join cameras cam on cam.school_id = rec.school_id and cam.id = rec.camera_id
  left join jobs j on j.school_id = rec.school_id and j.id = rec.job_id`;

export function recordingOfSession(tx: Tx, courseSessionId: string, source: number): Promise<RecordingRow | undefined> {
  // index: recordings_session_source_uq (school_id, course_session_id, source)
  return queryRow(tx, RecordingRow, sql`${recordingSelect} where rec.course_session_id = ${courseSessionId} and rec.source = ${source}`);
}

export function recordingById(tx: Tx, id: string): Promise<RecordingRow | undefined> {
  // index: recordings_school_id_id_pk (school_id, id)
  return queryRow(tx, RecordingRow, sql`${recordingSelect} where rec.id = ${id}`);
}

/** Sources of a class whose file is ready. */
export async function readySources(tx: Tx, courseSessionId: string): Promise<number[]> {
  // index: recordings_session_source_uq (school_id, course_session_id, source)
  const rows = await tx.select({ source: recordings.source }).from(recordings)
    .where(and(eq(recordings.courseSessionId, courseSessionId), eq(recordings.status, 'ready'))).orderBy(recordings.source);
  return rows.map((r) => r.source);
}

/** A new recording being prepared; undefined when another request created it first. */
export async function insertPreparing(
  tx: Tx,
  v: { schoolId: string; courseSessionId: string; source: number; classroomId: string; cameraId: string; startedAt: Date; durationSeconds: number },
): Promise<string | undefined> {
  const [row] = await tx.insert(recordings).values({ ...v, status: 'preparing' }).onConflictDoNothing().returning({ id: recordings.id });
  return row?.id;
}

export async function setJob(tx: Tx, id: string, jobId: string): Promise<void> {
  await tx.update(recordings).set({ jobId, status: 'preparing' }).where(eq(recordings.id, id));
}

export async function markReady(tx: Tx, id: string, v: { storageKey: string; sizeBytes: number; durationSeconds: number }): Promise<void> {
  await tx.update(recordings).set({ ...v, status: 'ready' }).where(eq(recordings.id, id));
}

export async function markFailed(tx: Tx, id: string): Promise<void> {
  await tx.update(recordings).set({ status: 'failed' }).where(eq(recordings.id, id));
}

// ---------------------------------------------------------------- recordings made by the media gateway

/** The school's recording views and retention (the defaults when it never saved settings). */
export async function recordingPolicy(tx: Tx): Promise<{ recorderView: boolean; cameraView: boolean; retentionDays: number }> {
  const [row] = await tx.select({ recorder: schoolSettings.recorderVideoView, camera: schoolSettings.serverVideoView, days: schoolSettings.recordingRetentionDays }).from(schoolSettings);
  return { recorderView: (row?.recorder ?? 1) === 1, cameraView: (row?.camera ?? 1) === 1, retentionDays: row?.days ?? 180 };
}

const WindowClassRow = z.object({
  courseSessionId: col.text,
  classroomId: col.text,
  lessonDate: col.text,
  startMinute: col.int,
  endMinute: col.int,
  recorderRecording: col.bool,
  recorderCameraId: col.textOrNull,
  recorderStreamUrl: col.textOrNull,
  roomCameraId: col.textOrNull,
  roomStreamUrl: col.textOrNull,
});

/**
 * Classes in enabled rooms whose time is within `slack` minutes of the local `minute` of `today`
 * (yesterday's late and tomorrow's early ones too: a window may cross midnight), with what their
 * room records: whether its recorder records, the recorder's composite camera, and the room's first
 * camera that is not the composite picture (else the composite one) — cameras with a stream only.
 */
export async function windowClasses(tx: Tx, q: { yesterday: string; today: string; tomorrow: string; minute: number; slack: number }) {
  // index: course_sessions_day_idx (school_id, lesson_date, session_start)
  const rows = await queryRows(tx, WindowClassRow, sql`
    select cs.id::text as "courseSessionId", cs.classroom_id::text as "classroomId", cs.lesson_date::text as "lessonDate",
      st.start_minute as "startMinute", et.end_minute as "endMinute", coalesce(rec.recording, false) as "recorderRecording",
      rc.id::text as "recorderCameraId", rc.stream_url as "recorderStreamUrl", cc.id::text as "roomCameraId", cc.stream_url as "roomStreamUrl"
    from course_sessions cs
    join classrooms r on r.school_id = cs.school_id and r.id = cs.classroom_id and r.enabled
    join session_times st on st.school_id = cs.school_id and st.session_no = cs.session_start
    join session_times et on et.school_id = cs.school_id and et.session_no = cs.session_end
    left join recorders rec on rec.school_id = r.school_id and rec.classroom_id = r.id
    left join lateral (select c.id, c.stream_url from cameras c
      where c.school_id = r.school_id and c.classroom_id = r.id and c.frame = 'composite' and c.stream_url is not null
      order by (c.recorder_id is not distinct from rec.id) desc, c.sort, c.id limit 1) rc on true
    left join lateral (select c.id, c.stream_url from cameras c
      where c.school_id = r.school_id and c.classroom_id = r.id and c.stream_url is not null
      order by (c.frame = 'composite'), c.sort, c.id limit 1) cc on true
    where (cs.lesson_date = ${q.yesterday}::date and et.end_minute >= ${q.minute + 1440 - q.slack})
      or (cs.lesson_date = ${q.today}::date and st.start_minute <= ${q.minute + q.slack} and et.end_minute >= ${q.minute - q.slack})
      or (cs.lesson_date = ${q.tomorrow}::date and st.start_minute <= ${q.minute - 1440 + q.slack})`);
  return rows.map((r) => ({
    courseSessionId: r.courseSessionId,
    classroomId: r.classroomId,
    lessonDate: r.lessonDate,
    startMinute: r.startMinute,
    endMinute: r.endMinute,
    recorderRecording: r.recorderRecording,
    recorderCamera: r.recorderCameraId && r.recorderStreamUrl ? { id: r.recorderCameraId, streamUrl: r.recorderStreamUrl } : null,
    roomCamera: r.roomCameraId && r.roomStreamUrl ? { id: r.roomCameraId, streamUrl: r.roomStreamUrl } : null,
  }));
}

/** A class's recording by the gateway, open while its window is ('preparing'); nothing when the class has one of that source. */
export async function insertGatewayRecording(
  tx: Tx,
  v: { schoolId: string; courseSessionId: string; source: number; classroomId: string; cameraId: string; startedAt: Date; durationSeconds: number; gatewayPath: string },
): Promise<boolean> {
  const rows = await tx.insert(recordings).values({ ...v, status: 'preparing' }).onConflictDoNothing().returning({ id: recordings.id });
  return rows.length > 0;
}

/** Marks the gateway recordings whose window has closed by `now` ready; returns how many. */
export async function closeGatewayRecordings(tx: Tx, now: Date): Promise<number> {
  // index: recordings_gateway_idx (school_id, started_at) where gateway_path is not null
  const rows = await queryRows(tx, z.object({ id: col.text }), sql`
    update recordings set status = 'ready'
    where gateway_path is not null and status = 'preparing'
      and started_at + duration_seconds * interval '1 second' <= ${now.toISOString()}::timestamptz
    returning id::text as id`);
  return rows.length;
}

/** Deletes the gateway recordings that started before `cutoff` (the gateway deleted their segments by then); returns how many. */
export async function deleteGatewayRecordingsBefore(tx: Tx, cutoff: Date): Promise<number> {
  // index: recordings_gateway_idx (school_id, started_at) where gateway_path is not null
  const rows = await queryRows(tx, z.object({ id: col.text }), sql`
    delete from recordings where gateway_path is not null and started_at < ${cutoff.toISOString()}::timestamptz returning id::text as id`);
  return rows.length;
}

/** Deletes the records of a job kind's finished runs older than `cutoff`. */
export async function deleteFinishedRunsBefore(tx: Tx, kind: string, cutoff: Date): Promise<void> {
  await tx.execute(sql`delete from jobs where kind = ${kind} and status in ('done', 'failed') and finished_at < ${cutoff.toISOString()}::timestamptz`);
}
