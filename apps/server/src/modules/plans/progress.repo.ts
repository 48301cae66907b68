/**
 * The SQL of how plans are going: a plan's supervisors and courses, published plans by who is behind,
 * the supervisors of the plans running today, and a supervisor's own plans and classes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { TPlanPhase } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';
import { col, idList, queryRow, queryRows } from '../../platform/sql-rows.ts';
import { phaseSql, planIdPage, planWhere, supervisorStats, type PageQuery, type PlanFilters } from './plans.repo.ts';

// ---------------------------------------------------------------- one plan

const SupervisorRow = z.object({
  userId: col.text, name: col.text, account: col.text, groupName: col.textOrNull, attended: col.int, lastEvaluatedAt: col.tsOrNull,
});

/** The plan's supervisors with the distinct classes they attended (submitted) and when last, by name. */
export function supervisorProgress(tx: Tx, planId: string) {
  // index: plan_supervisors_school_id_plan_id_account_id_pk (school_id, plan_id, account_id)
  // index: evaluations_plan_idx (school_id, plan_id, status, evaluator_id)
  return queryRows(tx, SupervisorRow, sql`
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
}

const CourseRow = z.object({
  courseId: col.text, code: col.text, name: col.text, teacherId: col.text, teacherName: col.text, teacherAccount: col.text,
  evaluations: col.int, supervisors: col.int, averageScore: col.numOrNull, lastEvaluatedAt: col.tsOrNull,
});

/** The plan's courses with their submitted evaluations, evaluators, average score and last one, by code. */
export function courseProgress(tx: Tx, planId: string) {
  // index: plan_courses_school_id_plan_id_course_id_pk (school_id, plan_id, course_id)
  // index: evaluations_plan_idx (school_id, plan_id, status, evaluator_id)
  return queryRows(tx, CourseRow, sql`
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
}

// ---------------------------------------------------------------- published plans by who is behind

/** A page of published plans matching the filters, most supervisors behind first, then the soonest to end. */
export function plansByBehind(tx: Tx, q: PlanFilters & PageQuery, me: string, today: string) {
  const where = planWhere('p', { ...q, tab: 'all', published: true }, me, today);
  // index: supervision_plans_dates_idx (school_id, published, end_date, start_date)
  // index: evaluations_plan_idx (school_id, plan_id, status, evaluator_id) for the classes attended
  return planIdPage(tx, sql`
    select p.id::text as id, (count(*) over ())::int as total
    from supervision_plans p left join ${supervisorStats(me)}
    where ${where}
    order by coalesce(s.behind, 0) desc, p.end_date asc, p.id desc
    limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`, where, q);
}

// ---------------------------------------------------------------- supervisors of the plans running today

export type SteeringFilters = PageQuery & { keyword?: string | undefined; groupId?: string | undefined; behindOnly?: boolean | undefined };

const SteeringRow = z.object({
  userId: col.text, name: col.text, account: col.text, planCount: col.int, attended: col.int, required: col.int, behindPlans: col.int, total: col.int,
});

/**
 * A page of the supervisors of the published plans running today, by name, with their plans, the
 * classes attended (at most the minimum per plan), required, and plans behind; each row carries the total.
 */
export function steeringPage(tx: Tx, q: SteeringFilters, today: string) {
  const f: SQL[] = [sql`true`];
  if (q.keyword) f.push(sql`(a.name ilike ${containsPattern(q.keyword)} or a.account ilike ${containsPattern(q.keyword)})`);
  if (q.groupId) f.push(sql`exists (select 1 from supervision_group_members m where m.group_id = ${q.groupId} and m.account_id = agg.account_id)`);
  if (q.behindOnly) f.push(sql`agg.behind_plans > 0`);
  // index: supervision_plans_dates_idx (school_id, published, end_date, start_date)
  // index: evaluations_plan_idx (school_id, plan_id, status, evaluator_id)
  return queryRows(tx, SteeringRow, sql`
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
}

// ---------------------------------------------------------------- a supervisor's own plans

const ClassRow = z.object({
  planId: col.text, courseSessionId: col.text, courseId: col.text, courseName: col.text, courseCode: col.text, teacherName: col.text,
  classroomName: col.textOrNull, lessonDate: col.text, sessionStart: col.int, sessionEnd: col.int, startMinute: col.intOrNull, endMinute: col.intOrNull,
  evaluation: col.oneOf(['none', 'draft', 'submitted']),
});
export type ClassRow = z.output<typeof ClassRow>;

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

export type MyPlanFilters = PageQuery & { phase?: TPlanPhase | undefined; keyword?: string | undefined };

/** A page of the published plans I supervise: running ones first, then those to come, then ended ones. */
export function myPlanPage(tx: Tx, q: MyPlanFilters, me: string, today: string) {
  const where = sql.join([
    sql`p.published`,
    sql`exists (select 1 from plan_supervisors j where j.school_id = p.school_id and j.plan_id = p.id and j.account_id = ${me})`,
    ...(q.phase ? [phaseSql('p', q.phase, today)] : []),
    ...(q.keyword ? [sql`p.name ilike ${containsPattern(q.keyword)}`] : []),
  ], sql` and `);
  // index: plan_supervisors_account_idx (school_id, account_id)
  return planIdPage(tx, sql`
    select p.id::text as id, (count(*) over ())::int as total from supervision_plans p where ${where}
    order by case when ${phaseSql('p', 'inProgress', today)} then 0 when ${phaseSql('p', 'notStarted', today)} then 1 else 2 end,
      p.start_date, p.id desc
    limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`, where, q);
}

const Attended = z.object({ planId: col.text, n: col.int });

/** Per plan, the distinct classes I attended (submitted evaluations); plans with none are missing. */
export function myAttended(tx: Tx, planIds: string[], me: string) {
  // index: evaluations_plan_idx (school_id, plan_id, status, evaluator_id)
  return queryRows(tx, Attended, sql`
    select plan_id::text as "planId", count(distinct course_session_id)::int as n from evaluations
    where plan_id in (${idList(planIds)}) and evaluator_id = ${me} and status = 'submitted' group by plan_id`);
}

/**
 * The next `limit` classes of each plan's courses from now (today's by the school's minute of the
 * day, until their last session ends) within the plan's dates, by plan then time.
 */
export function nextClasses(tx: Tx, planIds: string[], me: string, now: { date: string; minute: number }, limit: number) {
  // index: course_sessions_course_day_idx (school_id, course_id, lesson_date) for the courses' meetings in the dates
  // index: evaluations_plan_class_uq (school_id, plan_id, evaluator_id, course_session_id) for my evaluation of each
  return queryRows(tx, ClassRow, sql`
    select * from (
      select x.*, row_number() over (partition by x."planId" order by x."lessonDate", x."sessionStart", x."courseCode", x."courseSessionId") as rn
      from (${classSelect(me)}
        where p.id in (${idList(planIds)})
          and cs.lesson_date >= greatest(p.start_date, ${now.date}::date) and cs.lesson_date <= p.end_date
          and (cs.lesson_date > ${now.date}::date or st2.end_minute is null or st2.end_minute > ${now.minute})) x
    ) y where rn <= ${limit} order by "planId", rn`);
}

const MyPlan = z.object({ published: col.bool, mine: col.bool });

/** Whether the plan is published and whether I supervise it; undefined when it is not a plan of this school. */
export function myPlanAccess(tx: Tx, planId: string, me: string) {
  return queryRow(tx, MyPlan, sql`
    select p.published, exists (select 1 from plan_supervisors j where j.school_id = p.school_id and j.plan_id = p.id and j.account_id = ${me}) as mine
    from supervision_plans p where p.id = ${planId}`);
}

/** The plan's classes between two dates within the plan's dates, matching a keyword on course or teacher, by time. */
export function planClasses(tx: Tx, planId: string, me: string, range: { from: string; to: string; keyword?: string | undefined }, limit: number) {
  const kw = range.keyword ? containsPattern(range.keyword) : null;
  // index: course_sessions_course_day_idx (school_id, course_id, lesson_date) for the courses' meetings in the dates
  return queryRows(tx, ClassRow, sql`${classSelect(me)}
    where p.id = ${planId}
      and cs.lesson_date between greatest(p.start_date, ${range.from}::date) and least(p.end_date, ${range.to}::date)
      ${kw ? sql`and (c.name ilike ${kw} or c.code ilike ${kw} or t.name ilike ${kw})` : sql``}
    order by cs.lesson_date, cs.session_start, c.code, cs.id
    limit ${limit}`);
}
