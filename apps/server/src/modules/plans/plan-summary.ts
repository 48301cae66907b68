/**
 * What every plan screen shows of a plan: its summary with progress, computed for a whole page in
 * one statement (grouped subqueries, no query per plan), and the list filters as SQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import { planPhase, type TPlanPhase, type TPlanSummary } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';
import { idList, iso, rowsOf } from '../../platform/sql-rows.ts';


/**
 * Per plan in `scope` (a condition on alias pp): its supervisors, the classes they attended (distinct
 * classes with a submitted evaluation, at most the minimum counted per supervisor), how many are
 * still under the minimum, and whether `me` is one of them.
 */
export const supervisorStatsSql = (scope: SQL, me: string) => sql`(
  select pp.id as plan_id, count(*)::int as supervisors,
    coalesce(sum(least(e.n, pp.min_classes)), 0)::int as attended,
    (count(*) filter (where e.n < pp.min_classes))::int as behind,
    bool_or(ps.account_id = ${me}) as joined
  from supervision_plans pp
  join plan_supervisors ps on ps.school_id = pp.school_id and ps.plan_id = pp.id
  cross join lateral (
    select count(distinct ev.course_session_id)::int as n from evaluations ev
    where ev.school_id = pp.school_id and ev.plan_id = pp.id and ev.evaluator_id = ps.account_id and ev.status = 'submitted'
  ) e
  where ${scope}
  group by pp.id)`;

/** A phase as a condition on the plan's dates (alias a), so the filter runs in SQL. */
export function phaseSql(a: string, phase: TPlanPhase, today: string): SQL {
  const col = (c: string) => sql.raw(`${a}.${c}`);
  if (phase === 'notStarted') return sql`${col('start_date')} > ${today}`;
  if (phase === 'ended') return sql`${col('end_date')} < ${today}`;
  return sql`${col('start_date')} <= ${today} and ${col('end_date')} >= ${today}`;
}

export type PlanFilters = {
  tab?: 'all' | 'mine' | 'joined' | undefined;
  keyword?: string | undefined;
  phase?: TPlanPhase | undefined;
  published?: boolean | undefined;
  evaluationType?: string | undefined;
};

/** The list filters as one condition on the plans under alias `a`. */
export function planWhere(a: string, q: PlanFilters, me: string, today: string): SQL {
  const col = (c: string) => sql.raw(`${a}.${c}`);
  const f: SQL[] = [sql`true`];
  if (q.keyword) f.push(sql`${col('name')} ilike ${containsPattern(q.keyword)}`);
  if (q.phase) f.push(phaseSql(a, q.phase, today));
  if (q.published !== undefined) f.push(sql`${col('published')} = ${q.published}`);
  if (q.evaluationType) f.push(sql`${col('evaluation_type')} = ${q.evaluationType}`);
  if (q.tab === 'mine') f.push(sql`${col('created_by')} = ${me}`);
  if (q.tab === 'joined') {
    f.push(sql`exists (select 1 from plan_supervisors j where j.school_id = ${col('school_id')} and j.plan_id = ${col('id')} and j.account_id = ${me})`);
  }
  return sql.join(f, sql` and `);
}

export type PlanSummaryRow = TPlanSummary & { description: string | null };

type Row = {
  planId: string; name: string; evaluationType: TPlanSummary['evaluationType']; templateId: string; templateVersionId: string;
  templateName: string; templateVersion: number; totalScore: number; startDate: string; endDate: string; published: boolean;
  anonymous: boolean; teacherCanView: boolean; minClasses: number; description: string | null; creatorId: string | null;
  creatorName: string | null; creatorAccount: string | null; createdAt: string | Date; courseCount: number; supervisorCount: number;
  attended: number; behind: number; joined: boolean;
};

/** Summaries of some plans of the school, by id (ids not found are simply missing from the map). */
export async function planSummaries(tx: Tx, ids: readonly string[], me: string, today: string): Promise<Map<string, PlanSummaryRow>> {
  if (!ids.length) return new Map();
  const list = idList([...new Set(ids)]);
  const res = await tx.execute(sql`
    select p.id::text as "planId", p.name, p.evaluation_type as "evaluationType", p.template_id::text as "templateId",
      p.template_version_id::text as "templateVersionId", tv.name as "templateName", tv.version as "templateVersion", tv.total_score as "totalScore",
      p.start_date::text as "startDate", p.end_date::text as "endDate", p.published, p.anonymous, p.teacher_can_view as "teacherCanView",
      p.min_classes as "minClasses", p.description, p.created_by::text as "creatorId", cr.name as "creatorName", cr.account as "creatorAccount",
      p.created_at as "createdAt",
      (select count(*) from plan_courses pc where pc.school_id = p.school_id and pc.plan_id = p.id)::int as "courseCount",
      coalesce(s.supervisors, 0)::int as "supervisorCount", coalesce(s.attended, 0)::int as attended, coalesce(s.behind, 0)::int as behind,
      coalesce(s.joined, false) as joined
    from supervision_plans p
    join template_versions tv on tv.school_id = p.school_id and tv.id = p.template_version_id
    left join accounts cr on cr.id = p.created_by
    left join ${supervisorStatsSql(sql`pp.id in (${list})`, me)} s on s.plan_id = p.id
    where p.id in (${list})`);
  const out = new Map<string, PlanSummaryRow>();
  for (const r of rowsOf<Row>(res)) {
    const minClasses = Number(r.minClasses);
    const supervisorCount = Number(r.supervisorCount);
    out.set(r.planId, {
      planId: r.planId,
      name: r.name,
      evaluationType: r.evaluationType,
      template: { templateId: r.templateId, templateVersionId: r.templateVersionId, name: r.templateName, version: Number(r.templateVersion), totalScore: Number(r.totalScore) },
      startDate: r.startDate,
      endDate: r.endDate,
      published: r.published,
      phase: planPhase(r.startDate, r.endDate, today),
      anonymous: r.anonymous,
      teacherCanView: r.teacherCanView,
      minClasses,
      courseCount: Number(r.courseCount),
      supervisorCount,
      creator: r.creatorId ? { userId: r.creatorId, name: r.creatorName ?? '', account: r.creatorAccount ?? '' } : null,
      createdAt: iso(r.createdAt),
      attended: Number(r.attended),
      required: supervisorCount * minClasses,
      behind: Number(r.behind),
      createdByMe: r.creatorId === me,
      joinedByMe: r.joined,
      description: r.description,
    });
  }
  return out;
}
