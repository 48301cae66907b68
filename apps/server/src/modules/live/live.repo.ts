/** Live video's SQL (docs/decisions/0016-repositories.md): cameras to watch and who may watch them. */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { IDENTITY, IDENTITY_VALUES } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { col, queryRow, queryRows } from '../../platform/sql-rows.ts';

const CameraRow = z.object({
  cameraId: col.text,
  cameraName: col.text,
  frame: col.text,
  status: col.text,
  streamUrl: col.textOrNull,
  classroomId: col.text,
  classroomName: col.text,
  buildingName: col.text,
});
export type CameraRow = z.output<typeof CameraRow>;

/** A camera of the school with its room. */
export function cameraWithRoom(tx: Tx, cameraId: string): Promise<CameraRow | undefined> {
  // index: cameras_school_id_id_pk (school_id, id)
  return queryRow(tx, CameraRow, sql`
    select c.id::text as "cameraId", c.name as "cameraName", c.frame, c.status, c.stream_url as "streamUrl",
      r.id::text as "classroomId", r.name as "classroomName", b.name as "buildingName"
    from cameras c
    join classrooms r on r.school_id = c.school_id and r.id = c.classroom_id
    join buildings b on b.school_id = r.school_id and b.id = r.building_id
    where c.id = ${cameraId}`);
}

const Standing = z.object({
  identity: col.int.pipe(z.literal(IDENTITY_VALUES)),
  realtimePatrol: col.bool,
  groupPatrol: col.bool,
  deptScope: col.oneOf(['all', 'selected']),
  teacherScope: col.oneOf(['all', 'selected']),
});

/** A member's patrol permission and supervised scope (their own, and their groups' permission). */
export function patrolStanding(tx: Tx, accountId: string) {
  // index: supervision_group_members_account_idx (school_id, account_id)
  return queryRow(tx, Standing, sql`
    select m.identity, m.realtime_patrol as "realtimePatrol", m.dept_scope as "deptScope", m.teacher_scope as "teacherScope",
      exists (select 1 from supervision_group_members gm join supervision_groups g on g.school_id = gm.school_id and g.id = gm.group_id
        where gm.account_id = m.account_id and g.realtime_patrol) as "groupPatrol"
    from school_memberships m where m.account_id = ${accountId} and m.status = 'approved'`);
}

/** Whether a course of the member's selected departments or teachers holds class in the room. */
export async function roomInSelectedScope(tx: Tx, accountId: string, classroomId: string, by: { units: boolean; teachers: boolean }): Promise<boolean> {
  const reasons = [
    ...(by.units ? [sql`c.org_unit_id in (select su.org_unit_id from member_scope_units su where su.account_id = ${accountId})`] : []),
    ...(by.teachers ? [sql`c.teacher_id in (select st.teacher_id from member_scope_teachers st where st.account_id = ${accountId})`] : []),
  ];
  if (!reasons.length) return false;
  // index: course_sessions_room_idx (school_id, classroom_id, lesson_date)
  const row = await queryRow(tx, z.object({ found: col.bool }), sql`
    select exists (select 1 from course_sessions cs join courses c on c.school_id = cs.school_id and c.id = cs.course_id
      where cs.classroom_id = ${classroomId} and (${sql.join(reasons, sql` or `)})) as found`);
  return row?.found ?? false;
}

/**
 * The members whose patrol reach covers a room (patrol-scope.ts, the rule assertRoomInReach applies
 * to one member, here for all at once): school administrators; and members with the real-time patrol
 * permission (their own or a supervision group's) whose scope is the whole school, or whose selected
 * departments or teachers hold a course in the room. Who is told live about the room (its warnings,
 * its live analysis).
 */
export async function roomAudience(tx: Tx, classroomId: string): Promise<string[]> {
  const inRoom = (reason: SQL) => sql`exists (select 1 from course_sessions cs join courses c on c.school_id = cs.school_id and c.id = cs.course_id
    where cs.classroom_id = ${classroomId} and ${reason})`;
  // index: school_memberships_status_idx (school_id, status, created_at)
  const rows = await queryRows(tx, z.object({ accountId: col.text }), sql`
    select m.account_id::text as "accountId" from school_memberships m
    where m.status = 'approved' and (
      m.identity = ${IDENTITY.admin}
      or ((m.realtime_patrol or exists (select 1 from supervision_group_members gm join supervision_groups g on g.school_id = gm.school_id and g.id = gm.group_id
            where gm.account_id = m.account_id and g.realtime_patrol))
        and ((m.dept_scope = 'all' and m.teacher_scope = 'all')
          or (m.dept_scope = 'selected' and ${inRoom(sql`c.org_unit_id in (select su.org_unit_id from member_scope_units su where su.account_id = m.account_id)`)})
          or (m.teacher_scope = 'selected' and ${inRoom(sql`c.teacher_id in (select st.teacher_id from member_scope_teachers st where st.account_id = m.account_id)`)}))))
    order by m.account_id`);
  return rows.map((r) => r.accountId);
}
