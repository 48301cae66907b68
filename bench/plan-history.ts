/**
 * The plans benchmark's history, shared by the benchmarks that measure screens over it (plans,
 * follow-up): published plans in progress over the school's courses and teachers, their supervisors (the
 * school's supervisors and teachers),
 * and submitted evaluations, in four set-based statements.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { addDays } from '@hxk/contracts';
import type { Tx } from '../apps/server/src/platform/db.ts';
import { supervisionPlans } from '../apps/server/src/db/schema/index.ts';

export type PlanHistorySize = { plans: number; coursesPerPlan: number; supervisorsPerPlan: number; minClasses: number; evaluationsPerSupervisor: number };
type Step = <T>(label: string, fn: () => Promise<T>) => Promise<T>;

/** Adds plans named 'Bench plan N' (copies of the school's first plan), each over a spread of courses, with supervisors drawn from the school's supervisors and teachers. */
export async function addPlanHistory(tx: Tx, schoolId: string, today: string, p: PlanHistorySize, step: Step = (_label, fn) => fn()) {
  const [seedPlan] = await tx.select().from(supervisionPlans).where(eq(supervisionPlans.schoolId, schoolId)).orderBy(asc(supervisionPlans.id)).limit(1);
  await step('plans', () => tx.execute(sql`
    insert into supervision_plans (school_id, name, evaluation_type, template_id, template_version_id, semester_id, start_date, end_date, min_classes, published, published_at)
    select ${schoolId}, 'Bench plan ' || g, 'ordinary', ${seedPlan!.templateId}, ${seedPlan!.templateVersionId}, ${seedPlan!.semesterId},
      ${addDays(today, -30)}::date, ${addDays(today, 30)}::date, ${p.minClasses}, true, now()
    from generate_series(1, ${p.plans}) g`));
  await step('plan courses', () => tx.execute(sql`
    with plans as (select id, row_number() over (order by id) as n from supervision_plans where school_id = ${schoolId} and name like 'Bench plan %'),
         cs as (select id, row_number() over (order by code, id) as n, count(*) over () as total from courses where school_id = ${schoolId})
    insert into plan_courses (school_id, plan_id, course_id)
    select ${schoolId}, plans.id, cs.id from plans join cs on ((cs.n - plans.n * 7) % cs.total + cs.total) % cs.total < ${p.coursesPerPlan}`));
  await step('plan supervisors', () => tx.execute(sql`
    with plans as (select id, row_number() over (order by id) as n from supervision_plans where school_id = ${schoolId} and name like 'Bench plan %'),
         t as (select account_id as id, row_number() over (order by account_id) as n, count(*) over () as total from school_memberships where school_id = ${schoolId} and identity in (3, 4))
    insert into plan_supervisors (school_id, plan_id, account_id)
    select ${schoolId}, plans.id, t.id from plans join t on ((t.n - plans.n * 3) % t.total + t.total) % t.total < ${p.supervisorsPerPlan}`));
  await step('evaluations', () => tx.execute(sql`
    insert into evaluations (school_id, plan_id, template_version_id, course_session_id, course_id, teacher_id, evaluator_id, kind, status, answers, total_score, submitted_at)
    select ${schoolId}, pp.id, pp.template_version_id, s.id, s.course_id, s.teacher_id, ps.account_id, 'plan', 'submitted', '{}'::jsonb, 80, now() - interval '1 day'
    from supervision_plans pp
    join plan_supervisors ps on ps.school_id = pp.school_id and ps.plan_id = pp.id
    cross join lateral (
      select cs.id, cs.course_id, c.teacher_id from course_sessions cs
      join plan_courses pc on pc.school_id = cs.school_id and pc.plan_id = pp.id and pc.course_id = cs.course_id
      join courses c on c.school_id = cs.school_id and c.id = cs.course_id
      where cs.school_id = pp.school_id and cs.lesson_date between pp.start_date and ${today}::date
      order by (cs.id * 31 + ps.account_id) % 9973
      limit ${p.evaluationsPerSupervisor}
    ) s
    where pp.school_id = ${schoolId} and pp.name like 'Bench plan %'`));
}
