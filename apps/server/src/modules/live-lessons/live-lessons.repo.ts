/** Live lessons' and shares' SQL (docs/decisions/0016-repositories.md). */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { LIVE_LESSON_AUDIENCES, type TLiveLessonAudience, type TLiveLessonState } from '@hxk/contracts';
import { liveLessons, liveLessonShares } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { col, queryRow, queryRows } from '../../platform/sql-rows.ts';
import { containsPattern } from '../../platform/tenancy.ts';

/** A moment as a timestamptz parameter (ISO text: both drivers take it alike). */
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

const LessonRow = z.object({
  lessonId: col.text, title: col.text, description: col.textOrNull,
  classroomId: col.text, classroomName: col.text, buildingName: col.text, cameraId: col.text, cameraName: col.text,
  startsAt: col.ts, endsAt: col.ts, audience: col.oneOf(LIVE_LESSON_AUDIENCES), cancelledAt: col.tsOrNull,
  schoolId: col.text, createdBy: col.textOrNull, createdAt: col.ts,
});
export type LessonRow = z.output<typeof LessonRow>;

const lessonColumns = sql`l.id::text as "lessonId", l.title, l.description, r.id::text as "classroomId", r.name as "classroomName",
  b.name as "buildingName", c.id::text as "cameraId", c.name as "cameraName", l.starts_at as "startsAt", l.ends_at as "endsAt",
  l.audience, l.cancelled_at as "cancelledAt", l.school_id::text as "schoolId", a.name as "createdBy", l.created_at as "createdAt"`;
const lessonJoins = sql`join classrooms r on r.school_id = l.school_id and r.id = l.classroom_id
  join buildings b on b.school_id = r.school_id and b.id = r.building_id
  join cameras c on c.school_id = l.school_id and c.id = l.camera_id
  left join accounts a on a.id = l.created_by`;

/** The SQL condition of a state at `now` (lesson-state.ts in SQL). */
function stateWhere(state: TLiveLessonState, now: Date): SQL {
  switch (state) {
    case 'cancelled': return sql`l.cancelled_at is not null`;
    case 'upcoming': return sql`l.cancelled_at is null and l.starts_at > ${at(now)}`;
    case 'live': return sql`l.cancelled_at is null and l.starts_at <= ${at(now)} and l.ends_at > ${at(now)}`;
    case 'ended': return sql`l.cancelled_at is null and l.ends_at <= ${at(now)}`;
  }
}

export type LessonFilters = { state?: TLiveLessonState | undefined; keyword?: string | undefined; withCancelled: boolean; pageNum: number; pageSize: number };

/**
 * A page of lessons in this order: on air; upcoming, the earliest start first; ended and cancelled,
 * the most recent first.
 */
export async function lessonPage(tx: Tx, q: LessonFilters, now: Date): Promise<{ rows: LessonRow[]; total: number }> {
  const f: SQL[] = [sql`true`];
  if (q.state) f.push(stateWhere(q.state, now));
  if (!q.withCancelled) f.push(sql`l.cancelled_at is null`);
  if (q.keyword) f.push(sql`l.title ilike ${containsPattern(q.keyword)}`);
  const where = sql.join(f, sql` and `);
  // index: live_lessons_starts_idx (school_id, starts_at)
  const total = (await queryRow(tx, z.object({ n: col.int }), sql`select count(*)::int as n from live_lessons l where ${where}`))?.n ?? 0;
  const bucket = sql`case when l.cancelled_at is null and l.starts_at <= ${at(now)} and l.ends_at > ${at(now)} then 0
    when l.cancelled_at is null and l.starts_at > ${at(now)} then 1 else 2 end`;
  // index: live_lessons_starts_idx (school_id, starts_at)
  const rows = await queryRows(tx, LessonRow, sql`
    select ${lessonColumns} from live_lessons l ${lessonJoins} where ${where}
    order by ${bucket}, case when ${bucket} < 2 then l.starts_at end asc, l.starts_at desc, l.id desc
    limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`);
  return { rows, total };
}

/** One lesson of the school, with its room and camera. */
export function lessonRow(tx: Tx, lessonId: string) {
  // index: live_lessons_school_id_id_pk (school_id, id)
  return queryRow(tx, LessonRow, sql`select ${lessonColumns} from live_lessons l ${lessonJoins} where l.id = ${lessonId}`);
}

/** Holds the camera's row until the transaction ends, so two schedulings of one camera do not pass the overlap check together. */
export async function lockCamera(tx: Tx, cameraId: string): Promise<{ classroomId: string } | undefined> {
  // index: cameras_school_id_id_pk (school_id, id)
  return queryRow(tx, z.object({ classroomId: col.text }), sql`select classroom_id::text as "classroomId" from cameras where id = ${cameraId} for update`);
}

/** A lesson of the camera, not cancelled, that shares a moment with [startsAt, endsAt), other than `exceptId`. */
export function overlapping(tx: Tx, cameraId: string, startsAt: Date, endsAt: Date, exceptId: string | undefined) {
  // index: live_lessons_camera_idx (school_id, camera_id, starts_at)
  return queryRow(tx, z.object({ title: col.text, startsAt: col.ts, endsAt: col.ts }), sql`
    select title, starts_at as "startsAt", ends_at as "endsAt" from live_lessons
    where camera_id = ${cameraId} and cancelled_at is null and starts_at < ${at(endsAt)} and ends_at > ${at(startsAt)}
      ${exceptId ? sql`and id <> ${exceptId}` : sql``}
    order by starts_at limit 1`);
}

export type LessonValues = { title: string; description: string | null; classroomId: string; cameraId: string; startsAt: Date; endsAt: Date; audience: TLiveLessonAudience };

export async function insertLesson(tx: Tx, schoolId: string, createdBy: string, v: LessonValues): Promise<string> {
  const [row] = await tx.insert(liveLessons).values({ schoolId, createdBy, ...v }).returning({ id: liveLessons.id });
  return row!.id;
}

export async function updateLesson(tx: Tx, lessonId: string, v: LessonValues, now: Date): Promise<void> {
  await tx.execute(sql`update live_lessons set title = ${v.title}, description = ${v.description}, classroom_id = ${v.classroomId},
    camera_id = ${v.cameraId}, starts_at = ${at(v.startsAt)}, ends_at = ${at(v.endsAt)}, audience = ${v.audience}, updated_at = ${at(now)}
    where id = ${lessonId}`);
}

export async function cancelLesson(tx: Tx, lessonId: string, now: Date): Promise<void> {
  await tx.execute(sql`update live_lessons set cancelled_at = ${at(now)}, updated_at = ${at(now)} where id = ${lessonId} and cancelled_at is null`);
}

const RoomCameraRow = z.object({ classroomId: col.text, classroomName: col.text, buildingName: col.text, cameraId: col.text, name: col.text, frame: col.text, status: col.text });

/** The school's rooms that have cameras, with them, by building and room. */
export function roomCameras(tx: Tx) {
  // index: cameras_classroom_idx (school_id, classroom_id, sort)
  return queryRows(tx, RoomCameraRow, sql`
    select r.id::text as "classroomId", r.name as "classroomName", b.name as "buildingName", c.id::text as "cameraId", c.name, c.frame, c.status
    from cameras c join classrooms r on r.school_id = c.school_id and r.id = c.classroom_id
    join buildings b on b.school_id = r.school_id and b.id = r.building_id
    order by b.name, r.name, r.id, c.sort, c.id`);
}

// ---------------------------------------------------------------- shares (of lessons and of recording clips)

const ShareRow = z.object({
  shareId: col.text, lessonId: col.textOrNull, recordingId: col.textOrNull, clipStart: col.intOrNull, clipEnd: col.intOrNull,
  code: col.text, schoolId: col.text, audience: col.oneOf(LIVE_LESSON_AUDIENCES),
  expiresAt: col.ts, revokedAt: col.tsOrNull, createdAt: col.ts, createdBy: col.textOrNull,
});
export type ShareRow = z.output<typeof ShareRow>;
const shareColumns = sql`s.id::text as "shareId", s.lesson_id::text as "lessonId", s.recording_id::text as "recordingId",
  s.clip_start as "clipStart", s.clip_end as "clipEnd", s.code, s.school_id::text as "schoolId", s.audience,
  s.expires_at as "expiresAt", s.revoked_at as "revokedAt", s.created_at as "createdAt", a.name as "createdBy"`;

/** A new share of a lesson, or of a recording's clip (exactly one target: the table's CHECK holds it too). */
export type ShareValues = { schoolId: string; code: string; audience: TLiveLessonAudience; expiresAt: Date; createdBy: string }
  & ({ lessonId: string } | { recordingId: string; clipStart: number; clipEnd: number });

export async function insertShare(tx: Tx, v: ShareValues): Promise<string> {
  const [row] = await tx.insert(liveLessonShares).values(v).returning({ id: liveLessonShares.id });
  return row!.id;
}

export function shareRow(tx: Tx, shareId: string) {
  // index: live_lesson_shares_school_id_id_pk (school_id, id)
  return queryRow(tx, ShareRow, sql`select ${shareColumns} from live_lesson_shares s left join accounts a on a.id = s.created_by where s.id = ${shareId}`);
}

export function shareByCode(tx: Tx, code: string) {
  // index: live_lesson_shares_code_uq (school_id, code)
  return queryRow(tx, ShareRow, sql`select ${shareColumns} from live_lesson_shares s left join accounts a on a.id = s.created_by where s.code = ${code}`);
}

/** A lesson's shares, newest first. */
export function sharesOfLesson(tx: Tx, lessonId: string) {
  // index: live_lesson_shares_lesson_idx (school_id, lesson_id, created_at)
  return queryRows(tx, ShareRow, sql`select ${shareColumns} from live_lesson_shares s left join accounts a on a.id = s.created_by
    where s.lesson_id = ${lessonId} order by s.created_at desc, s.id desc`);
}

/** A recording's clip shares, newest first. */
export function sharesOfRecording(tx: Tx, recordingId: string) {
  // index: live_lesson_shares_recording_idx (school_id, recording_id, created_at) where recording_id is not null
  return queryRows(tx, ShareRow, sql`select ${shareColumns} from live_lesson_shares s left join accounts a on a.id = s.created_by
    where s.recording_id = ${recordingId} order by s.created_at desc, s.id desc`);
}

export async function revokeShare(tx: Tx, shareId: string, now: Date): Promise<void> {
  await tx.execute(sql`update live_lesson_shares set revoked_at = ${at(now)} where id = ${shareId} and revoked_at is null`);
}
