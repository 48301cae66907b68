/**
 * Classroom usage's SQL (docs/decisions/0016-repositories.md): rooms with their devices, and the
 * sessions used per room and day, counted by the database (group by), not by loading the timetable.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db.ts';
import { col, queryRow, queryRows } from '../../platform/sql-rows.ts';

const status = col.oneOf(['online', 'offline', 'unknown']);

const BuildingRow = z.object({ id: col.text, name: col.text });

/** The school's buildings in their order. */
export function buildingsInOrder(tx: Tx) {
  // index: buildings_name_uq (school_id, name)
  return queryRows(tx, BuildingRow, sql`select b.id::text as id, b.name from buildings b order by b.sort, b.name`);
}

const RoomRow = z.object({
  id: col.text,
  name: col.text,
  floor: col.int,
  buildingId: col.text,
  buildingName: col.text,
  camerasOnline: col.int,
  camerasOffline: col.int,
  camerasTotal: col.int,
  recorder: status.nullable(),
});
export type RoomRow = z.output<typeof RoomRow>;

const inBuilding = (buildingId: string | undefined): SQL => (buildingId ? sql`and r.building_id = ${buildingId}` : sql``);

/** The enabled rooms (of one building or all), each with its cameras counted by status and its recorder's status. */
export function roomsWithDevices(tx: Tx, buildingId: string | undefined): Promise<RoomRow[]> {
  // index: classrooms_floor_idx (school_id, building_id, floor); cameras_classroom_idx (school_id, classroom_id, sort)
  return queryRows(tx, RoomRow, sql`
    select r.id::text as id, r.name, r.floor, b.id::text as "buildingId", b.name as "buildingName",
      coalesce(cam.online, 0) as "camerasOnline", coalesce(cam.offline, 0) as "camerasOffline", coalesce(cam.total, 0) as "camerasTotal",
      rec.status as recorder
    from classrooms r
    join buildings b on b.school_id = r.school_id and b.id = r.building_id
    left join (
      select c.classroom_id, count(*) filter (where c.status = 'online') as online, count(*) filter (where c.status = 'offline') as offline, count(*) as total
      from cameras c group by c.classroom_id
    ) cam on cam.classroom_id = r.id
    left join recorders rec on rec.school_id = r.school_id and rec.classroom_id = r.id
    where r.enabled ${inBuilding(buildingId)}
    order by b.sort, b.name, r.floor, r.name`);
}

/**
 * A class meeting covers its sessions start..end; only sessions that have a time count (a session
 * number the school has not set up cannot be used). Rows: one per meeting session.
 */
const meetingSessions = (from: string, to: string, buildingId: string | undefined) => sql`
  from course_sessions cs
  join classrooms r on r.school_id = cs.school_id and r.id = cs.classroom_id
  cross join lateral generate_series(cs.session_start, cs.session_end) as s(n)
  join session_times st on st.school_id = cs.school_id and st.session_no = s.n
  where cs.lesson_date between ${from} and ${to} and r.enabled ${inBuilding(buildingId)}`;

const RoomDayRow = z.object({ classroomId: col.text, date: col.text, used: col.int });

/** Sessions used per room and day between two dates (distinct: two classes sharing a session count once). */
export function usedByRoomAndDay(tx: Tx, q: { from: string; to: string; buildingId: string | undefined }) {
  // index: course_sessions_day_idx (school_id, lesson_date, session_start)
  return queryRows(tx, RoomDayRow, sql`
    select cs.classroom_id::text as "classroomId", cs.lesson_date::text as date, count(distinct st.session_no) as used
    ${meetingSessions(q.from, q.to, q.buildingId)}
    group by cs.classroom_id, cs.lesson_date`);
}

const SlotRow = z.object({ date: col.text, sessionNo: col.int, rooms: col.int });

/** Rooms in use per day and session between two dates. */
export function roomsBySlot(tx: Tx, q: { from: string; to: string; buildingId: string | undefined }) {
  // index: course_sessions_day_idx (school_id, lesson_date, session_start)
  return queryRows(tx, SlotRow, sql`
    select cs.lesson_date::text as date, st.session_no as "sessionNo", count(distinct cs.classroom_id) as rooms
    ${meetingSessions(q.from, q.to, q.buildingId)}
    group by cs.lesson_date, st.session_no`);
}

/** Whether a building of the school exists. */
export async function buildingExists(tx: Tx, id: string): Promise<boolean> {
  // index: buildings_school_id_id_pk (school_id, id)
  const row = await queryRow(tx, z.object({ found: col.bool }), sql`select exists (select 1 from buildings where id = ${id}) as found`);
  return row?.found ?? false;
}

const ClassroomRow = z.object({ id: col.text, name: col.text, floor: col.int, buildingName: col.text, recorder: status.nullable() });

/** One room of the school with its building and recorder status. */
export function classroomById(tx: Tx, id: string) {
  // index: classrooms_school_id_id_pk (school_id, id)
  return queryRow(tx, ClassroomRow, sql`
    select r.id::text as id, r.name, r.floor, b.name as "buildingName", rec.status as recorder
    from classrooms r
    join buildings b on b.school_id = r.school_id and b.id = r.building_id
    left join recorders rec on rec.school_id = r.school_id and rec.classroom_id = r.id
    where r.id = ${id}`);
}

const CameraRow = z.object({ id: col.text, name: col.text, frame: col.text, status });

/** A room's cameras in their order. */
export function camerasOfRoom(tx: Tx, classroomId: string) {
  // index: cameras_classroom_idx (school_id, classroom_id, sort)
  return queryRows(tx, CameraRow, sql`
    select c.id::text as id, c.name, c.frame, c.status from cameras c where c.classroom_id = ${classroomId} order by c.sort, c.id`);
}

const ClassRow = z.object({
  courseSessionId: col.text,
  courseId: col.text,
  courseCode: col.text,
  courseName: col.text,
  teacherName: col.text,
  teachingClass: col.textOrNull,
  sessionStart: col.int,
  sessionEnd: col.int,
});

/** The classes timetabled in a room on a day. */
export function classesOfRoomDay(tx: Tx, classroomId: string, date: string) {
  // index: course_sessions_room_idx (school_id, classroom_id, lesson_date)
  return queryRows(tx, ClassRow, sql`
    select cs.id::text as "courseSessionId", c.id::text as "courseId", c.code as "courseCode", c.name as "courseName",
      a.name as "teacherName", c.teaching_class as "teachingClass", cs.session_start as "sessionStart", cs.session_end as "sessionEnd"
    from course_sessions cs
    join courses c on c.school_id = cs.school_id and c.id = cs.course_id
    join accounts a on a.id = c.teacher_id
    where cs.classroom_id = ${classroomId} and cs.lesson_date = ${date}
    order by cs.session_start, c.code`);
}
