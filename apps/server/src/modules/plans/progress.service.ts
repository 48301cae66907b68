/**
 * How plans are going: per plan (supervisors and courses), the published plans with who is behind
 * (/back/targetAdvance), every supervisor of the plans running today (/back/SteeringList), and a
 * supervisor's own plans with the classes they can attend (/LessonEvaluationPlan).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { addDays, formatHm, type TMyPlan, type TPlanClass, type TPlanProgress, type TSupervisorProgress, type ZMyPlansRequest, type ZPlanClassesRequest, type ZPlanListRequest, type ZSteeringListRequest } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { containsPattern, inSchool } from '../../platform/tenancy.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import { groupsOfMembers } from '../supervision/supervision.service.ts';
import { phaseSql, planSummaries, planWhere, supervisorStatsSql } from './plan-summary.ts';
import { idList, isoOrNull, page, rowsOf } from '../../platform/sql-rows.ts';

// ---------------------------------------------------------------- one plan

async function readProgress(tx: Tx, ctx: MemberCtx, planId: string): Promise<TPlanProgress> {
  const me = ctx.auth.accountId;
  const plan = (await planSummaries(tx, [planId], me, schoolClock(ctx).date)).get(planId);
  if (!plan) throw new AppError('common.notFound');
  const sup = await tx.execute(sql`
    select ps.account_id::text as "userId", a.name, a.account, g.name as "groupName", coalesce(e.n, 0)::int as attended, e.last as "lastEvaluatedAt"
    from plan_supervisors ps
    join accounts a on a.id = ps.account_id
    left join supervision_groups g on g.school_id = ps.school_id and g.id = ps.group_id
    left join (
      select evaluator_id, count(distinct course_session_id)::int as n, max(submitted_at) as last from evaluations
      where plan_id = ${planId} and status = 'submitted' group by evaluator_id
    ) e on e.evaluator_id = ps.account_id
    where ps.plan_id = ${planId}
    order by a.name, a.id`);
  const crs = await tx.execute(sql`
    select c.id::text as "courseId", c.code, c.name, t.id::text as "teacherId", t.name as "teacherName", t.account as "teacherAccount",
      coalesce(e.n, 0)::int as evaluations, coalesce(e.sup, 0)::int as supervisors, e.avg as "averageScore", e.last as "lastEvaluatedAt"
    from plan_courses pc
    join courses c on c.school_id = pc.school_id and c.id = pc.course_id
    join accounts t on t.id = c.teacher_id
    left join (
      select course_id, count(*)::int as n, count(distinct evaluator_id)::int as sup, avg(total_score) as avg, max(submitted_at) as last from evaluations
      where plan_id = ${planId} and status = 'submitted' group by course_id
    ) e on e.course_id = c.id
    where pc.plan_id = ${planId}
    order by c.code, c.id`);
  type S = { userId: string; name: string; account: string; groupName: string | null; attended: number; lastEvaluatedAt: string | Date | null };
  type C = { courseId: string; code: string; name: string; teacherId: string; teacherName: string; teacherAccount: string; evaluations: number; supervisors: number; averageScore: number | string | null; lastEvaluatedAt: string | Date | null };
  const required = plan.minClasses;
  return {
    plan,
    supervisors: rowsOf<S>(sup).map((s) => {
      const attended = Number(s.attended);
      return { userId: s.userId, name: s.name, account: s.account, groupName: s.groupName, attended, required, remaining: Math.max(0, required - attended), behind: attended < required, lastEvaluatedAt: isoOrNull(s.lastEvaluatedAt) };
    }),
    courses: rowsOf<C>(crs).map((c) => ({
      courseId: c.courseId, code: c.code, name: c.name, teacher: { userId: c.teacherId, name: c.teacherName, account: c.teacherAccount },
      evaluations: Number(c.evaluations), supervisors: Number(c.supervisors),
      averageScore: c.averageScore == null ? null : Math.round(Number(c.averageScore) * 100) / 100,
      lastEvaluatedAt: isoOrNull(c.lastEvaluatedAt),
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
    const where = planWhere('p', { ...q, tab: 'all', published: true }, me, today);
    const scope = planWhere('pp', { ...q, tab: 'all', published: true }, me, today);
    const res = await tx.execute(sql`
      select p.id::text as id, (count(*) over ())::int as total
      from supervision_plans p left join ${supervisorStatsSql(scope, me)} s on s.plan_id = p.id
      where ${where}
      order by coalesce(s.behind, 0) desc, p.end_date asc, p.id desc
      limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`);
    const rows = rowsOf<{ id: string; total: number }>(res);
    let total = Number(rows[0]?.total ?? 0);
    if (!rows.length && q.pageNum > 1) {
      total = Number(rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from supervision_plans p where ${where}`))[0]?.n ?? 0);
    }
    const summaries = await planSummaries(tx, rows.map((r) => r.id), me, today);
    return page(rows.flatMap((r) => summaries.get(r.id) ?? []), total, q);
  });
}

// ---------------------------------------------------------------- supervisors of the plans running today

export async function steeringList(ctx: MemberCtx, q: z.output<typeof ZSteeringListRequest>) {
  const today = schoolClock(ctx).date;
  return inSchool(ctx, async (tx) => {
    const f: SQL[] = [sql`true`];
    if (q.keyword) f.push(sql`(a.name ilike ${containsPattern(q.keyword)} or a.account ilike ${containsPattern(q.keyword)})`);
    if (q.groupId) f.push(sql`exists (select 1 from supervision_group_members m where m.group_id = ${q.groupId} and m.account_id = agg.account_id)`);
    if (q.behindOnly) f.push(sql`agg.behind_plans > 0`);
    const res = await tx.execute(sql`
      with per_plan as (
        select ps.account_id, p.min_classes, least(e.n, p.min_classes) as att
        from supervision_plans p
        join plan_supervisors ps on ps.school_id = p.school_id and ps.plan_id = p.id
        cross join lateral (
          select count(distinct ev.course_session_id)::int as n from evaluations ev
          where ev.school_id = p.school_id and ev.plan_id = p.id and ev.evaluator_id = ps.account_id and ev.status = 'submitted'
        ) e
        where p.published and ${phaseSql('p', 'inProgress', today)}
      ), agg as (
        select account_id, count(*)::int as plan_count, sum(att)::int as attended, sum(min_classes)::int as required,
          (count(*) filter (where att < min_classes))::int as behind_plans
        from per_plan group by account_id
      )
      select agg.account_id::text as "userId", a.name, a.account, agg.plan_count as "planCount", agg.attended, agg.required,
        agg.behind_plans as "behindPlans", (count(*) over ())::int as total
      from agg join accounts a on a.id = agg.account_id
      where ${sql.join(f, sql` and `)}
      order by a.name, a.id
      limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`);
    type Row = { userId: string; name: string; account: string; planCount: number; attended: number; required: number; behindPlans: number; total: number };
    const rows = rowsOf<Row>(res);
    const groups = await groupsOfMembers(tx, rows.map((r) => r.userId));
    const list = rows.map((r) => ({
      userId: r.userId, name: r.name, account: r.account, groups: (groups.get(r.userId) ?? []).map((g) => g.name),
      planCount: Number(r.planCount), attended: Number(r.attended), required: Number(r.required), behindPlans: Number(r.behindPlans),
    }));
    // Past the last page the window count is gone: the list is empty, so is the answer's total.
    return page(list, Number(rows[0]?.total ?? 0), q);
  });
}

// ---------------------------------------------------------------- a supervisor's own plans

type ClassRow = {
  planId: string; courseSessionId: string; courseId: string; courseName: string; courseCode: string; teacherName: string; classroomName: string | null;
  lessonDate: string; sessionStart: number; sessionEnd: number; startMinute: number | null; endMinute: number | null; evaluation: TPlanClass['evaluation'];
};

/** The class columns, from plan p joined to its courses' meetings cs, with my evaluation of each. */
const classSelect = (me: string) => sql`
  select p.id::text as "planId", cs.id::text as "courseSessionId", c.id::text as "courseId", c.name as "courseName", c.code as "courseCode",
    t.name as "teacherName", case when r.id is null then null else b.name || ' ' || r.name end as "classroomName",
    cs.lesson_date::text as "lessonDate", cs.session_start as "sessionStart", cs.session_end as "sessionEnd",
    st1.start_minute as "startMinute", st2.end_minute as "endMinute", coalesce(ev.status, 'none') as evaluation
  from supervision_plans p
  join plan_courses pc on pc.school_id = p.school_id and pc.plan_id = p.id
  join course_sessions cs on cs.school_id = pc.school_id and cs.course_id = pc.course_id
  join courses c on c.school_id = cs.school_id and c.id = cs.course_id
  join accounts t on t.id = c.teacher_id
  left join classrooms r on r.school_id = cs.school_id and r.id = cs.classroom_id
  left join buildings b on b.school_id = r.school_id and b.id = r.building_id
  left join session_times st1 on st1.school_id = cs.school_id and st1.session_no = cs.session_start
  left join session_times st2 on st2.school_id = cs.school_id and st2.session_no = cs.session_end
  left join evaluations ev on ev.school_id = p.school_id and ev.plan_id = p.id and ev.evaluator_id = ${me} and ev.course_session_id = cs.id`;

const presentClass = (r: ClassRow): TPlanClass => ({
  courseSessionId: r.courseSessionId, courseId: r.courseId, courseName: r.courseName, courseCode: r.courseCode, teacherName: r.teacherName,
  classroomName: r.classroomName, lessonDate: r.lessonDate, sessionStart: Number(r.sessionStart), sessionEnd: Number(r.sessionEnd),
  startTime: r.startMinute == null ? null : formatHm(Number(r.startMinute)), endTime: r.endMinute == null ? null : formatHm(Number(r.endMinute)),
  evaluation: r.evaluation,
});

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
    const where = sql.join([
      sql`p.published`,
      sql`exists (select 1 from plan_supervisors j where j.school_id = p.school_id and j.plan_id = p.id and j.account_id = ${me})`,
      ...(q.phase ? [phaseSql('p', q.phase, today)] : []),
      ...(q.keyword ? [sql`p.name ilike ${containsPattern(q.keyword)}`] : []),
    ], sql` and `);
    const res = await tx.execute(sql`
      select p.id::text as id, (count(*) over ())::int as total from supervision_plans p where ${where}
      order by case when ${phaseSql('p', 'inProgress', today)} then 0 when ${phaseSql('p', 'notStarted', today)} then 1 else 2 end,
        p.start_date, p.id desc
      limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`);
    const rows = rowsOf<{ id: string; total: number }>(res);
    const ids = rows.map((r) => r.id);
    if (!ids.length) {
      const n = q.pageNum > 1 ? Number(rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from supervision_plans p where ${where}`))[0]?.n ?? 0) : 0;
      return page<TMyPlan>([], n, q);
    }
    const list = idList(ids);
    const summaries = await planSummaries(tx, ids, me, today);
    const mine = await tx.execute(sql`
      select plan_id::text as "planId", count(distinct course_session_id)::int as n from evaluations
      where plan_id in (${list}) and evaluator_id = ${me} and status = 'submitted' group by plan_id`);
    const next = await tx.execute(sql`
      select * from (
        select x.*, row_number() over (partition by x."planId" order by x."lessonDate", x."sessionStart", x."courseCode", x."courseSessionId") as rn
        from (${classSelect(me)}
          where p.id in (${list})
            and cs.lesson_date >= greatest(p.start_date, ${today}::date) and cs.lesson_date <= p.end_date
            and (cs.lesson_date > ${today}::date or st2.end_minute is null or st2.end_minute > ${clock.minute})) x
      ) y where rn <= ${NEXT_CLASSES} order by "planId", rn`);
    const attended = new Map(rowsOf<{ planId: string; n: number }>(mine).map((r) => [r.planId, Number(r.n)]));
    const classes = new Map<string, TPlanClass[]>();
    for (const r of rowsOf<ClassRow>(next)) classes.set(r.planId, [...(classes.get(r.planId) ?? []), presentClass(r)]);
    const out: TMyPlan[] = ids.flatMap((id) => {
      const s = summaries.get(id);
      if (!s) return [];
      // My own count is not capped at the minimum: a supervisor sees every class they attended.
      return [{ ...s, myAttended: attended.get(id) ?? 0, myRequired: s.minClasses, nextClasses: classes.get(id) ?? [] }];
    });
    return page(out, Number(rows[0]?.total ?? 0), q);
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
    const res = await tx.execute(sql`
      select p.published, exists (select 1 from plan_supervisors j where j.school_id = p.school_id and j.plan_id = p.id and j.account_id = ${me}) as mine
      from supervision_plans p where p.id = ${q.planId}`);
    const [plan] = rowsOf<{ published: boolean; mine: boolean }>(res);
    if (!plan) throw new AppError('common.notFound');
    if (!plan.mine) throw new AppError('plan.notSupervisor');
    // An unpublished plan is not one to work from yet, as the list of my plans shows.
    if (!plan.published) throw new AppError('common.notFound');
    const kw = q.keyword ? containsPattern(q.keyword) : null;
    const rows = await tx.execute(sql`${classSelect(me)}
      where p.id = ${q.planId}
        and cs.lesson_date between greatest(p.start_date, ${from}::date) and least(p.end_date, ${to}::date)
        ${kw ? sql`and (c.name ilike ${kw} or c.code ilike ${kw} or t.name ilike ${kw})` : sql``}
      order by cs.lesson_date, cs.session_start, c.code, cs.id
      limit ${MAX_CLASSES}`);
    return rowsOf<ClassRow>(rows).map(presentClass);
  });
}
