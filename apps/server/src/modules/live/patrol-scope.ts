/**
 * Who may watch (and later speak into) which classroom (spec section 6, issue 14). A school
 * administrator reaches every room. Anyone else needs the real-time patrol permission, their own
 * or a supervision group's, and reaches the rooms their supervised scope covers: the whole school
 * when both the department and the teacher scope are 'all'; otherwise the rooms where a course of
 * a selected department, or taught by a selected teacher, holds class.
 */
import { IDENTITY, type TIdentity } from '@hxk/contracts';

export type PatrolStanding = {
  identity: TIdentity;
  /** The member's own real-time patrol permission. */
  realtimePatrol: boolean;
  /** A supervision group the member belongs to carries the permission. */
  groupPatrol: boolean;
  deptScope: 'all' | 'selected';
  teacherScope: 'all' | 'selected';
};

export type PatrolReach =
  | { kind: 'none' }
  | { kind: 'school' }
  /** Rooms of courses whose department is in the member's selected units and/or whose teacher is selected. */
  | { kind: 'selected'; byUnits: boolean; byTeachers: boolean };

export function patrolReach(s: PatrolStanding): PatrolReach {
  if (s.identity === IDENTITY.admin) return { kind: 'school' };
  if (!s.realtimePatrol && !s.groupPatrol) return { kind: 'none' };
  if (s.deptScope === 'all' && s.teacherScope === 'all') return { kind: 'school' };
  return { kind: 'selected', byUnits: s.deptScope === 'selected', byTeachers: s.teacherScope === 'selected' };
}
