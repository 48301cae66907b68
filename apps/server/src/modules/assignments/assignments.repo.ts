/** The assignments' SQL: tasks, assignments, the pickers and what supervisors attend (docs/decisions/0016-repositories.md). */
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { TAssignmentKind, TAssignmentStatus } from '@hxk/contracts';
import { ASSIGNMENT_KINDS, ASSIGNMENT_STATUSES, accounts, assignments, assignmentTasks, classrooms, courses, courseSessions, semesters } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { col, queryRow, queryRows } from '../../platform/sql-rows.ts';
import { containsPattern } from '../../platform/tenancy.ts';

export type TaskRow = typeof assignmentTasks.$inferSelect;
export type TaskFields = Pick<TaskRow, 'name' | 'semesterId' | 'startDate' | 'endDate' | 'minClasses' | 'description'>;
type Paging = { pageNum: number; pageSize: number };

// ---------------------------------------------------------------- tasks

export async function taskById(tx: Tx, id: string): Promise<TaskRow | undefined> {
  // index: assignment_tasks_school_id_id_pk (school_id, id)
  const [row] = await tx.select().from(assignmentTasks).where(eq(assignmentTasks.id, id));
  return row;
}

export type TaskFilter = { keyword?: string | undefined; semesterId?: string | undefined };

const taskWhere = (q: TaskFilter) => {
  const filters: SQL[] = [];
  if (q.keyword) filters.push(ilike(assignmentTasks.name, containsPattern(q.keyword)));
  if (q.semesterId) filters.push(eq(assignmentTasks.semesterId, q.semesterId));
  return filters.length ? and(...filters) : undefined;
};

export async function taskCount(tx: Tx, q: TaskFilter): Promise<number> {
  // index: assignment_tasks_semester_idx (school_id, semester_id, start_date)
  const [row] = await tx.select({ n: count() }).from(assignmentTasks).where(taskWhere(q));
  return Number(row?.n ?? 0);
}

/** A page of tasks, newest first, with their semester's name and how many supervisors are assigning. */
export function tasksPage(tx: Tx, q: TaskFilter & Paging) {
  // index: assignment_tasks_semester_idx (school_id, semester_id, start_date)
  // index: assignments_task_idx (school_id, task_id, status) for the supervisor counts
  return tx
    .select({
      taskId: assignmentTasks.id, name: assignmentTasks.name, semesterId: assignmentTasks.semesterId, semesterName: semesters.name,
      startDate: assignmentTasks.startDate, endDate: assignmentTasks.endDate, minClasses: assignmentTasks.minClasses, description: assignmentTasks.description,
      createdAt: assignmentTasks.createdAt,
      supervisorCount: sql`(select count(distinct a.supervisor_id)::int from ${assignments} a where a.school_id = ${assignmentTasks.schoolId} and a.task_id = ${assignmentTasks.id} and a.status = 'assigning')`.mapWith(Number),
    })
    .from(assignmentTasks)
    .innerJoin(semesters, and(eq(semesters.schoolId, assignmentTasks.schoolId), eq(semesters.id, assignmentTasks.semesterId)))
    .where(taskWhere(q))
    .orderBy(desc(assignmentTasks.startDate), desc(assignmentTasks.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
}

/** The latest 200 tasks as options, newest first. */
export function taskOptions(tx: Tx) {
  return tx.select({ taskId: assignmentTasks.id, name: assignmentTasks.name, startDate: assignmentTasks.startDate, endDate: assignmentTasks.endDate, minClasses: assignmentTasks.minClasses })
    .from(assignmentTasks).orderBy(desc(assignmentTasks.startDate), desc(assignmentTasks.id)).limit(200);
}

/** Changes a task; undefined when there is none with that id. */
export async function updateTask(tx: Tx, id: string, fields: TaskFields): Promise<{ taskId: string } | undefined> {
  const [row] = await tx.update(assignmentTasks).set(fields).where(eq(assignmentTasks.id, id)).returning({ taskId: assignmentTasks.id });
  return row;
}

export async function insertTask(tx: Tx, schoolId: string, createdBy: string, fields: TaskFields): Promise<{ taskId: string }> {
  const [row] = await tx.insert(assignmentTasks).values({ schoolId, createdBy, ...fields }).returning({ taskId: assignmentTasks.id });
  return row!;
}

/** Deletes the tasks (their assignments cascade) and answers how many there were. */
export async function deleteTasks(tx: Tx, ids: string[]): Promise<number> {
  const rows = await tx.delete(assignmentTasks).where(inArray(assignmentTasks.id, ids)).returning({ id: assignmentTasks.id });
  return rows.length;
}

// ---------------------------------------------------------------- assignments

const TARGET_COLUMN = { teacher: 'teacherId', course: 'courseId', session: 'courseSessionId' } as const;

/** The semester of each course found among the ids. */
export function courseSemesters(tx: Tx, ids: string[]) {
  return tx.select({ id: courses.id, semesterId: courses.semesterId }).from(courses).where(inArray(courses.id, ids));
}

/** The semester of each class session found among the ids. */
export function sessionSemesters(tx: Tx, ids: string[]) {
  return tx.select({ id: courseSessions.id, semesterId: courses.semesterId }).from(courseSessions)
    .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
    .where(inArray(courseSessions.id, ids));
}

/** The assignments (not removed) of a task between these supervisors and targets of one kind. */
export function liveAssignments(tx: Tx, q: { taskId: string; kind: TAssignmentKind; supervisorIds: string[]; targetIds: string[] }) {
  const target = assignments[TARGET_COLUMN[q.kind]];
  // index: assignments_task_idx (school_id, task_id, status)
  return tx
    .select({ id: assignments.id, supervisorId: assignments.supervisorId, target, status: assignments.status })
    .from(assignments)
    .where(and(eq(assignments.taskId, q.taskId), eq(assignments.kind, q.kind), inArray(assignments.supervisorId, q.supervisorIds), inArray(target, q.targetIds), sql`${assignments.status} <> 'removed'`));
}

/** New assignments, one per supervisor and target. */
export async function insertAssignments(
  tx: Tx,
  base: { schoolId: string; taskId: string; kind: TAssignmentKind; createdBy: string },
  pairs: { supervisorId: string; targetId: string }[],
): Promise<void> {
  const target = TARGET_COLUMN[base.kind];
  await tx.insert(assignments).values(pairs.map(({ supervisorId, targetId }) => ({ ...base, supervisorId, [target]: targetId })));
}

/** The statuses of the assignments found among the ids, locked for the change. */
export function lockAssignments(tx: Tx, ids: string[]) {
  // index: assignments_school_id_id_pk (school_id, id)
  return tx.select({ id: assignments.id, status: assignments.status }).from(assignments).where(inArray(assignments.id, ids)).for('update');
}

export async function setAssignmentStatus(tx: Tx, ids: string[], status: TAssignmentStatus, now: Date): Promise<void> {
  await tx.update(assignments).set({ status, updatedAt: now }).where(inArray(assignments.id, ids));
}

export type AssignmentFilter = { taskId: string; supervisorId?: string | undefined; status?: TAssignmentStatus | undefined; keyword?: string | undefined };

const assignmentWhere = (kind: TAssignmentKind, q: AssignmentFilter) => {
  const kw = q.keyword ? containsPattern(q.keyword) : null;
  return sql.join([
    sql`a.task_id = ${q.taskId} and a.kind = ${kind}`,
    q.status ? sql`a.status = ${q.status}` : sql`a.status <> 'removed'`,
    ...(q.supervisorId ? [sql`a.supervisor_id = ${q.supervisorId}`] : []),
    ...(kw ? [sql`(sup.name ilike ${kw} or sup.account ilike ${kw} or coalesce(tp.name, c.name, '') ilike ${kw} or coalesce(c.code, '') ilike ${kw})`] : []),
  ], sql` and `);
};

const AssignmentRow = z.object({
  assignmentId: col.text,
  taskId: col.text,
  kind: col.oneOf(ASSIGNMENT_KINDS),
  status: col.oneOf(ASSIGNMENT_STATUSES),
  createdAt: col.ts,
  updatedAt: col.ts,
  supId: col.text,
  supName: col.text,
  supAccount: col.text,
  targetId: col.text,
  title: col.text,
  detail: col.textOrNull,
  teacherName: col.textOrNull,
  total: col.int,
});
export type AssignmentRow = z.output<typeof AssignmentRow>;

/** A page of a task's assignments of one kind, supervisor and target described, with the total on each row. */
export function assignmentsPage(tx: Tx, kind: TAssignmentKind, q: AssignmentFilter & Paging): Promise<AssignmentRow[]> {
  // index: assignments_task_idx (school_id, task_id, status)
  return queryRows(tx, AssignmentRow, sql`
    select a.id::text as "assignmentId", a.task_id::text as "taskId", a.kind, a.status, a.created_at as "createdAt", a.updated_at as "updatedAt",
      sup.id::text as "supId", sup.name as "supName", sup.account as "supAccount",
      coalesce(a.teacher_id, a.course_id, a.course_session_id)::text as "targetId",
      coalesce(tp.name, c.name) as "title",
      case when a.kind = 'teacher' then tp.account when a.kind = 'course' then c.code
           else cs.lesson_date::text || ' ' || cs.session_start || '-' || cs.session_end end as "detail",
      ct.name as "teacherName",
      count(*) over () as "total"
    from assignments a
    join accounts sup on sup.id = a.supervisor_id
    left join accounts tp on tp.id = a.teacher_id
    left join course_sessions cs on cs.school_id = a.school_id and cs.id = a.course_session_id
    left join courses c on c.school_id = a.school_id and c.id = coalesce(a.course_id, cs.course_id)
    left join accounts ct on ct.id = c.teacher_id
    where ${assignmentWhere(kind, q)}
    order by a.created_at desc, a.id desc
    limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`);
}

const Count = z.object({ n: col.int });

/** How many assignments the same filter finds (for a page past the end). */
export async function assignmentCount(tx: Tx, kind: TAssignmentKind, q: AssignmentFilter): Promise<number> {
  // index: assignments_task_idx (school_id, task_id, status)
  const row = await queryRow(tx, Count, sql`
    select count(*)::int as n from assignments a
    join accounts sup on sup.id = a.supervisor_id
    left join accounts tp on tp.id = a.teacher_id
    left join course_sessions cs on cs.school_id = a.school_id and cs.id = a.course_session_id
    left join courses c on c.school_id = a.school_id and c.id = coalesce(a.course_id, cs.course_id)
    where ${assignmentWhere(kind, q)}`);
  return row?.n ?? 0;
}

/** The supervisors of a task (any assignment not removed), by name. */
export function taskSupervisors(tx: Tx, taskId: string) {
  // index: assignments_task_idx (school_id, task_id, status)
  return tx
    .selectDistinct({ userId: accounts.id, name: accounts.name, account: accounts.account })
    .from(assignments)
    .innerJoin(accounts, eq(accounts.id, assignments.supervisorId))
    .where(and(eq(assignments.taskId, taskId), sql`${assignments.status} <> 'removed'`))
    .orderBy(asc(accounts.name), asc(accounts.id));
}

// ---------------------------------------------------------------- pickers

/** Courses of a semester by code, searched by name, code or teacher. */
export function coursesOfSemester(tx: Tx, q: { semesterId: string; keyword?: string | undefined; pageSize: number }) {
  const filters: SQL[] = [eq(courses.semesterId, q.semesterId)];
  if (q.keyword) filters.push(sql`(${courses.name} ilike ${containsPattern(q.keyword)} or ${courses.code} ilike ${containsPattern(q.keyword)} or ${accounts.name} ilike ${containsPattern(q.keyword)})`);
  // index: courses_code_uq (school_id, semester_id, code)
  return tx
    .select({ courseId: courses.id, code: courses.code, name: courses.name, teacherName: accounts.name })
    .from(courses)
    .innerJoin(accounts, eq(accounts.id, courses.teacherId))
    .where(and(...filters))
    .orderBy(asc(courses.code))
    .limit(q.pageSize);
}

const sessionSelect = (tx: Tx) =>
  tx
    .select({
      sessionId: courseSessions.id, lessonDate: courseSessions.lessonDate, week: courseSessions.week, weekday: courseSessions.weekday,
      sessionStart: courseSessions.sessionStart, sessionEnd: courseSessions.sessionEnd, courseId: courses.id, courseName: courses.name, courseCode: courses.code,
      teacherId: accounts.id, teacherName: accounts.name, teacherAccount: accounts.account, classroomName: classrooms.name,
    })
    .from(courseSessions)
    .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
    .innerJoin(accounts, eq(accounts.id, courses.teacherId))
    .leftJoin(classrooms, and(eq(classrooms.schoolId, courseSessions.schoolId), eq(classrooms.id, courseSessions.classroomId)));

/** A class session with its course, teacher and classroom, as the pickers and points show it. */
export type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionSelect>['where']>>[number];

type CourseSessionsFilter = { courseId: string; semesterId: string; startDate: string; endDate: string };

const courseSessionsWhere = (q: CourseSessionsFilter) =>
  and(eq(courseSessions.courseId, q.courseId), eq(courses.semesterId, q.semesterId), sql`${courseSessions.lessonDate} between ${q.startDate} and ${q.endDate}`);

export async function courseSessionCount(tx: Tx, q: CourseSessionsFilter): Promise<number> {
  // index: course_sessions_slot_uq (school_id, course_id, week, weekday, session_start)
  const [row] = await tx.select({ n: count() }).from(courseSessions)
    .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
    .where(courseSessionsWhere(q));
  return Number(row?.n ?? 0);
}

/** A page of a course's sessions in the semester between two dates, by date and period. */
export function courseSessionsPage(tx: Tx, q: CourseSessionsFilter & Paging): Promise<SessionRow[]> {
  // index: course_sessions_slot_uq (school_id, course_id, week, weekday, session_start)
  return sessionSelect(tx)
    .where(courseSessionsWhere(q))
    .orderBy(asc(courseSessions.lessonDate), asc(courseSessions.sessionStart))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
}

// ---------------------------------------------------------------- what supervisors attend

/**
 * A relation (task_id, supervisor_id, session_id) of what supervisors may attend (the rule of
 * visibility.ts as SQL), optionally for one supervisor and/or one task. Run inside the school's
 * transaction: row-level security keeps it to the school; school_id still takes part in every join so
 * the composite indexes serve it (assignments_supervisor_idx or assignments_task_idx to start,
 * courses_teacher_idx and course_sessions_slot_uq to reach the sessions).
 */
export function visibleSessionsSql(opts: { supervisorId?: string | undefined; taskId?: string | undefined; semesterId?: string | undefined }): SQL {
  const filter = sql.join(
    [
      sql`a.status = 'assigning'`,
      ...(opts.supervisorId ? [sql`a.supervisor_id = ${opts.supervisorId}`] : []),
      ...(opts.taskId ? [sql`a.task_id = ${opts.taskId}`] : []),
      ...(opts.semesterId ? [sql`t.semester_id = ${opts.semesterId}`] : []),
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

export type PointsFilter = { supervisorId: string; taskId?: string | undefined; from?: string | undefined; to?: string | undefined };

const pointDates = (q: PointsFilter) => sql.join([
  sql`true`,
  ...(q.from ? [sql`cs.lesson_date >= ${q.from}`] : []),
  ...(q.to ? [sql`cs.lesson_date <= ${q.to}`] : []),
], sql` and `);

const PointRow = z.object({
  sessionId: col.text,
  lessonDate: col.text,
  week: col.int,
  weekday: col.int,
  sessionStart: col.int,
  sessionEnd: col.int,
  courseId: col.text,
  courseName: col.text,
  courseCode: col.text,
  teacherId: col.text,
  teacherName: col.text,
  teacherAccount: col.text,
  classroomName: col.textOrNull,
  taskId: col.text,
  taskName: col.text,
  total: col.int,
});
export type PointRow = z.output<typeof PointRow>;

/** A page of the class sessions a supervisor may attend, by date, with the total on each row. */
export function pointsPage(tx: Tx, q: PointsFilter & Paging): Promise<PointRow[]> {
  // index: assignments_supervisor_idx (school_id, supervisor_id, status)
  return queryRows(tx, PointRow, sql`
    select v.session_id::text as "sessionId", cs.lesson_date::text as "lessonDate", cs.week, cs.weekday, cs.session_start as "sessionStart", cs.session_end as "sessionEnd",
      c.id::text as "courseId", c.name as "courseName", c.code as "courseCode",
      tp.id::text as "teacherId", tp.name as "teacherName", tp.account as "teacherAccount", r.name as "classroomName",
      t.id::text as "taskId", t.name as "taskName", count(*) over () as total
    from ${visibleSessionsSql({ supervisorId: q.supervisorId, taskId: q.taskId })} v
    join course_sessions cs on cs.id = v.session_id
    join courses c on c.school_id = cs.school_id and c.id = cs.course_id
    join accounts tp on tp.id = c.teacher_id
    join assignment_tasks t on t.id = v.task_id
    left join classrooms r on r.school_id = cs.school_id and r.id = cs.classroom_id
    where ${pointDates(q)}
    order by cs.lesson_date, cs.session_start, c.code, t.id
    limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`);
}

/** How many class sessions the same filter finds (for a page past the end). */
export async function pointCount(tx: Tx, q: PointsFilter): Promise<number> {
  // index: assignments_supervisor_idx (school_id, supervisor_id, status)
  const row = await queryRow(tx, Count, sql`select count(*)::int as n from ${visibleSessionsSql({ supervisorId: q.supervisorId, taskId: q.taskId })} v join course_sessions cs on cs.id = v.session_id where ${pointDates(q)}`);
  return row?.n ?? 0;
}

/**
 * The counting rule of progress, over a row of visibleSessionsSql (alias v) joined to its class
 * session (alias cs) and, for `heldSql`, to `sessionTimeJoin` (alias st). A class is held once its
 * last period has ended by `now` (the school's date and minute); it is attended when the supervisor
 * submitted an evaluation of it. The statistics' assignment charts count with the same fragments.
 */
export const sessionTimeJoin = sql`left join session_times st on st.school_id = cs.school_id and st.session_no = cs.session_end`;
export const heldSql = (now: { date: string; minute: number }) =>
  sql`(cs.lesson_date < ${now.date} or (cs.lesson_date = ${now.date} and st.end_minute <= ${now.minute}))`;
// index: evaluations_evaluator_idx (school_id, evaluator_id, updated_at)
export const attendedSql = sql`exists (select 1 from evaluations e where e.school_id = cs.school_id and e.course_session_id = cs.id
  and e.evaluator_id = v.supervisor_id and e.status = 'submitted')`;

const ProgressRow = z.object({
  userId: col.text,
  name: col.text,
  account: col.text,
  teachers: col.int,
  courses: col.int,
  sessions: col.int,
  visible: col.int,
  held: col.int,
  attended: col.int,
  total: col.int,
});
export type ProgressRow = z.output<typeof ProgressRow>;

/**
 * A page of a task's supervisors (assigning), by name, with what they are assigned, how many class
 * sessions they may attend, how many of those were held by `now` (the school's date and minute), and
 * how many they attended (evaluated).
 */
export function progressPage(tx: Tx, q: Paging & { taskId: string; keyword?: string | undefined; now: { date: string; minute: number } }): Promise<ProgressRow[]> {
  const kw = q.keyword ? sql`and (p.name ilike ${containsPattern(q.keyword)} or p.account ilike ${containsPattern(q.keyword)})` : sql``;
  // index: assignments_task_idx (school_id, task_id, status)
  return queryRows(tx, ProgressRow, sql`
    with sup as (
      select a.supervisor_id,
        count(*) filter (where a.kind = 'teacher')::int as teachers,
        count(*) filter (where a.kind = 'course')::int as courses,
        count(*) filter (where a.kind = 'session')::int as sessions
      from assignments a join accounts p on p.id = a.supervisor_id
      where a.task_id = ${q.taskId} and a.status = 'assigning' ${kw}
      group by a.supervisor_id
    ), pg as (
      select sup.*, p.name, p.account, count(*) over () as total from sup join accounts p on p.id = sup.supervisor_id
      order by p.name, p.id limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}
    ), vis as (
      select v.supervisor_id, count(*)::int as visible,
        count(*) filter (where ${heldSql(q.now)})::int as held,
        count(*) filter (where ${attendedSql})::int as attended
      from ${visibleSessionsSql({ taskId: q.taskId })} v
      join course_sessions cs on cs.id = v.session_id
      ${sessionTimeJoin}
      where v.supervisor_id in (select supervisor_id from pg)
      group by v.supervisor_id
    )
    select pg.supervisor_id::text as "userId", pg.name, pg.account, pg.teachers, pg.courses, pg.sessions, pg.total,
      coalesce(vis.visible, 0) as visible, coalesce(vis.held, 0) as held, coalesce(vis.attended, 0) as attended
    from pg left join vis on vis.supervisor_id = pg.supervisor_id order by pg.name, pg.supervisor_id`);
}
