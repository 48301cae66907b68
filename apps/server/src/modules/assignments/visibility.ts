/**
 * Which class sessions a supervisor may attend under an assignment task (spec section 6: "an assigned
 * supervisor sees all of that teacher's courses, or all sessions of the assigned course"):
 *   - the sessions of every course of a teacher assigned to them,
 *   - every session of a course assigned to them,
 *   - a single session assigned to them,
 * counting only assignments still 'assigning', only courses of the task's semester and only sessions
 * dated within the task's start and end dates.
 *
 * visibleSessionsSql is the rule as SQL (one query, driven by the supervisor's assignments through
 * indexes); mayAttend is the same rule over plain values, for the unit tests and as its definition.
 */
import { sql, type SQL } from 'drizzle-orm';
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

/**
 * A relation (task_id, supervisor_id, session_id) of what supervisors may attend, optionally for one
 * supervisor and/or one task. Run inside the school's transaction: row-level security keeps it to the
 * school; school_id still takes part in every join so the composite indexes serve it.
 */
export function visibleSessionsSql(opts: { supervisorId?: string | undefined; taskId?: string | undefined }): SQL {
  const filter = sql.join(
    [
      sql`a.status = 'assigning'`,
      ...(opts.supervisorId ? [sql`a.supervisor_id = ${opts.supervisorId}`] : []),
      ...(opts.taskId ? [sql`a.task_id = ${opts.taskId}`] : []),
    ],
    sql` and `,
  );
  return sql`(
    with a as (
      select a.school_id, a.task_id, a.supervisor_id, a.kind, a.teacher_id, a.course_id, a.course_session_id, t.semester_id, t.start_date, t.end_date
      from assignments a join assignment_tasks t on t.school_id = a.school_id and t.id = a.task_id
      where ${filter}
    )
    select a.task_id, a.supervisor_id, cs.id as session_id
      from a join courses c on c.school_id = a.school_id and c.teacher_id = a.teacher_id and c.semester_id = a.semester_id
      join course_sessions cs on cs.school_id = c.school_id and cs.course_id = c.id and cs.lesson_date between a.start_date and a.end_date
      where a.kind = 'teacher'
    union
    select a.task_id, a.supervisor_id, cs.id
      from a join courses c on c.school_id = a.school_id and c.id = a.course_id and c.semester_id = a.semester_id
      join course_sessions cs on cs.school_id = c.school_id and cs.course_id = c.id and cs.lesson_date between a.start_date and a.end_date
      where a.kind = 'course'
    union
    select a.task_id, a.supervisor_id, cs.id
      from a join course_sessions cs on cs.school_id = a.school_id and cs.id = a.course_session_id and cs.lesson_date between a.start_date and a.end_date
      join courses c on c.school_id = cs.school_id and c.id = cs.course_id and c.semester_id = a.semester_id
      where a.kind = 'session'
  )`;
}
