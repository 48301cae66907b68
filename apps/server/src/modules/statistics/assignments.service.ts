/**
 * Assignment charts (issue 17, /back/assignmentsEchartsTeport): per task and per supervisor of a
 * semester, classes attended against the tasks' required minimums, counted by the assignment progress
 * rule. Reach as in the other statistics (reachOf): a whole-school reader counts every class; a reader
 * with selected departments or teachers counts their courses' classes only, and naming a supervisor
 * with none of those is refused; a teacher (or student) given the menu reads their own progress as a
 * supervisor. Another school's ids are not found.
 */
import { zonedClock, type TAssignmentFigures, type TAssignmentStats, type ZAssignmentClassesQuery, type ZAssignmentStatsQuery } from '@hxk/contracts';
import type { z } from 'zod';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { page } from '../../platform/sql-rows.ts';
import { inSchool } from '../../platform/tenancy.ts';
import * as stats from './statistics.repo.ts';
import { reachOf } from './statistics.service.ts';
import * as repo from './assignments.repo.ts';

const share = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 1000) / 10 : null);

async function resolveScope(tx: Tx, ctx: MemberCtx, q: repo.AssignmentFilters) {
  const reach = await reachOf(tx, ctx);
  const f: repo.AssignmentFilters = { ...q };
  if (reach.kind === 'self') {
    if (f.supervisorId && f.supervisorId !== reach.teacherId) throw new AppError('statistics.ownOnly');
    f.supervisorId = reach.teacherId;
  }
  const semester = await stats.semester(tx, f.semesterId);
  if (!semester) throw new AppError('common.notFound');
  const task = f.taskId ? await repo.task(tx, f.taskId) : undefined;
  if (f.taskId && (!task || task.semesterId !== f.semesterId)) throw new AppError('common.notFound');
  const supervisor = f.supervisorId ? await stats.member(tx, f.supervisorId) : undefined;
  if (f.supervisorId && !supervisor) throw new AppError('common.notFound');
  if (reach.kind === 'selected' && f.supervisorId && !(await repo.supervisorInReach(tx, { ...f, supervisorId: f.supervisorId }, reach))) {
    throw new AppError('statistics.supervisorOutOfScope');
  }
  return {
    f,
    reach,
    semester: { id: semester.id, name: semester.name, weekCount: semester.weeks ?? 0 },
    subject: {
      task: task ? { taskId: task.taskId, name: task.name } : null,
      supervisor: supervisor ? { userId: supervisor.id, name: supervisor.name, account: supervisor.extra ?? '' } : null,
    },
  };
}

const ZERO = { visible: 0, held: 0, attended: 0, required: 0, credited: 0, pairs: 0, done: 0 };
type Sums = typeof ZERO;

function add(s: Sums, p: repo.PairRow): Sums {
  return {
    visible: s.visible + p.visible,
    held: s.held + p.held,
    attended: s.attended + p.attended,
    required: s.required + p.minClasses,
    credited: s.credited + Math.min(p.attended, p.minClasses),
    pairs: s.pairs + 1,
    done: s.done + (p.attended >= p.minClasses ? 1 : 0),
  };
}
const figures = (s: Sums): TAssignmentFigures => ({ ...s, progress: share(s.credited, s.required) });

/** Per task and per supervisor: attended against required, with what they may attend and what has been held. */
export async function assignmentStats(ctx: MemberCtx, q: z.output<typeof ZAssignmentStatsQuery>): Promise<TAssignmentStats> {
  const now = zonedClock(ctx.deps.now(), ctx.deps.config.schoolTimezone);
  return inSchool(ctx, async (tx) => {
    const { f, reach, semester, subject } = await resolveScope(tx, ctx, q);
    const rows = await repo.pairs(tx, f, reach, { date: now.date, minute: now.minute });
    const tasks = new Map<string, { row: repo.PairRow; sums: Sums }>();
    const people = new Map<string, { row: repo.PairRow; sums: Sums }>();
    let total = ZERO;
    for (const r of rows) {
      total = add(total, r);
      const t = tasks.get(r.taskId) ?? { row: r, sums: ZERO };
      tasks.set(r.taskId, { row: t.row, sums: add(t.sums, r) });
      const p = people.get(r.userId) ?? { row: r, sums: ZERO };
      people.set(r.userId, { row: p.row, sums: add(p.sums, r) });
    }
    const byName = [...people.values()].sort((a, b) => a.row.name.localeCompare(b.row.name, 'zh') || a.row.userId.localeCompare(b.row.userId));
    return {
      semester,
      subject,
      ownOnly: reach.kind === 'self',
      partial: reach.kind === 'selected',
      total: figures(total),
      // Rows come latest task first.
      tasks: [...tasks.values()].map(({ row, sums }) => ({
        taskId: row.taskId, name: row.taskName, startDate: row.startDate, endDate: row.endDate, minClasses: row.minClasses, ...figures(sums),
      })),
      supervisors: byName.map(({ row, sums }) => ({ supervisor: { userId: row.userId, name: row.name, account: row.account }, ...figures(sums) })),
      taskOptions: await repo.semesterTasks(tx, f.semesterId),
      asOf: ctx.deps.now().toISOString(),
    };
  });
}

/** One supervisor's classes behind the figures: up to today latest first, then those to come. */
export async function assignmentClasses(ctx: MemberCtx, q: z.output<typeof ZAssignmentClassesQuery>) {
  const { pageNum, pageSize, ...filters } = q;
  const now = zonedClock(ctx.deps.now(), ctx.deps.config.schoolTimezone);
  return inSchool(ctx, async (tx) => {
    const { f, reach } = await resolveScope(tx, ctx, filters);
    const g = { ...f, supervisorId: f.supervisorId ?? filters.supervisorId };
    const rows = await repo.classPage(tx, g, reach, { date: now.date, minute: now.minute }, { pageNum, pageSize });
    let total = rows[0]?.total ?? 0;
    if (!rows.length && pageNum > 1) total = (await repo.classPage(tx, g, reach, { date: now.date, minute: now.minute }, { pageNum: 1, pageSize: 1 }))[0]?.total ?? 0;
    return page(rows.map((r) => ({
      taskId: r.taskId, taskName: r.taskName, courseSessionId: r.courseSessionId, lessonDate: r.lessonDate, week: r.week, sessionStart: r.sessionStart, sessionEnd: r.sessionEnd,
      course: { id: r.courseId, name: r.courseName, code: r.courseCode },
      teacher: { userId: r.teacherId, name: r.teacherName, account: r.teacherAccount },
      held: r.held, attended: r.attended, evaluationId: r.evaluationId,
    })), total, { pageNum, pageSize });
  });
}
