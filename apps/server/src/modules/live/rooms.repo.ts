/** The patrol wall's SQL (docs/decisions/0016-repositories.md): rooms within reach, their cameras, classes and warnings. */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { CAMERA_FRAMES, DEVICE_STATUSES, PATROL_WARNING_LEVELS } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { col, idList, queryRows } from '../../platform/sql-rows.ts';

/** Which courses' rooms a list keeps: those of some departments and/or teachers (a course's own department, as play checks it). */
export type CourseReach = { unitIds: readonly string[]; teacherIds: readonly string[] };

const RoomRow = z.object({
  classroomId: col.text,
  name: col.text,
  floor: col.int,
  buildingId: col.text,
  buildingName: col.text,
  buildingSort: col.int,
});
export type RoomRow = z.output<typeof RoomRow>;

const courseReachCondition = (reach: CourseReach): SQL => {
  const reasons = [
    ...(reach.unitIds.length ? [sql`c.org_unit_id in (${idList(reach.unitIds)})`] : []),
    ...(reach.teacherIds.length ? [sql`c.teacher_id in (${idList(reach.teacherIds)})`] : []),
  ];
  if (!reasons.length) return sql`false`;
  return sql`exists (select 1 from course_sessions cs join courses c on c.school_id = cs.school_id and c.id = cs.course_id
    where cs.classroom_id = r.id and (${sql.join(reasons, sql` or `)}))`;
};

/**
 * The school's enabled rooms, each list of conditions narrowing them: null keeps every room, a
 * CourseReach keeps the rooms where a course it covers holds class.
 */
export function roomsWhere(tx: Tx, reaches: readonly (CourseReach | null)[]): Promise<RoomRow[]> {
  const conditions = reaches.flatMap((r) => (r ? [courseReachCondition(r)] : []));
  // index: classrooms_floor_idx (school_id, building_id, floor)
  return queryRows(tx, RoomRow, sql`
    select r.id::text as "classroomId", r.name, r.floor, b.id::text as "buildingId", b.name as "buildingName", b.sort as "buildingSort"
    from classrooms r join buildings b on b.school_id = r.school_id and b.id = r.building_id
    where r.enabled ${conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``}
    order by b.sort, b.name, r.floor, r.name`);
}

/** The member's own selected departments and teachers (their supervised scope when 'selected'). */
export async function ownScope(tx: Tx, accountId: string): Promise<{ unitIds: string[]; teacherIds: string[] }> {
  // index: member_scope_units_school_id_account_id_org_unit_id_pk (school_id, account_id, org_unit_id)
  const units = await queryRows(tx, z.object({ id: col.text }), sql`select org_unit_id::text as id from member_scope_units where account_id = ${accountId}`);
  // index: member_scope_teachers_school_id_account_id_teacher_id_pk (school_id, account_id, teacher_id)
  const teachers = await queryRows(tx, z.object({ id: col.text }), sql`select teacher_id::text as id from member_scope_teachers where account_id = ${accountId}`);
  return { unitIds: units.map((u) => u.id), teacherIds: teachers.map((t) => t.id) };
}

const TeamRow = z.object({ groupId: col.text, scope: col.oneOf(['school', 'departments', 'teachers']) });

/** The supervision groups the member belongs to or leads, with their scope. */
export function teamGroups(tx: Tx, accountId: string) {
  // index: supervision_group_members_account_idx (school_id, account_id)
  return queryRows(tx, TeamRow, sql`
    select g.id::text as "groupId", g.scope from supervision_groups g
    where g.leader_id = ${accountId}
      or exists (select 1 from supervision_group_members gm where gm.group_id = g.id and gm.account_id = ${accountId})
    order by g.id`);
}

/** The departments (and every unit below them) of some groups, and the teachers of others. */
export async function teamReach(tx: Tx, groups: { byUnits: readonly string[]; byTeachers: readonly string[] }): Promise<{ unitIds: string[]; teacherIds: string[] }> {
  const units = groups.byUnits.length
    ? await queryRows(tx, z.object({ id: col.text }), sql`
      with recursive u(id) as (
        select gu.org_unit_id from supervision_group_units gu where gu.group_id in (${idList(groups.byUnits)})
        union select o.id from org_units o join u on o.parent_id = u.id
      ) select id::text as id from u`)
    : [];
  // index: supervision_group_teachers_school_id_group_id_teacher_id_pk (school_id, group_id, teacher_id)
  const teachers = groups.byTeachers.length
    ? await queryRows(tx, z.object({ id: col.text }), sql`
      select distinct teacher_id::text as id from supervision_group_teachers where group_id in (${idList(groups.byTeachers)})`)
    : [];
  return { unitIds: units.map((u) => u.id), teacherIds: teachers.map((t) => t.id) };
}

const CameraRow = z.object({
  cameraId: col.text,
  classroomId: col.text,
  name: col.text,
  frame: col.oneOf(CAMERA_FRAMES),
  status: col.oneOf(DEVICE_STATUSES),
});
export type RoomCameraRow = z.output<typeof CameraRow>;

/** The cameras of some rooms, in each room's order. */
export function camerasOfRooms(tx: Tx, classroomIds: readonly string[]): Promise<RoomCameraRow[]> {
  if (!classroomIds.length) return Promise.resolve([]);
  // index: cameras_classroom_idx (school_id, classroom_id, sort)
  return queryRows(tx, CameraRow, sql`
    select c.id::text as "cameraId", c.classroom_id::text as "classroomId", c.name, c.frame, c.status
    from cameras c where c.classroom_id in (${idList(classroomIds)})
    order by c.classroom_id, c.sort, c.id`);
}

const MeetingRow = z.object({
  id: col.text,
  classroomId: col.text,
  lessonDate: col.text,
  sessionStart: col.int,
  sessionEnd: col.int,
  courseId: col.text,
  courseName: col.text,
  teacherName: col.text,
});
export type MeetingRow = z.output<typeof MeetingRow>;

/** Every class meeting held in a room on a day, with its course and teacher. */
export function meetingsOn(tx: Tx, date: string): Promise<MeetingRow[]> {
  // index: course_sessions_day_idx (school_id, lesson_date, session_start)
  return queryRows(tx, MeetingRow, sql`
    select cs.id::text, cs.classroom_id::text as "classroomId", cs.lesson_date::text as "lessonDate",
      cs.session_start as "sessionStart", cs.session_end as "sessionEnd",
      c.id::text as "courseId", c.name as "courseName", a.name as "teacherName"
    from course_sessions cs
    join courses c on c.school_id = cs.school_id and c.id = cs.course_id
    join accounts a on a.id = c.teacher_id
    where cs.lesson_date = ${date} and cs.classroom_id is not null
    order by cs.session_start, cs.id`);
}

const WarningRow = z.object({
  classroomId: col.text,
  level: col.oneOf(PATROL_WARNING_LEVELS),
  kind: col.text,
  message: col.textOrNull,
});
export type WarningRow = z.output<typeof WarningRow>;

/** The school's active warnings (not ended), by room: the room's own, or its class meeting's. */
export function activeWarnings(tx: Tx): Promise<WarningRow[]> {
  // index: warnings_active_idx (school_id, course_session_id) where ended_at is null
  return queryRows(tx, WarningRow, sql`
    select coalesce(w.classroom_id, cs.classroom_id)::text as "classroomId", w.level, w.kind, w.message
    from warnings w
    left join course_sessions cs on cs.school_id = w.school_id and cs.id = w.course_session_id
    where w.ended_at is null and coalesce(w.classroom_id, cs.classroom_id) is not null
    order by w.started_at desc, w.id`);
}
