import { mondayOf, semesterEnd, zonedClock, type TAssignment, type TAssignmentAction, type TAssignmentKind, type TAssignmentStatus } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { page } from '../../platform/sql-rows.ts';
import { semesterById } from '../calendar/calendar.repo.ts';
import { peopleRefs } from '../supervision/supervision.service.ts';
import { planBatch } from './assignment-state.ts';
import * as repo from './assignments.repo.ts';
import type { SessionRow } from './assignments.repo.ts';


// ---------------------------------------------------------------- tasks

async function taskOrNotFound(tx: Tx, taskId: string) {
  const t = await repo.taskById(tx, taskId);
  if (!t) throw new AppError('common.notFound');
  return t;
}

export async function listTasks(ctx: MemberCtx, q: { pageNum: number; pageSize: number; keyword?: string | undefined; semesterId?: string | undefined }) {
  return inSchool(ctx, async (tx) => {
    const total = await repo.taskCount(tx, q);
    const rows = await repo.tasksPage(tx, q);
    return page(rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total, q);
  });
}

/** Tasks as options for the other assignment screens (newest first). */
export async function taskOptions(ctx: MemberCtx) {
  return inSchool(ctx, repo.taskOptions);
}

export async function saveTask(
  ctx: MemberCtx,
  input: { taskId?: string | undefined; name: string; semesterId: string; startDate: string; endDate: string; minClasses: number; description?: string | undefined },
) {
  return inSchool(ctx, async (tx) => {
    const sem = await semesterById(tx, input.semesterId);
    if (!sem) throw new AppError('common.notFound');
    const start = mondayOf(sem.startDate);
    const end = semesterEnd(sem.startDate, sem.weekCount);
    if (input.startDate < start || input.endDate > end) throw new AppError('assignment.outsideSemester', { start, end });
    const values = { name: input.name, semesterId: input.semesterId, startDate: input.startDate, endDate: input.endDate, minClasses: input.minClasses, description: input.description || null };
    if (input.taskId) {
      const row = await repo.updateTask(tx, input.taskId, values);
      if (!row) throw new AppError('common.notFound');
      return row;
    }
    return repo.insertTask(tx, ctx.auth.schoolId, ctx.auth.accountId, values);
  });
}

export async function deleteTasks(ctx: MemberCtx, ids: string[]) {
  await inSchool(ctx, async (tx) => {
    const unique = [...new Set(ids)];
    if ((await repo.deleteTasks(tx, unique)) !== unique.length) throw new AppError('common.notFound');
  });
}

// ---------------------------------------------------------------- assignments

/** Checks that every target exists in this school and, for courses and sessions, in the task's semester. */
async function checkTargets(tx: Tx, kind: TAssignmentKind, semesterId: string, ids: string[]) {
  if (kind === 'teacher') {
    if ((await peopleRefs(tx, ids)).size !== ids.length) throw new AppError('common.notFound');
    return;
  }
  const found = kind === 'course' ? await repo.courseSemesters(tx, ids) : await repo.sessionSemesters(tx, ids);
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
  return inSchool(ctx, async (tx) => {
    const task = await taskOrNotFound(tx, input.taskId);
    if ((await peopleRefs(tx, supervisorIds)).size !== supervisorIds.length) throw new AppError('common.notFound');
    await checkTargets(tx, input.kind, task.semesterId, targetIds);
    const existing = await repo.liveAssignments(tx, { taskId: task.id, kind: input.kind, supervisorIds, targetIds });
    const key = (s: string, t: string | null) => `${s}:${t}`;
    const have = new Map(existing.map((e) => [key(e.supervisorId, e.target), e]));
    const withdrawn = existing.filter((e) => e.status === 'withdrawn').map((e) => e.id);
    const fresh = supervisorIds.flatMap((s) => targetIds.filter((t) => !have.has(key(s, t))).map((t) => ({ supervisorId: s, targetId: t })));
    if (withdrawn.length) await repo.setAssignmentStatus(tx, withdrawn, 'assigning', ctx.deps.now());
    if (fresh.length) await repo.insertAssignments(tx, { schoolId: ctx.auth.schoolId, taskId: task.id, kind: input.kind, createdBy: ctx.auth.accountId }, fresh);
    return { created: fresh.length, reassigned: withdrawn.length, unchanged: existing.length - withdrawn.length };
  });
}

/** Withdraws, gives back or removes assignments: all of the selection or none (state machine in assignment-state.ts). */
export async function changeAssignments(ctx: MemberCtx, ids: string[], action: TAssignmentAction) {
  const unique = [...new Set(ids)];
  await inSchool(ctx, async (tx) => {
    const rows = await repo.lockAssignments(tx, unique);
    if (rows.length !== unique.length) throw new AppError('common.notFound');
    const next = planBatch(rows.map((r) => r.status), action);
    if (!next) throw new AppError('assignment.badTransition');
    await repo.setAssignmentStatus(tx, unique, next, ctx.deps.now());
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
    const rows = await repo.assignmentsPage(tx, kind, q);
    const list: TAssignment[] = rows.map((r) => ({
      assignmentId: r.assignmentId, taskId: r.taskId, kind: r.kind, status: r.status, createdAt: r.createdAt, updatedAt: r.updatedAt,
      supervisor: { userId: r.supId, name: r.supName, account: r.supAccount },
      target: { id: r.targetId, title: r.title, detail: r.detail, teacherName: r.kind === 'teacher' ? null : r.teacherName },
    }));
    return page(list, rows[0]?.total ?? (q.pageNum > 1 ? await repo.assignmentCount(tx, kind, q) : 0), q);
  });
}

// ---------------------------------------------------------------- pickers

export async function lookupCourses(ctx: MemberCtx, q: { taskId: string; keyword?: string | undefined; pageSize: number }) {
  return inSchool(ctx, async (tx) => {
    const task = await taskOrNotFound(tx, q.taskId);
    return repo.coursesOfSemester(tx, { semesterId: task.semesterId, keyword: q.keyword, pageSize: q.pageSize });
  });
}

/** The sessions of a course within the task's dates, for assigning single class sessions. */
export async function lookupSessions(ctx: MemberCtx, q: { taskId: string; courseId: string; pageNum: number; pageSize: number }) {
  return inSchool(ctx, async (tx) => {
    const task = await taskOrNotFound(tx, q.taskId);
    const filter = { courseId: q.courseId, semesterId: task.semesterId, startDate: task.startDate, endDate: task.endDate };
    const total = await repo.courseSessionCount(tx, filter);
    const rows = await repo.courseSessionsPage(tx, { ...filter, pageNum: q.pageNum, pageSize: q.pageSize });
    return page(rows.map((r) => presentSession(r, task.id, task.name)), total, q);
  });
}

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
    const filter = { supervisorId, taskId: q.taskId, from: q.from, to: q.to };
    const rows = await repo.pointsPage(tx, { ...filter, pageNum: q.pageNum, pageSize: q.pageSize });
    let total = rows[0]?.total ?? 0;
    if (!rows.length && q.pageNum > 1) total = await repo.pointCount(tx, filter);
    return page(rows.map((r) => presentSession(r, r.taskId, r.taskName)), total, q);
  });
}

/** Supervisors of a task (anyone with an assignment in it that is not removed), for choosers. */
export async function taskSupervisors(ctx: MemberCtx, taskId: string) {
  return inSchool(ctx, async (tx) => {
    await taskOrNotFound(tx, taskId);
    return repo.taskSupervisors(tx, taskId);
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
    const rows = await repo.progressPage(tx, { pageNum: q.pageNum, pageSize: q.pageSize, taskId: task.id, keyword: q.keyword, now: { date: now.date, minute: now.minute } });
    return page(rows.map((r) => ({
      supervisor: { userId: r.userId, name: r.name, account: r.account },
      teachers: r.teachers, courses: r.courses, sessions: r.sessions, visible: r.visible, held: r.held, attended: r.attended, minClasses: task.minClasses,
    })), rows[0]?.total ?? 0, q);
  });
}
