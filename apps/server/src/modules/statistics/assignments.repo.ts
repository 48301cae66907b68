/**
 * Assignment charts' SQL (docs/decisions/0031-assignment-charts.md). One grouped query gives every
 * (task, supervisor) pair of a semester with the classes the supervisor may attend, held and
 * attended, counted by the assignment progress rule itself (assignments.repo: visibleSessionsSql,
 * heldSql, attendedSql); the service sums the pairs per task and per supervisor.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db.ts';
import { col, queryRow, queryRows } from '../../platform/sql-rows.ts';
import { attendedSql, heldSql, sessionTimeJoin, visibleSessionsSql } from '../assignments/assignments.repo.ts';
import { courseInReach, type StatsReach } from './statistics.repo.ts';

export type AssignmentFilters = { semesterId: string; from?: string | undefined; to?: string | undefined; taskId?: string | undefined; supervisorId?: string | undefined };
type Now = { date: string; minute: number };

/**
 * Which classes count for the reader: a whole-school reader's and a supervisor reading their own
 * progress all of them; a reader with selected departments or teachers those of their courses.
 */
const classInReach = (reach: StatsReach): SQL => (reach.kind === 'selected' ? courseInReach(reach) : sql`true`);

/** The tasks of the semester whose period meets the lesson days (alias t). */
function taskWhere(f: AssignmentFilters): SQL {
  const w: SQL[] = [sql`t.semester_id = ${f.semesterId}`];
  if (f.taskId) w.push(sql`t.id = ${f.taskId}`);
  if (f.from) w.push(sql`t.end_date >= ${f.from}`);
  if (f.to) w.push(sql`t.start_date <= ${f.to}`);
  return sql.join(w, sql` and `);
}

/** The classes of visibleSessionsSql (alias v, cs, c) in the lesson days and the reader's reach. */
function classWhere(f: AssignmentFilters, reach: StatsReach): SQL {
  const w: SQL[] = [classInReach(reach)];
  if (f.from) w.push(sql`cs.lesson_date >= ${f.from}`);
  if (f.to) w.push(sql`cs.lesson_date <= ${f.to}`);
  return sql.join(w, sql` and `);
}

const visibleFrom = (f: AssignmentFilters) => sql`${visibleSessionsSql({ semesterId: f.semesterId, taskId: f.taskId, supervisorId: f.supervisorId })} v
  join course_sessions cs on cs.id = v.session_id
  join courses c on c.school_id = cs.school_id and c.id = cs.course_id`;

const Pair = z.object({
  taskId: col.text, taskName: col.text, startDate: col.text, endDate: col.text, minClasses: col.int,
  userId: col.text, name: col.text, account: col.text,
  visible: col.int, held: col.int, attended: col.int,
});
export type PairRow = z.output<typeof Pair>;

/**
 * Every (task, supervisor) pair of the semester's tasks (an assignment still assigning) with what the
 * supervisor may attend in the lesson days and the reader's reach, held by `now` and attended. A
 * reader with a selected reach gets only the pairs with a class in it.
 */
export function pairs(tx: Tx, f: AssignmentFilters, reach: StatsReach, now: Now): Promise<PairRow[]> {
  // index: assignment_tasks_semester_idx (school_id, semester_id, start_date), assignments_task_idx (school_id, task_id, status)
  return queryRows(tx, Pair, sql`
    with p as (
      select distinct a.task_id, a.supervisor_id from assignments a join assignment_tasks t on t.school_id = a.school_id and t.id = a.task_id
      where a.status = 'assigning' and ${taskWhere(f)} ${f.supervisorId ? sql`and a.supervisor_id = ${f.supervisorId}` : sql``}
    ), n as (
      select v.task_id, v.supervisor_id, count(*)::int as visible,
        count(*) filter (where ${heldSql(now)})::int as held,
        count(*) filter (where ${attendedSql})::int as attended
      from ${visibleFrom(f)}
      ${sessionTimeJoin}
      where ${classWhere(f, reach)}
      group by v.task_id, v.supervisor_id
    )
    select t.id::text as "taskId", t.name as "taskName", t.start_date::text as "startDate", t.end_date::text as "endDate", t.min_classes as "minClasses",
      s.id::text as "userId", s.name, s.account,
      coalesce(n.visible, 0) as visible, coalesce(n.held, 0) as held, coalesce(n.attended, 0) as attended
    from p
    join assignment_tasks t on t.id = p.task_id
    join accounts s on s.id = p.supervisor_id
    left join n on n.task_id = p.task_id and n.supervisor_id = p.supervisor_id
    where ${taskWhere(f)} ${reach.kind === 'selected' ? sql`and n.visible > 0` : sql``}
    order by t.start_date desc, t.id desc, s.name, s.id`);
}

const ClassRow = z.object({
  taskId: col.text, taskName: col.text, courseSessionId: col.text, lessonDate: col.text, week: col.int, sessionStart: col.int, sessionEnd: col.int,
  courseId: col.text, courseName: col.text, courseCode: col.text, teacherId: col.text, teacherName: col.text, teacherAccount: col.text,
  held: col.bool, attended: col.bool, evaluationId: col.textOrNull, total: col.int,
});
export type ClassRow = z.output<typeof ClassRow>;

/**
 * A page of the classes one supervisor may attend under the semester's tasks (one task when asked),
 * in the lesson days and the reader's reach, with whether each was held and attended: the classes up to
 * today latest first, then those to come soonest first.
 * The evaluation behind an attended class is named only when it is not anonymous.
 */
export function classPage(tx: Tx, f: AssignmentFilters & { supervisorId: string }, reach: StatsReach, now: Now, pg: { pageNum: number; pageSize: number }) {
  // index: assignments_supervisor_idx (school_id, supervisor_id, status); evaluations_evaluator_idx (school_id, evaluator_id, updated_at)
  return queryRows(tx, ClassRow, sql`
    select v.task_id::text as "taskId", t.name as "taskName", cs.id::text as "courseSessionId", cs.lesson_date::text as "lessonDate", cs.week,
      cs.session_start as "sessionStart", cs.session_end as "sessionEnd", c.id::text as "courseId", c.name as "courseName", c.code as "courseCode",
      tp.id::text as "teacherId", tp.name as "teacherName", tp.account as "teacherAccount",
      coalesce(${heldSql(now)}, false) as held, ${attendedSql} as attended,
      (select e.id::text from evaluations e left join supervision_plans pl on pl.school_id = e.school_id and pl.id = e.plan_id
        where e.school_id = cs.school_id and e.course_session_id = cs.id and e.evaluator_id = v.supervisor_id and e.status = 'submitted'
          and not (e.anonymous or coalesce(pl.anonymous, false))
        order by e.submitted_at desc, e.id desc limit 1) as "evaluationId",
      (count(*) over ())::int as total
    from ${visibleFrom(f)}
    join assignment_tasks t on t.id = v.task_id
    join accounts tp on tp.id = c.teacher_id
    ${sessionTimeJoin}
    where ${classWhere(f, reach)} and ${taskWhere(f)}
    order by cs.lesson_date > ${now.date}, case when cs.lesson_date <= ${now.date} then cs.lesson_date end desc, cs.lesson_date, cs.session_start, c.code, t.id
    limit ${pg.pageSize} offset ${(pg.pageNum - 1) * pg.pageSize}`);
}

/** Whether the supervisor has a class of the semester's tasks in the reader's reach (any lesson day). */
export async function supervisorInReach(tx: Tx, f: AssignmentFilters & { supervisorId: string }, reach: StatsReach): Promise<boolean> {
  const row = await queryRow(tx, z.object({ ok: col.bool }), sql`
    select exists (select 1 from ${visibleFrom({ semesterId: f.semesterId, taskId: f.taskId, supervisorId: f.supervisorId })} where ${classInReach(reach)}) as ok`);
  return row?.ok ?? false;
}

const Task = z.object({ taskId: col.text, name: col.text, semesterId: col.text });

/** A task of the school (another school's is not found). */
export const task = (tx: Tx, id: string) =>
  queryRow(tx, Task, sql`select id::text as "taskId", name, semester_id::text as "semesterId" from assignment_tasks where id = ${id}`);

/** The semester's tasks, latest start first (the task filter's choices). */
export const semesterTasks = (tx: Tx, semesterId: string) =>
  // index: assignment_tasks_semester_idx (school_id, semester_id, start_date)
  queryRows(tx, z.object({ taskId: col.text, name: col.text }), sql`
    select id::text as "taskId", name from assignment_tasks where semester_id = ${semesterId} order by start_date desc, id desc`);
