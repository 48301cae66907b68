import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { mondayOf, semesterEnd, zonedClock, type TAssignment, type TAssignmentAction, type TAssignmentKind, type TAssignmentStatus } from '@hxk/contracts';
import { accounts, assignments, assignmentTasks, classrooms, courses, courseSessions, semesters } from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { containsPattern, inSchool } from '../../platform/tenancy.ts';
import { page, rowsOf } from '../../platform/sql-rows.ts';
import { peopleRefs } from '../supervision/supervision.service.ts';
import { planBatch } from './assignment-state.ts';
import { visibleSessionsSql } from './visibility.ts';


// ---------------------------------------------------------------- tasks

async function taskOrNotFound(tx: Tx, taskId: string) {
  const [t] = await tx.select().from(assignmentTasks).where(eq(assignmentTasks.id, taskId));
  if (!t) throw new AppError('common.notFound');
  return t;
}

export async function listTasks(ctx: MemberCtx, q: { pageNum: number; pageSize: number; keyword?: string | undefined; semesterId?: string | undefined }) {
  return inSchool(ctx, async (tx) => {
    const filters: SQL[] = [];
    if (q.keyword) filters.push(ilike(assignmentTasks.name, containsPattern(q.keyword)));
    if (q.semesterId) filters.push(eq(assignmentTasks.semesterId, q.semesterId));
    const where = filters.length ? and(...filters) : undefined;
    const [total] = await tx.select({ n: count() }).from(assignmentTasks).where(where);
    const rows = await tx
      .select({
        taskId: assignmentTasks.id, name: assignmentTasks.name, semesterId: assignmentTasks.semesterId, semesterName: semesters.name,
        startDate: assignmentTasks.startDate, endDate: assignmentTasks.endDate, minClasses: assignmentTasks.minClasses, description: assignmentTasks.description,
        createdAt: assignmentTasks.createdAt,
        supervisorCount: sql<number>`(select count(distinct a.supervisor_id)::int from ${assignments} a where a.school_id = ${assignmentTasks.schoolId} and a.task_id = ${assignmentTasks.id} and a.status = 'assigning')`,
      })
      .from(assignmentTasks)
      .innerJoin(semesters, and(eq(semesters.schoolId, assignmentTasks.schoolId), eq(semesters.id, assignmentTasks.semesterId)))
      .where(where)
      .orderBy(desc(assignmentTasks.startDate), desc(assignmentTasks.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    return page(rows.map((r) => ({ ...r, supervisorCount: Number(r.supervisorCount), createdAt: r.createdAt.toISOString() })), Number(total?.n ?? 0), q);
  });
}

/** Tasks as options for the other assignment screens (newest first). */
export async function taskOptions(ctx: MemberCtx) {
  return inSchool(ctx, (tx) =>
    tx.select({ taskId: assignmentTasks.id, name: assignmentTasks.name, startDate: assignmentTasks.startDate, endDate: assignmentTasks.endDate, minClasses: assignmentTasks.minClasses })
      .from(assignmentTasks).orderBy(desc(assignmentTasks.startDate), desc(assignmentTasks.id)).limit(200),
  );
}

export async function saveTask(
  ctx: MemberCtx,
  input: { taskId?: string | undefined; name: string; semesterId: string; startDate: string; endDate: string; minClasses: number; description?: string | undefined },
) {
  return inSchool(ctx, async (tx) => {
    const [sem] = await tx.select().from(semesters).where(eq(semesters.id, input.semesterId));
    if (!sem) throw new AppError('common.notFound');
    const start = mondayOf(sem.startDate);
    const end = semesterEnd(sem.startDate, sem.weekCount);
    if (input.startDate < start || input.endDate > end) throw new AppError('assignment.outsideSemester', { start, end });
    const values = { name: input.name, semesterId: input.semesterId, startDate: input.startDate, endDate: input.endDate, minClasses: input.minClasses, description: input.description || null };
    if (input.taskId) {
      const rows = await tx.update(assignmentTasks).set(values).where(eq(assignmentTasks.id, input.taskId)).returning({ taskId: assignmentTasks.id });
      if (!rows.length) throw new AppError('common.notFound');
      return rows[0]!;
    }
    const [row] = await tx.insert(assignmentTasks).values({ schoolId: ctx.auth.schoolId, createdBy: ctx.auth.accountId, ...values }).returning({ taskId: assignmentTasks.id });
    return row!;
  });
}

export async function deleteTasks(ctx: MemberCtx, ids: string[]) {
  await inSchool(ctx, async (tx) => {
    const unique = [...new Set(ids)];
    const rows = await tx.delete(assignmentTasks).where(inArray(assignmentTasks.id, unique)).returning({ id: assignmentTasks.id });
    if (rows.length !== unique.length) throw new AppError('common.notFound');
  });
}

// ---------------------------------------------------------------- assignments

const TARGET_COLUMN = { teacher: 'teacherId', course: 'courseId', session: 'courseSessionId' } as const;

/** Checks that every target exists in this school and, for courses and sessions, in the task's semester. */
async function checkTargets(tx: Tx, kind: TAssignmentKind, semesterId: string, ids: string[]) {
  if (kind === 'teacher') {
    if ((await peopleRefs(tx, ids)).size !== ids.length) throw new AppError('common.notFound');
    return;
  }
  const found = kind === 'course'
    ? await tx.select({ id: courses.id, semesterId: courses.semesterId }).from(courses).where(inArray(courses.id, ids))
    : await tx.select({ id: courseSessions.id, semesterId: courses.semesterId }).from(courseSessions)
      .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
      .where(inArray(courseSessions.id, ids));
  if (found.length !== ids.length) throw new AppError('common.notFound');
  if (found.some((f) => f.semesterId !== semesterId)) throw new AppError('assignment.targetNotInSemester');
}

/**
 * Assigns each supervisor to each target. An assignment already assigning stays as it is, a withdrawn
 * one is given back, a removed one stays removed and a new one is made.
 */
export async function assign(ctx: MemberCtx, input: { taskId: string; kind: TAssignmentKind; supervisorIds: string[]; targetIds: string[] }) {
  const supervisorIds = [...new Set(input.supervisorIds)];
  const targetIds = [...new Set(input.targetIds)];
  const col = TARGET_COLUMN[input.kind];
  return inSchool(ctx, async (tx) => {
    const task = await taskOrNotFound(tx, input.taskId);
    if ((await peopleRefs(tx, supervisorIds)).size !== supervisorIds.length) throw new AppError('common.notFound');
    await checkTargets(tx, input.kind, task.semesterId, targetIds);
    const existing = await tx
      .select({ id: assignments.id, supervisorId: assignments.supervisorId, target: assignments[col], status: assignments.status })
      .from(assignments)
      .where(and(eq(assignments.taskId, task.id), eq(assignments.kind, input.kind), inArray(assignments.supervisorId, supervisorIds), inArray(assignments[col], targetIds), sql`${assignments.status} <> 'removed'`));
    const key = (s: string, t: string | null) => `${s}:${t}`;
    const have = new Map(existing.map((e) => [key(e.supervisorId, e.target), e]));
    const withdrawn = existing.filter((e) => e.status === 'withdrawn').map((e) => e.id);
    const fresh = supervisorIds.flatMap((s) => targetIds.filter((t) => !have.has(key(s, t))).map((t) => ({ s, t })));
    if (withdrawn.length) await tx.update(assignments).set({ status: 'assigning', updatedAt: ctx.deps.now() }).where(inArray(assignments.id, withdrawn));
    if (fresh.length) {
      await tx.insert(assignments).values(fresh.map(({ s, t }) => ({
        schoolId: ctx.auth.schoolId, taskId: task.id, supervisorId: s, kind: input.kind, [col]: t, createdBy: ctx.auth.accountId,
      })));
    }
    return { created: fresh.length, reassigned: withdrawn.length, unchanged: existing.length - withdrawn.length };
  });
}

/** Withdraws, gives back or removes assignments: all of the selection or none (state machine in assignment-state.ts). */
export async function changeAssignments(ctx: MemberCtx, ids: string[], action: TAssignmentAction) {
  const unique = [...new Set(ids)];
  await inSchool(ctx, async (tx) => {
    const rows = await tx.select({ id: assignments.id, status: assignments.status }).from(assignments).where(inArray(assignments.id, unique)).for('update');
    if (rows.length !== unique.length) throw new AppError('common.notFound');
    const next = planBatch(rows.map((r) => r.status), action);
    if (!next) throw new AppError('assignment.badTransition');
    await tx.update(assignments).set({ status: next, updatedAt: ctx.deps.now() }).where(inArray(assignments.id, unique));
  });
}

/** Assignments of one kind in a task, with supervisor and target described in the same query. */
export async function listAssignments(
  ctx: MemberCtx,
  kind: TAssignmentKind,
  q: { pageNum: number; pageSize: number; taskId: string; supervisorId?: string | undefined; status?: TAssignmentStatus | undefined; keyword?: string | undefined },
) {
  return inSchool(ctx, async (tx) => {
    await taskOrNotFound(tx, q.taskId);
    const kw = q.keyword ? containsPattern(q.keyword) : null;
    const where = sql.join([
      sql`a.task_id = ${q.taskId} and a.kind = ${kind}`,
      q.status ? sql`a.status = ${q.status}` : sql`a.status <> 'removed'`,
      ...(q.supervisorId ? [sql`a.supervisor_id = ${q.supervisorId}`] : []),
      ...(kw ? [sql`(sup.name ilike ${kw} or sup.account ilike ${kw} or coalesce(tp.name, c.name, '') ilike ${kw} or coalesce(c.code, '') ilike ${kw})`] : []),
    ], sql` and `);
    const res = await tx.execute(sql`
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
      where ${where}
      order by a.created_at desc, a.id desc
      limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`);
    type Row = { assignmentId: string; taskId: string; kind: TAssignmentKind; status: TAssignmentStatus; createdAt: string | Date; updatedAt: string | Date; supId: string; supName: string; supAccount: string; targetId: string; title: string; detail: string | null; teacherName: string | null; total: string | number };
    const rows = rowsOf<Row>(res);
    const iso = (d: string | Date) => new Date(d).toISOString();
    const list: TAssignment[] = rows.map((r) => ({
      assignmentId: r.assignmentId, taskId: r.taskId, kind: r.kind, status: r.status, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt),
      supervisor: { userId: r.supId, name: r.supName, account: r.supAccount },
      target: { id: r.targetId, title: r.title, detail: r.detail, teacherName: r.kind === 'teacher' ? null : r.teacherName },
    }));
    return page(list, Number(rows[0]?.total ?? (q.pageNum > 1 ? await countAssignments(tx, where) : 0)), q);
  });
}

async function countAssignments(tx: Tx, where: SQL) {
  const res = await tx.execute(sql`
    select count(*)::int as n from assignments a
    join accounts sup on sup.id = a.supervisor_id
    left join accounts tp on tp.id = a.teacher_id
    left join course_sessions cs on cs.school_id = a.school_id and cs.id = a.course_session_id
    left join courses c on c.school_id = a.school_id and c.id = coalesce(a.course_id, cs.course_id)
    where ${where}`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

// ---------------------------------------------------------------- pickers

export async function lookupCourses(ctx: MemberCtx, q: { taskId: string; keyword?: string | undefined; pageSize: number }) {
  return inSchool(ctx, async (tx) => {
    const task = await taskOrNotFound(tx, q.taskId);
    const filters: SQL[] = [eq(courses.semesterId, task.semesterId)];
    if (q.keyword) filters.push(sql`(${courses.name} ilike ${containsPattern(q.keyword)} or ${courses.code} ilike ${containsPattern(q.keyword)} or ${accounts.name} ilike ${containsPattern(q.keyword)})`);
    return tx
      .select({ courseId: courses.id, code: courses.code, name: courses.name, teacherName: accounts.name })
      .from(courses)
      .innerJoin(accounts, eq(accounts.id, courses.teacherId))
      .where(and(...filters))
      .orderBy(asc(courses.code))
      .limit(q.pageSize);
  });
}

/** The sessions of a course within the task's dates, for assigning single class sessions. */
export async function lookupSessions(ctx: MemberCtx, q: { taskId: string; courseId: string; pageNum: number; pageSize: number }) {
  return inSchool(ctx, async (tx) => {
    const task = await taskOrNotFound(tx, q.taskId);
    const where = and(eq(courseSessions.courseId, q.courseId), eq(courses.semesterId, task.semesterId), sql`${courseSessions.lessonDate} between ${task.startDate} and ${task.endDate}`);
    const base = () => tx.select({ n: count() }).from(courseSessions).innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId))).where(where);
    const [total] = await base();
    const rows = await sessionSelect(tx)
      .where(where)
      .orderBy(asc(courseSessions.lessonDate), asc(courseSessions.sessionStart))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    return page(rows.map((r) => presentSession(r, task.id, task.name)), Number(total?.n ?? 0), q);
  });
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

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionSelect>['where']>>[number];
const presentSession = (r: SessionRow, taskId: string, taskName: string) => ({
  sessionId: r.sessionId, lessonDate: r.lessonDate, week: r.week, weekday: r.weekday, sessionStart: r.sessionStart, sessionEnd: r.sessionEnd,
  courseId: r.courseId, courseName: r.courseName, courseCode: r.courseCode,
  teacher: { userId: r.teacherId, name: r.teacherName, account: r.teacherAccount }, classroomName: r.classroomName, taskId, taskName,
});

// ---------------------------------------------------------------- what supervisors attend

/** The class sessions a supervisor may attend (visibility rule), by date, paged. */
export async function assignmentPoints(
  ctx: MemberCtx,
  q: { pageNum: number; pageSize: number; supervisorId?: string | undefined; taskId?: string | undefined; from?: string | undefined; to?: string | undefined },
) {
  const supervisorId = q.supervisorId ?? ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    if (!(await peopleRefs(tx, [supervisorId])).size) throw new AppError('common.notFound');
    if (q.taskId) await taskOrNotFound(tx, q.taskId);
    const dates = sql.join([
      sql`true`,
      ...(q.from ? [sql`cs.lesson_date >= ${q.from}`] : []),
      ...(q.to ? [sql`cs.lesson_date <= ${q.to}`] : []),
    ], sql` and `);
    const res = await tx.execute(sql`
      select v.session_id::text as "sessionId", cs.lesson_date::text as "lessonDate", cs.week, cs.weekday, cs.session_start as "sessionStart", cs.session_end as "sessionEnd",
        c.id::text as "courseId", c.name as "courseName", c.code as "courseCode",
        tp.id::text as "teacherId", tp.name as "teacherName", tp.account as "teacherAccount", r.name as "classroomName",
        t.id::text as "taskId", t.name as "taskName", count(*) over () as total
      from ${visibleSessionsSql({ supervisorId, taskId: q.taskId })} v
      join course_sessions cs on cs.id = v.session_id
      join courses c on c.school_id = cs.school_id and c.id = cs.course_id
      join accounts tp on tp.id = c.teacher_id
      join assignment_tasks t on t.id = v.task_id
      left join classrooms r on r.school_id = cs.school_id and r.id = cs.classroom_id
      where ${dates}
      order by cs.lesson_date, cs.session_start, c.code, t.id
      limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`);
    type Row = SessionRow & { taskId: string; taskName: string; total: string | number };
    const rows = rowsOf<Row>(res);
    let total = Number(rows[0]?.total ?? 0);
    if (!rows.length && q.pageNum > 1) {
      const c = await tx.execute(sql`select count(*)::int as n from ${visibleSessionsSql({ supervisorId, taskId: q.taskId })} v join course_sessions cs on cs.id = v.session_id where ${dates}`);
      total = Number(rowsOf<{ n: number }>(c)[0]?.n ?? 0);
    }
    return page(rows.map((r) => presentSession({ ...r, week: Number(r.week), weekday: Number(r.weekday), sessionStart: Number(r.sessionStart), sessionEnd: Number(r.sessionEnd) }, r.taskId, r.taskName)), total, q);
  });
}

/** Supervisors of a task (anyone with an assignment in it that is not removed), for choosers. */
export async function taskSupervisors(ctx: MemberCtx, taskId: string) {
  return inSchool(ctx, async (tx) => {
    await taskOrNotFound(tx, taskId);
    return tx
      .selectDistinct({ userId: accounts.id, name: accounts.name, account: accounts.account })
      .from(assignments)
      .innerJoin(accounts, eq(accounts.id, assignments.supervisorId))
      .where(and(eq(assignments.taskId, taskId), sql`${assignments.status} <> 'removed'`))
      .orderBy(asc(accounts.name), asc(accounts.id));
  });
}

/**
 * Progress of each supervisor of a task: what they are assigned, how many class sessions they may
 * attend in the period and how many of those have been held by now (school time zone). Attended and
 * evaluated counts come with evaluations (a later issue).
 */
export async function taskProgress(ctx: MemberCtx, q: { pageNum: number; pageSize: number; taskId: string; keyword?: string | undefined }) {
  const now = zonedClock(ctx.deps.now(), ctx.deps.config.schoolTimezone);
  return inSchool(ctx, async (tx) => {
    const task = await taskOrNotFound(tx, q.taskId);
    const kw = q.keyword ? sql`and (p.name ilike ${containsPattern(q.keyword)} or p.account ilike ${containsPattern(q.keyword)})` : sql``;
    const res = await tx.execute(sql`
      with sup as (
        select a.supervisor_id,
          count(*) filter (where a.kind = 'teacher')::int as teachers,
          count(*) filter (where a.kind = 'course')::int as courses,
          count(*) filter (where a.kind = 'session')::int as sessions
        from assignments a join accounts p on p.id = a.supervisor_id
        where a.task_id = ${task.id} and a.status = 'assigning' ${kw}
        group by a.supervisor_id
      ), pg as (
        select sup.*, p.name, p.account, count(*) over () as total from sup join accounts p on p.id = sup.supervisor_id
        order by p.name, p.id limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}
      ), vis as (
        select v.supervisor_id, count(*)::int as visible,
          count(*) filter (where cs.lesson_date < ${now.date} or (cs.lesson_date = ${now.date} and st.end_minute <= ${now.minute}))::int as held
        from ${visibleSessionsSql({ taskId: task.id })} v
        join course_sessions cs on cs.id = v.session_id
        left join session_times st on st.school_id = cs.school_id and st.session_no = cs.session_end
        where v.supervisor_id in (select supervisor_id from pg)
        group by v.supervisor_id
      )
      select pg.supervisor_id::text as "userId", pg.name, pg.account, pg.teachers, pg.courses, pg.sessions, pg.total,
        coalesce(vis.visible, 0) as visible, coalesce(vis.held, 0) as held
      from pg left join vis on vis.supervisor_id = pg.supervisor_id order by pg.name, pg.supervisor_id`);
    type Row = { userId: string; name: string; account: string; teachers: number; courses: number; sessions: number; visible: number; held: number; total: string | number };
    const rows = rowsOf<Row>(res);
    return page(rows.map((r) => ({
      supervisor: { userId: r.userId, name: r.name, account: r.account },
      teachers: Number(r.teachers), courses: Number(r.courses), sessions: Number(r.sessions), visible: Number(r.visible), held: Number(r.held), minClasses: task.minClasses,
    })), Number(rows[0]?.total ?? 0), q);
  });
}

