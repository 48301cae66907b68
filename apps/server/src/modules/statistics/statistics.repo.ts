/**
 * Evaluation statistics' SQL (docs/decisions/0024-statistics.md). Every figure is one grouped query
 * over the submitted evaluations of a semester that pass the shared filters (the school side), with
 * a boolean `s` per row telling whether it is also in the scope (unit, teacher, course, and the
 * reader's reach): the scope's and the school's figures come out of the same scan. Teachers teaching
 * come from the semester's courses under the same scope.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { EVALUATION_KINDS } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { col, queryRow, queryRows } from '../../platform/sql-rows.ts';
import type { TEvaluationStatsFilters, TScoreBand } from '@hxk/contracts';

/** Whose figures the reader may see: the whole school, the departments and teachers they supervise, or their own. */
export type StatsReach =
  | { kind: 'school' }
  | { kind: 'selected'; accountId: string; byUnits: boolean; byTeachers: boolean }
  | { kind: 'self'; teacherId: string };

export type Filters = Omit<TEvaluationStatsFilters, 'semesterId'> & {
  semesterId: string;
  /** Read the scope's rows only (their school-side figures are then the scope's, for the caller to replace). */
  scopeRowsOnly?: boolean;
};

/** Units (a select of ids) and every unit under them. */
export const unitTree = (roots: SQL) => sql`(with recursive u(id) as (${roots} union all select o.id from org_units o join u on o.parent_id = u.id) select id from u)`;

/** The reader's reach over a course (alias c): as patrol reach decides rooms (live/patrol-scope.ts). */
export function courseInReach(reach: StatsReach): SQL {
  switch (reach.kind) {
    case 'school': return sql`true`;
    case 'self': return sql`c.teacher_id = ${reach.teacherId}`;
    case 'selected': {
      const parts: SQL[] = [];
      // index: member_scope_units_school_id_account_id_org_unit_id_pk, member_scope_teachers_school_id_account_id_teacher_id_pk
      if (reach.byUnits) parts.push(sql`c.org_unit_id in ${unitTree(sql`select su.org_unit_id from member_scope_units su where su.account_id = ${reach.accountId}`)}`);
      if (reach.byTeachers) parts.push(sql`c.teacher_id in (select st.teacher_id from member_scope_teachers st where st.account_id = ${reach.accountId})`);
      return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
    }
  }
}

/** The scope's subject over a course (alias c) and, for evaluations, its teacher column. */
export function subject(f: Filters, reach: StatsReach, teacherCol: SQL): SQL {
  const w: SQL[] = [courseInReach(reach)];
  if (f.orgUnitId) w.push(sql`c.org_unit_id in ${unitTree(sql`select ${f.orgUnitId}::bigint`)}`);
  if (f.teacherId) w.push(sql`${teacherCol} = ${f.teacherId}`);
  if (f.courseId) w.push(sql`c.id = ${f.courseId}`);
  return sql.join(w, sql` and `);
}

/** The score that counts: the latest resolved appeal's score after appeal, else the evaluator's total (as reports.repo). */
// index: appeals_evaluation_idx (school_id, evaluation_id)
const counted = sql`coalesce((select a.score_after from appeals a where a.school_id = e.school_id and a.evaluation_id = e.id and a.status = 'resolved'
  order by a.handled_at desc, a.id desc limit 1), e.total_score)`;

const evaluationsFrom = sql`from evaluations e
  join courses c on c.school_id = e.school_id and c.id = e.course_id
  join course_sessions cs on cs.school_id = e.school_id and cs.id = e.course_session_id
  join template_versions tv on tv.school_id = e.school_id and tv.id = e.template_version_id
  left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id`;

/** The school side: submitted evaluations of the semester's courses passing the shared filters. */
function schoolWhere(f: Filters): SQL {
  const w: SQL[] = [sql`e.status = 'submitted'`, sql`c.semester_id = ${f.semesterId}`];
  if (f.from) w.push(sql`cs.lesson_date >= ${f.from}`);
  if (f.to) w.push(sql`cs.lesson_date <= ${f.to}`);
  if (f.templateId) w.push(sql`tv.template_id = ${f.templateId}`);
  if (f.planId) w.push(sql`e.plan_id = ${f.planId}`);
  if (f.evaluationType) w.push(sql`p.evaluation_type = ${f.evaluationType}`);
  if (f.kind) w.push(sql`e.kind = ${f.kind}`);
  return sql.join(w, sql` and `);
}

/** The scope side of an evaluation row; a teacher reads only what their plan lets teachers see. */
function evaluationScope(f: Filters, reach: StatsReach): SQL {
  const s = subject(f, reach, sql`e.teacher_id`);
  return reach.kind === 'self' ? sql`${s} and e.teacher_id = ${reach.teacherId} and (e.plan_id is null or p.teacher_can_view)` : s;
}

/** Rows r(id, teacher_id, org_unit_id, week, pct, s) as a CTE. */
function rowsCte(f: Filters, reach: StatsReach): SQL {
  // index: courses_unit_idx (school_id, semester_id, org_unit_id), then evaluations_course_idx (school_id, course_id, status)
  return sql`with r as (
    select e.id, e.teacher_id, c.org_unit_id, cs.week, (${counted} / nullif(tv.total_score, 0) * 100) as pct, (${evaluationScope(f, reach)}) as s
    ${evaluationsFrom} where ${schoolWhere(f)}${f.scopeRowsOnly ? sql` and ${evaluationScope(f, reach)}` : sql``})`;
}

/** The semester's courses (alias c) that count as teaching: a class in the date range, a course of the plan. */
function teachingWhere(f: Filters): SQL {
  const w: SQL[] = [sql`c.semester_id = ${f.semesterId}`];
  if (f.from || f.to) {
    const d: SQL[] = [sql`cs.course_id = c.id`];
    if (f.from) d.push(sql`cs.lesson_date >= ${f.from}`);
    if (f.to) d.push(sql`cs.lesson_date <= ${f.to}`);
    // index: course_sessions_slot_uq (school_id, course_id, week, weekday, session_start)
    w.push(sql`exists (select 1 from course_sessions cs where cs.school_id = c.school_id and ${sql.join(d, sql` and `)})`);
  }
  // index: plan_courses_school_id_plan_id_course_id_pk (school_id, plan_id, course_id)
  if (f.planId) w.push(sql`c.id in (select pc.course_id from plan_courses pc where pc.plan_id = ${f.planId})`);
  return sql.join(w, sql` and `);
}

// ---------------------------------------------------------------- figures

const Figures = z.object({ n: col.int, te: col.int, m: col.numOrNull, sn: col.int, ste: col.int, sm: col.numOrNull });

/** Evaluations, teachers evaluated and mean percent of the scope and of the school. */
export function figures(tx: Tx, f: Filters, reach: StatsReach) {
  return queryRow(tx, Figures, sql`${rowsCte(f, reach)}
    select (count(*) filter (where s))::int as n, (count(distinct teacher_id) filter (where s))::int as te, avg(pct) filter (where s) as m,
      count(*)::int as sn, count(distinct teacher_id)::int as ste, avg(pct) as sm from r`);
}

const Teaching = z.object({ n: col.int, sn: col.int });

/** Distinct teachers of the semester's courses, in the scope and in the school. */
export function teaching(tx: Tx, f: Filters, reach: StatsReach) {
  // index: courses_unit_idx (school_id, semester_id, org_unit_id)
  return queryRow(tx, Teaching, sql`
    select (count(distinct c.teacher_id) filter (where ${subject(f, reach, sql`c.teacher_id`)}))::int as n, count(distinct c.teacher_id)::int as sn
    from courses c where ${teachingWhere(f)}`);
}

const BAND_SQL = sql`case when pct < 60 then 'lt60' when pct < 70 then '60to70' when pct < 80 then '70to80' when pct < 90 then '80to90' else 'ge90' end`;
const Band = z.object({ band: col.text, n: col.int, sn: col.int });

/** Evaluations per score band, scope and school. */
export async function distribution(tx: Tx, f: Filters, reach: StatsReach) {
  const rows = await queryRows(tx, Band, sql`${rowsCte(f, reach)}
    select ${BAND_SQL} as band, (count(*) filter (where s))::int as n, count(*)::int as sn from r group by 1`);
  return rows as { band: TScoreBand; n: number; sn: number }[];
}

const Week = z.object({ week: col.int, n: col.int, m: col.numOrNull, sn: col.int, sm: col.numOrNull });

/** Per teaching week: evaluations and mean percent, scope and school. */
export function trend(tx: Tx, f: Filters, reach: StatsReach) {
  return queryRows(tx, Week, sql`${rowsCte(f, reach)}
    select week, (count(*) filter (where s))::int as n, avg(pct) filter (where s) as m, count(*)::int as sn, avg(pct) as sm from r group by week order by week`);
}

const Indicator = z.object({ key: col.text, name: col.text, p: col.numOrNull, n: col.int, sp: col.numOrNull, sn: col.int });

/** Per indicator: sum of scores over sum of full scores in percent, and the evaluations behind it, scope and school. */
export function indicators(tx: Tx, f: Filters, reach: StatsReach) {
  // index: evaluation_section_scores_school_id_evaluation_id_section_key_pk (school_id, evaluation_id, section_key)
  return queryRows(tx, Indicator, sql`${rowsCte(f, reach)}
    select ss.indicator_key as key, min(ss.name) as name,
      sum(ss.score) filter (where r.s) / nullif(sum(ss."full") filter (where r.s), 0) * 100 as p, (count(distinct r.id) filter (where r.s))::int as n,
      sum(ss.score) / nullif(sum(ss."full"), 0) * 100 as sp, count(distinct r.id)::int as sn
    from r join evaluation_section_scores ss on ss.evaluation_id = r.id
    group by ss.indicator_key order by min(ss.section_key), min(ss.name)`);
}

const ScopeIndicator = z.object({ key: col.text, p: col.numOrNull, n: col.int });

/** Per indicator, the scope's side only, straight from its rows (for scopes the indicator rollup cannot tell: a teacher's); the class joined only for dates. */
export function scopeIndicators(tx: Tx, f: Filters, reach: StatsReach) {
  // index: evaluations_teacher_idx (school_id, teacher_id, submitted_at) or courses by teacher, then the section-score primary key
  return queryRows(tx, ScopeIndicator, sql`
    select ss.indicator_key as key, sum(ss.score) / nullif(sum(ss."full"), 0) * 100 as p, count(distinct e.id)::int as n
    from evaluations e
    join courses c on c.school_id = e.school_id and c.id = e.course_id
    ${f.from || f.to ? sql`join course_sessions cs on cs.school_id = e.school_id and cs.id = e.course_session_id` : sql``}
    join template_versions tv on tv.school_id = e.school_id and tv.id = e.template_version_id
    left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id
    join evaluation_section_scores ss on ss.school_id = e.school_id and ss.evaluation_id = e.id
    where ${schoolWhere(f)} and ${evaluationScope(f, reach)}
    group by ss.indicator_key`);
}

const Group = z.object({
  id: col.text, name: col.text, parentName: col.textOrNull, account: col.textOrNull, n: col.int, te: col.int, m: col.numOrNull, teaching: col.int,
});

/** CTEs r (the rows) and g(k, n, te, m): the scope's evaluations, teachers evaluated and mean percent per course unit or evaluated teacher. */
function perKeyRaw(f: Filters, reach: StatsReach, by: 'unit' | 'teacher'): SQL {
  const key = by === 'unit' ? sql`r.org_unit_id` : sql`r.teacher_id`;
  return sql`${rowsCte(f, reach)},
    g as (select ${key} as k, count(*)::int as n, count(distinct r.teacher_id)::int as te, avg(r.pct) as m from r where r.s and ${key} is not null group by 1)`;
}

/**
 * The scope by department (a course's unit) or by teacher: evaluations, teachers evaluated, mean
 * percent, and teachers teaching; a unit or teacher with courses but no evaluation shows with zeros.
 */
export function groups(tx: Tx, f: Filters, reach: StatsReach, by: 'unit' | 'teacher', withG: SQL = perKeyRaw(f, reach, by)) {
  const courseKey = by === 'unit' ? sql`c.org_unit_id` : sql`c.teacher_id`;
  const named = by === 'unit'
    ? sql`select k.k::text as id, ou.name, par.name as "parentName", null::text as account from k
        join org_units ou on ou.id = k.k left join org_units par on par.school_id = ou.school_id and par.id = ou.parent_id`
    : sql`select k.k::text as id, a.name, null::text as "parentName", a.account from k join accounts a on a.id = k.k`;
  return queryRows(tx, Group, sql`${withG},
    t as (select ${courseKey} as k, count(distinct c.teacher_id)::int as teaching from courses c
      where ${teachingWhere(f)} and ${subject(f, reach, sql`c.teacher_id`)} and ${courseKey} is not null group by 1),
    k as (select k from g union select k from t),
    named as (${named})
    select named.*, coalesce(g.n, 0)::int as n, coalesce(g.te, 0)::int as te, g.m, coalesce(t.teaching, 0)::int as teaching
    from named left join g on g.k = named.id::bigint left join t on t.k = named.id::bigint
    order by named.name, named.id`);
}

/** CTEs r and x(teacher_id, n, m): the scope's evaluations and mean percent per evaluated teacher. */
const perTeacherRaw = (f: Filters, reach: StatsReach) => sql`${rowsCte(f, reach)},
  x as (select teacher_id, count(*)::int as n, avg(pct) as m from r where s group by teacher_id)`;

const Rank = z.object({ teacherId: col.text, name: col.text, account: col.text, unit: col.textOrNull, n: col.int, m: col.num });

/** Teachers of the scope with at least one evaluation, by mean percent: the highest (desc) or the lowest first. */
export function ranked(tx: Tx, f: Filters, reach: StatsReach, order: 'desc' | 'asc', limit: number, withX: SQL = perTeacherRaw(f, reach)) {
  const dir = order === 'desc' ? sql`desc` : sql`asc`;
  return queryRows(tx, Rank, sql`${withX}
    select x.teacher_id::text as "teacherId", a.name, a.account, ou.name as unit, x.n, x.m
    from x
    join accounts a on a.id = x.teacher_id
    left join school_memberships sm on sm.account_id = x.teacher_id
    left join org_units ou on ou.school_id = sm.school_id and ou.id = sm.org_unit_id
    order by x.m ${dir}, x.n desc, x.teacher_id limit ${limit}`);
}

const Supervisor = z.object({ userId: col.text, name: col.text, account: col.text, plans: col.int, attended: col.int, required: col.int });

/** Per plan and evaluator, submitted evaluations (= distinct classes, one per class by evaluations_plan_class_uq), from the raw rows. */
// index: evaluations_plan_idx (school_id, plan_id, status, evaluator_id)
const attendedRaw = sql`(select e.plan_id, e.evaluator_id, count(distinct e.course_session_id)::int as n from evaluations e
  where e.status = 'submitted' and e.plan_id is not null group by e.plan_id, e.evaluator_id)`;

/**
 * Supervisors of the semester's published plans (filtered by plan, type, template): distinct classes
 * attended (submitted) per plan as plan progress counts them, summed, against the plans' minimums.
 * `attended` gives (plan_id, evaluator_id, n): the raw rows', or their rollup.
 */
export function supervisors(tx: Tx, f: Filters, attended: SQL = attendedRaw) {
  const w: SQL[] = [sql`p.published`, sql`p.semester_id = ${f.semesterId}`];
  if (f.planId) w.push(sql`p.id = ${f.planId}`);
  if (f.evaluationType) w.push(sql`p.evaluation_type = ${f.evaluationType}`);
  if (f.templateId) w.push(sql`p.template_id = ${f.templateId}`);
  // index: plan_supervisors_school_id_plan_id_account_id_pk
  return queryRows(tx, Supervisor, sql`
    select ps.account_id::text as "userId", a.name, a.account, count(*)::int as plans, sum(coalesce(x.n, 0))::int as attended, sum(p.min_classes)::int as required
    from plan_supervisors ps
    join supervision_plans p on p.school_id = ps.school_id and p.id = ps.plan_id
    join accounts a on a.id = ps.account_id
    left join ${attended} x on x.plan_id = ps.plan_id and x.evaluator_id = ps.account_id
    where ${sql.join(w, sql` and `)}
    group by ps.account_id, a.name, a.account
    order by a.name, ps.account_id`);
}

// ---------------------------------------------------------------- the evaluations behind the figures

const EvaluationRow = z.object({
  evaluationId: col.text, lessonDate: col.text, week: col.int, sessionStart: col.int, courseId: col.text, courseName: col.text, courseCode: col.text,
  teacherId: col.text, teacherName: col.text, teacherAccount: col.text, orgUnitName: col.textOrNull, anonymous: col.bool,
  evaluatorId: col.textOrNull, evaluatorName: col.textOrNull, evaluatorAccount: col.textOrNull,
  kind: col.oneOf(EVALUATION_KINDS), planName: col.textOrNull, templateName: col.text, score: col.num, fullScore: col.num, submittedAt: col.ts, total: col.int,
});
export type EvaluationRowOut = z.output<typeof EvaluationRow>;

/** Where a batch of rows in the lists' order (latest class first) starts: after this row. */
export type RowCursor = { lessonDate: string; session: number; id: string };

/**
 * The scope's evaluations, latest class first; an anonymous one's evaluator is not even read. A page
 * (offset, with the total) for the screen, or a batch after a row (keyset, no total) for an export.
 */
function evaluationRows(f: Filters, reach: StatsReach, at: { limit: number; offset?: number; after?: RowCursor | undefined; total: boolean }): SQL {
  const anonymous = sql`(e.anonymous or coalesce(p.anonymous, false))`;
  const after = at.after ? sql` and (cs.lesson_date, cs.session_start, e.id) < (${at.after.lessonDate}::date, ${at.after.session}, ${at.after.id}::bigint)` : sql``;
  return sql`
    select e.id::text as "evaluationId", cs.lesson_date::text as "lessonDate", cs.week, cs.session_start as "sessionStart",
      c.id::text as "courseId", c.name as "courseName", c.code as "courseCode",
      t.id::text as "teacherId", t.name as "teacherName", t.account as "teacherAccount", ou.name as "orgUnitName", ${anonymous} as anonymous,
      case when not ${anonymous} then ev.id::text end as "evaluatorId", case when not ${anonymous} then ev.name end as "evaluatorName",
      case when not ${anonymous} then ev.account end as "evaluatorAccount",
      e.kind, p.name as "planName", tv.name as "templateName", ${counted} as score, tv.total_score as "fullScore", e.submitted_at as "submittedAt",
      ${at.total ? sql`(count(*) over ())::int` : sql`0`} as total
    ${evaluationsFrom}
    join accounts t on t.id = e.teacher_id
    join accounts ev on ev.id = e.evaluator_id
    left join org_units ou on ou.school_id = c.school_id and ou.id = c.org_unit_id
    where ${schoolWhere(f)} and ${evaluationScope(f, reach)}${after}
    order by cs.lesson_date desc, cs.session_start desc, e.id desc
    limit ${at.limit}${at.offset ? sql` offset ${at.offset}` : sql``}`;
}

/** A page of the scope's evaluations, latest class first. */
export function evaluationPage(tx: Tx, f: Filters, reach: StatsReach, pg: { pageNum: number; pageSize: number }) {
  return queryRows(tx, EvaluationRow, evaluationRows(f, reach, { limit: pg.pageSize, offset: (pg.pageNum - 1) * pg.pageSize, total: true }));
}

/** The next `limit` evaluations after a row (the first ones without), in the page's order: exports read every row this way. */
export function evaluationBatch(tx: Tx, f: Filters, reach: StatsReach, after: RowCursor | undefined, limit: number) {
  return queryRows(tx, EvaluationRow, evaluationRows(f, reach, { limit, after, total: false }));
}

export async function evaluationCount(tx: Tx, f: Filters, reach: StatsReach): Promise<number> {
  const row = await queryRow(tx, z.object({ n: col.int }), sql`select count(*)::int as n ${evaluationsFrom} where ${schoolWhere(f)} and ${evaluationScope(f, reach)}`);
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- what the filters name

const Named = z.object({ id: col.text, name: col.text, extra: col.textOrNull, weeks: col.intOrNull });

export const semester = (tx: Tx, id: string) =>
  queryRow(tx, Named, sql`select id::text, name, null::text as extra, week_count as weeks from semesters where id = ${id}`);
export const orgUnit = (tx: Tx, id: string) => queryRow(tx, Named, sql`select id::text, name, null::text as extra, null::int as weeks from org_units where id = ${id}`);
/** A member of the school (the teacher filter). */
export const member = (tx: Tx, accountId: string) =>
  queryRow(tx, Named, sql`select a.id::text, a.name, a.account as extra, null::int as weeks from school_memberships m join accounts a on a.id = m.account_id where m.account_id = ${accountId}`);
export const course = (tx: Tx, id: string) => queryRow(tx, Named, sql`select id::text, name, code as extra, null::int as weeks from courses where id = ${id}`);
export const plan = (tx: Tx, id: string) => queryRow(tx, Named, sql`select id::text, name, null::text as extra, null::int as weeks from supervision_plans where id = ${id}`);
export const template = (tx: Tx, id: string) => queryRow(tx, Named, sql`select id::text, name, null::text as extra, null::int as weeks from evaluation_templates where id = ${id}`);

/** Whether the reader's reach holds a course of the semester in the requested unit / of the teacher / that course. */
export async function subjectInReach(tx: Tx, f: Filters, reach: StatsReach): Promise<boolean> {
  const row = await queryRow(tx, z.object({ ok: col.bool }), sql`
    select exists (select 1 from courses c where c.semester_id = ${f.semesterId} and ${subject(f, reach, sql`c.teacher_id`)}) as ok`);
  return row?.ok ?? false;
}

const Standing = z.object({ deptScope: col.oneOf(['all', 'selected']), teacherScope: col.oneOf(['all', 'selected']) });

/** The member's supervised scope flags. */
export const standing = (tx: Tx, accountId: string) =>
  queryRow(tx, Standing, sql`select dept_scope as "deptScope", teacher_scope as "teacherScope" from school_memberships where account_id = ${accountId}`);
