/**
 * Which class sessions a supervisor may attend under an assignment task (spec section 6: "an assigned
 * supervisor sees all of that teacher's courses, or all sessions of the assigned course"):
 *   - the sessions of every course of a teacher assigned to them,
 *   - every session of a course assigned to them,
 *   - a single session assigned to them,
 * counting only assignments still 'assigning', only courses of the task's semester and only sessions
 * dated within the task's start and end dates.
 *
 * visibleSessionsSql (assignments.repo.ts) is the rule as SQL (one query, driven by the supervisor's
 * assignments through indexes); mayAttend is the same rule over plain values, for the unit tests and
 * as its definition.
 */
import type { TAssignmentKind, TAssignmentStatus } from '@hxk/contracts';

export type RuleTask = { taskId: string; semesterId: string; startDate: string; endDate: string };
export type RuleAssignment = {
  taskId: string;
  supervisorId: string;
  kind: TAssignmentKind;
  status: TAssignmentStatus;
  teacherId?: string | null;
  courseId?: string | null;
  courseSessionId?: string | null;
};
export type RuleSession = { sessionId: string; courseId: string; teacherId: string; semesterId: string; lessonDate: string };

export function mayAttend(supervisorId: string, task: RuleTask, assignments: RuleAssignment[], s: RuleSession): boolean {
  if (s.semesterId !== task.semesterId) return false;
  if (s.lessonDate < task.startDate || s.lessonDate > task.endDate) return false;
  return assignments.some((a) => {
    if (a.taskId !== task.taskId || a.supervisorId !== supervisorId || a.status !== 'assigning') return false;
    if (a.kind === 'teacher') return a.teacherId === s.teacherId;
    if (a.kind === 'course') return a.courseId === s.courseId;
    return a.courseSessionId === s.sessionId;
  });
}
