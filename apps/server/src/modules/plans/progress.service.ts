/**
 * How plans are going: per plan (supervisors and courses), the published plans with who is behind
 * (/back/targetAdvance), every supervisor of the plans running today (/back/SteeringList), and a
 * supervisor's own plans with the classes they can attend (/LessonEvaluationPlan).
 */
import type { z } from 'zod';
import { addDays, formatHm, type TMyPlan, type TPlanClass, type TPlanProgress, type TSupervisorProgress, type ZMyPlansRequest, type ZPlanClassesRequest, type ZPlanListRequest, type ZSteeringListRequest } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import { schoolWaitingMinutes } from '../courses/course-state.ts';
import { evaluableFrom } from '../evaluations/evaluation-window.ts';
import { groupsOfMembers } from '../supervision/supervision.service.ts';
import { planSummaries } from './plan-summary.ts';
import * as repo from './progress.repo.ts';
import type { ClassRow } from './progress.repo.ts';
import { page } from '../../platform/sql-rows.ts';

// ---------------------------------------------------------------- one plan

async function readProgress(tx: Tx, ctx: MemberCtx, planId: string): Promise<TPlanProgress> {
  const me = ctx.auth.accountId;
  const plan = (await planSummaries(tx, [planId], me, schoolClock(ctx).date)).get(planId);
  if (!plan) throw new AppError('common.notFound');
  const supervisors = await repo.supervisorProgress(tx, planId);
  const courses = await repo.courseProgress(tx, planId);
  const required = plan.minClasses;
  return {
    plan,
    supervisors: supervisors.map((s) => ({
      userId: s.userId, name: s.name, account: s.account, groupName: s.groupName, attended: s.attended, required,
      remaining: Math.max(0, required - s.attended), behind: s.attended < required, lastEvaluatedAt: s.lastEvaluatedAt,
    })),
    courses: courses.map((c) => ({
      courseId: c.courseId, code: c.code, name: c.name, teacher: { userId: c.teacherId, name: c.teacherName, account: c.teacherAccount },
      evaluations: c.evaluations, supervisors: c.supervisors,
      averageScore: c.averageScore == null ? null : Math.round(c.averageScore * 100) / 100,
      lastEvaluatedAt: c.lastEvaluatedAt,
    })),
  };
}

export async function planProgress(ctx: MemberCtx, planId: string) {
  return inSchool(ctx, (tx) => readProgress(tx, ctx, planId));
}

/** Behind first, the fewest classes attended first: whom to push. */
const byUrgency = (a: TSupervisorProgress, b: TSupervisorProgress) =>
  Number(b.behind) - Number(a.behind) || a.attended - b.attended || a.name.localeCompare(b.name);

export async function targetDetail(ctx: MemberCtx, planId: string) {
  const progress = await planProgress(ctx, planId);
  return { ...progress, supervisors: [...progress.supervisors].sort(byUrgency) };
}

// ---------------------------------------------------------------- published plans by who is behind

export async function targetList(ctx: MemberCtx, q: z.output<typeof ZPlanListRequest>) {
  const today = schoolClock(ctx).date;
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const { ids, total } = await repo.plansByBehind(tx, q, me, today);
    const summaries = await planSummaries(tx, ids, me, today);
    return page(ids.flatMap((id) => summaries.get(id) ?? []), total, q);
  });
}

// ---------------------------------------------------------------- supervisors of the plans running today

export async function steeringList(ctx: MemberCtx, q: z.output<typeof ZSteeringListRequest>) {
  const today = schoolClock(ctx).date;
  return inSchool(ctx, async (tx) => {
    const rows = await repo.steeringPage(tx, q, today);
    const groups = await groupsOfMembers(tx, rows.map((r) => r.userId));
    const list = rows.map((r) => ({
      userId: r.userId, name: r.name, account: r.account, groups: (groups.get(r.userId) ?? []).map((g) => g.name),
      planCount: r.planCount, attended: r.attended, required: r.required, behindPlans: r.behindPlans,
    }));
    // Past the last page the window count is gone: the list is empty, so is the answer's total.
    return page(list, rows[0]?.total ?? 0, q);
  });
}

// ---------------------------------------------------------------- a supervisor's own plans

/** Presents a plan's classes, each with when it opens for evaluation (the school's waiting minutes, read once). */
async function classPresenter(ctx: MemberCtx, tx: Tx) {
  const waiting = await schoolWaitingMinutes(tx);
  const tz = ctx.deps.config.schoolTimezone;
  return (r: ClassRow): TPlanClass => ({
    courseSessionId: r.courseSessionId, courseId: r.courseId, courseName: r.courseName, courseCode: r.courseCode, teacherName: r.teacherName,
    classroomName: r.classroomName, lessonDate: r.lessonDate, sessionStart: r.sessionStart, sessionEnd: r.sessionEnd,
    startTime: r.startMinute == null ? null : formatHm(r.startMinute), endTime: r.endMinute == null ? null : formatHm(r.endMinute),
    evaluation: r.evaluation,
    evaluableFrom: evaluableFrom({ lessonDate: r.lessonDate, startMinute: r.startMinute }, waiting, tz),
  });
}

const NEXT_CLASSES = 5;

/**
 * Published plans I supervise, running ones first, with how many classes I attended and my next
 * classes: the next five of each plan's courses from now within the plan's dates, for the whole page
 * in one query (a class of today counts until its last session ends, by the school's clock).
 */
export async function myPlans(ctx: MemberCtx, q: z.output<typeof ZMyPlansRequest>) {
  const clock = schoolClock(ctx);
  const today = clock.date;
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const { ids, total } = await repo.myPlanPage(tx, q, me, today);
    if (!ids.length) return page<TMyPlan>([], total, q);
    const summaries = await planSummaries(tx, ids, me, today);
    const mine = await repo.myAttended(tx, ids, me);
    const next = await repo.nextClasses(tx, ids, me, clock, NEXT_CLASSES);
    const attended = new Map(mine.map((r) => [r.planId, r.n]));
    const presentClass = await classPresenter(ctx, tx);
    const classes = new Map<string, TPlanClass[]>();
    for (const r of next) classes.set(r.planId, [...(classes.get(r.planId) ?? []), presentClass(r)]);
    const out: TMyPlan[] = ids.flatMap((id) => {
      const s = summaries.get(id);
      if (!s) return [];
      // My own count is not capped at the minimum: a supervisor sees every class they attended.
      return [{ ...s, myAttended: attended.get(id) ?? 0, myRequired: s.minClasses, nextClasses: classes.get(id) ?? [] }];
    });
    return page(out, total, q);
  });
}

const MAX_CLASSES = 500;

/** Classes of one of my plans on a day (today by default) or in the seven days from weekOf, within the plan's dates. */
export async function myClasses(ctx: MemberCtx, q: z.output<typeof ZPlanClassesRequest>): Promise<TPlanClass[]> {
  const today = schoolClock(ctx).date;
  const me = ctx.auth.accountId;
  const from = q.weekOf ?? q.date ?? today;
  const to = q.weekOf ? addDays(q.weekOf, 6) : from;
  return inSchool(ctx, async (tx) => {
    const plan = await repo.myPlanAccess(tx, q.planId, me);
    if (!plan) throw new AppError('common.notFound');
    if (!plan.mine) throw new AppError('plan.notSupervisor');
    // An unpublished plan is not one to work from yet, as the list of my plans shows.
    if (!plan.published) throw new AppError('common.notFound');
    const rows = await repo.planClasses(tx, q.planId, me, { from, to, keyword: q.keyword }, MAX_CLASSES);
    return rows.map(await classPresenter(ctx, tx));
  });
}
