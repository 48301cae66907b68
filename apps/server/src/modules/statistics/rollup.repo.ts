/**
 * Evaluation statistics read from the rollups (migration 0061, docs/decisions/0024-statistics.md
 * "Performance"): the same figures as statistics.repo.ts computes from the raw rows, for filters the
 * rollups' grain can answer (rollupAnswers). A rollup row stands for the evaluations of one course
 * unit, course teacher, evaluated teacher and week (with template, plan and kind; or lesson day),
 * so the scope's predicate (unit, teacher, the reader's reach) applies to it as to a course: the
 * rollup is aliased c, with c.teacher_id the course's teacher and c.e_teacher the evaluated one.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db.ts';
import { col, queryRows } from '../../platform/sql-rows.ts';
import { subject, type Filters, type StatsReach } from './statistics.repo.ts';

/** Whether the weekly and daily rollups (no template, plan or kind) serve: none of those chosen. */
const weekly = (f: Filters) => !f.templateId && !f.planId && !f.evaluationType && !f.kind;

/** The lesson days chosen, if any. */
const days = (f: Filters) => Boolean(f.from || f.to);

/**
 * Whether the rollups answer these filters: they know units, not courses; lesson days only without a
 * template, plan or kind, and not for a teacher's own figures (the daily rollup has no plan).
 */
export const rollupAnswers = (f: Filters, reach: StatsReach) => !f.courseId && (!days(f) || (weekly(f) && reach.kind !== 'self'));

/** The lesson days over a daily rollup row (alias ro). */
function dayWhere(f: Filters): SQL {
  const w: SQL[] = [sql`ro.semester_id = ${f.semesterId}`, sql`ro.n > 0`];
  if (f.from) w.push(sql`ro.lesson_date >= ${f.from}`);
  if (f.to) w.push(sql`ro.lesson_date <= ${f.to}`);
  return sql.join(w, sql` and `);
}

/** The shared filters over a rollup row (alias ro) and its plan (alias p). */
function rollupWhere(f: Filters): SQL {
  const w: SQL[] = [sql`ro.semester_id = ${f.semesterId}`, sql`ro.n > 0`];
  if (f.templateId) w.push(sql`ro.template_id = ${f.templateId}`);
  if (f.planId) w.push(sql`ro.plan_id = ${f.planId}`);
  if (f.evaluationType) w.push(sql`p.evaluation_type = ${f.evaluationType}`);
  if (f.kind) w.push(sql`ro.kind = ${f.kind}`);
  return sql.join(w, sql` and `);
}

/** The scope side of a rollup row; a teacher reads only what their plan lets teachers see. */
function rollupScope(f: Filters, reach: StatsReach): SQL {
  const s = subject(f, reach, sql`c.e_teacher`);
  return reach.kind === 'self' ? sql`${s} and c.e_teacher = ${reach.teacherId} and (c.plan_id is null or c.teacher_can_view)` : s;
}

/**
 * Rollup rows r(org_unit_id, e_teacher, week, n, pct_sum, pct_n, bands…, s) as a CTE: all of the
 * school's, flagged with the scope (`both`); the school's only, none flagged (`school`); or the
 * rows of one teacher, flagged (`own`: a teacher reading their own figures).
 */
function rollupCte(f: Filters, reach: StatsReach, part: 'both' | 'school' | 'own' = 'both'): SQL {
  const bands = sql`ro.n, ro.pct_sum, ro.pct_n, ro.b_lt60, ro.b_60to70, ro.b_70to80, ro.b_80to90, ro.b_ge90`;
  // A plan may hide its evaluations from the teacher: the weekly rollup has no plan.
  // index: evaluation_week_rollups_key / evaluation_rollups_key (school_id, semester_id, …); evaluation_rollups_teacher_idx
  const rows = days(f)
    // index: evaluation_day_rollups_day_idx (school_id, semester_id, lesson_date)
    ? sql`select ro.org_unit_id, ro.course_teacher_id as teacher_id, ro.teacher_id as e_teacher, ro.week, ${bands}
      from evaluation_day_rollups ro where ${dayWhere(f)}`
    : weekly(f) && (part === 'school' || reach.kind !== 'self')
    ? sql`select ro.org_unit_id, ro.course_teacher_id as teacher_id, ro.teacher_id as e_teacher, ro.week, ${bands}
      from evaluation_week_rollups ro where ro.semester_id = ${f.semesterId} and ro.n > 0`
    : sql`select ro.org_unit_id, ro.course_teacher_id as teacher_id, ro.teacher_id as e_teacher, ro.week, ro.plan_id,
        coalesce(p.teacher_can_view, true) as teacher_can_view, ${bands}
      from evaluation_rollups ro left join supervision_plans p on p.school_id = ro.school_id and p.id = ro.plan_id
      where ${rollupWhere(f)}${part === 'own' && reach.kind === 'self' ? sql` and ro.teacher_id = ${reach.teacherId}` : sql``}`;
  return sql`with r as (
    select c.org_unit_id, c.e_teacher, c.week, c.n, c.pct_sum, c.pct_n, c.b_lt60, c.b_60to70, c.b_70to80, c.b_80to90, c.b_ge90,
      (${part === 'school' ? sql`false` : rollupScope(f, reach)}) as s
    from (${rows}) c)`;
}

const Grouped = z.object({
  unit: col.textOrNull, teacher: col.textOrNull, week: col.intOrNull,
  n: col.int, ps: col.numOrNull, pn: col.int, sn: col.int, sps: col.numOrNull, spn: col.int,
  lt60: col.int, b60to70: col.int, b70to80: col.int, b80to90: col.int, ge90: col.int,
  slt60: col.int, s60to70: col.int, s70to80: col.int, s80to90: col.int, sge90: col.int,
});
export type RollupGroup = z.output<typeof Grouped>;

/**
 * Everything the screen's evaluation figures need, in one pass over the semester's rollup rows: per
 * course unit and evaluated teacher (week null), and per week (unit and teacher null), the scope's and
 * the school's evaluations, Σ percent and how many have one, and the score bands. The service adds
 * them up (a week or a pair may come twice); distinct teachers are the teacher keys with evaluations.
 * A teacher's own figures are read from their own rows and the school's from the whole school's.
 */
export async function grouped(tx: Tx, f: Filters, reach: StatsReach) {
  if (reach.kind !== 'self') return groupedPart(tx, f, reach, 'both');
  const own = (await groupedPart(tx, f, reach, 'own')).map((r) => ({ ...r, sn: 0, sps: null, spn: 0, slt60: 0, s60to70: 0, s70to80: 0, s80to90: 0, sge90: 0 }));
  return [...(await groupedPart(tx, f, reach, 'school')), ...own];
}

function groupedPart(tx: Tx, f: Filters, reach: StatsReach, part: 'both' | 'school' | 'own') {
  const both = (c: string, as: string) => sql.raw(`coalesce(sum(${c}) filter (where s), 0)::int as "${as}", coalesce(sum(${c}), 0)::int as "s${as.replace(/^b/, '')}"`);
  return queryRows(tx, Grouped, sql`${rollupCte(f, reach, part)}
    select org_unit_id::text as unit, e_teacher::text as teacher, week,
      coalesce(sum(n) filter (where s), 0)::int as n, sum(pct_sum) filter (where s) as ps, coalesce(sum(pct_n) filter (where s), 0)::int as pn,
      coalesce(sum(n), 0)::int as sn, sum(pct_sum) as sps, coalesce(sum(pct_n), 0)::int as spn,
      ${both('b_lt60', 'lt60')}, ${both('b_60to70', 'b60to70')}, ${both('b_70to80', 'b70to80')}, ${both('b_80to90', 'b80to90')}, ${both('b_ge90', 'ge90')}
    from r group by grouping sets ((org_unit_id, e_teacher), (week))`);
}

/** A CTE `name(columns)` of literal rows (one that holds none when there are none), typed by `casts`. */
function valuesCte(name: string, casts: Record<string, string>, rows: Record<string, unknown>[]): SQL {
  const cols = Object.keys(casts);
  const head = sql.raw(`${name}(${cols.join(', ')})`);
  if (!rows.length) return sql`with ${head} as (select ${sql.raw(cols.map((c) => `null::${casts[c]}`).join(', '))} where false)`;
  const row = (r: Record<string, unknown>) => sql`(${sql.join(cols.map((c) => sql`${r[c]}::${sql.raw(casts[c]!)}`), sql`, `)})`;
  return sql`with ${head} as (values ${sql.join(rows.map(row), sql`, `)})`;
}

/** CTE g(k, n, te, m) for statistics.repo.groups, from figures already computed per unit or teacher. */
export const perKeyValues = (rows: { k: string; n: number; te: number; m: number | null }[]): SQL =>
  valuesCte('g', { k: 'bigint', n: 'int', te: 'int', m: 'float8' }, rows);

/** CTE x(teacher_id, n, m) for statistics.repo.ranked, from figures already computed per teacher. */
export const perTeacherValues = (rows: { k: string; n: number; m: number | null }[]): SQL =>
  valuesCte('x', { teacher_id: 'bigint', n: 'int', m: 'float8' }, rows.map((r) => ({ teacher_id: r.k, n: r.n, m: r.m })));

/** Whether the indicator rollup (per unit, no teacher) can tell the scope's side: the scope is units only. */
export const indicatorScopeByUnit = (f: Filters, reach: StatsReach) =>
  !f.teacherId && (reach.kind === 'school' || (reach.kind === 'selected' && !reach.byTeachers));

const Indicator = z.object({ key: col.text, name: col.text, p: col.numOrNull, n: col.int, sp: col.numOrNull, sn: col.int });

/**
 * Per indicator, school and (when the scope is units only) scope: Σ scores ÷ Σ full scores in percent
 * and the evaluations behind it. Otherwise the scope's side is left at 0 for the raw scope query.
 */
export function indicators(tx: Tx, f: Filters, reach: StatsReach) {
  // Units only: the subject is the reach and the unit filter, both over c.org_unit_id.
  const s = indicatorScopeByUnit(f, reach) ? subject(f, reach, sql`null`) : sql`false`;
  // index: evaluation_indicator_rollups_key (school_id, semester_id, …)
  const rows = days(f)
    ? sql`select ro.org_unit_id, ro.indicator_key, ro.section_key, ro.name, ro.score_sum, ro.full_sum, ro.n from evaluation_indicator_day_rollups ro where ${dayWhere(f)}`
    : sql`select ro.org_unit_id, ro.indicator_key, ro.section_key, ro.name, ro.score_sum, ro.full_sum, ro.n
      from evaluation_indicator_rollups ro left join supervision_plans p on p.school_id = ro.school_id and p.id = ro.plan_id where ${rollupWhere(f)}`;
  return queryRows(tx, Indicator, sql`
    with r as (select c.*, (${s}) as s from (${rows}) c)
    select indicator_key as key, min(name) as name,
      sum(score_sum) filter (where s) / nullif(sum(full_sum) filter (where s), 0) * 100 as p, coalesce(sum(n) filter (where s), 0)::int as n,
      sum(score_sum) / nullif(sum(full_sum), 0) * 100 as sp, sum(n)::int as sn
    from r group by indicator_key order by min(section_key), min(name)`);
}

/** The classes attended per plan and evaluator (statistics.repo.supervisors' `attended`), from their rollup. */
// index: plan_attendance_rollups_school_id_plan_id_evaluator_id_pk
export const attendedRollup = sql`plan_attendance_rollups`;

const NamedOption = z.object({ id: col.text, name: col.text });

/** The template and plan filters' choices (statistics.repo.filterOptions) from the rollup's semester rows. */
export async function filterOptions(tx: Tx, semesterId: string) {
  const used = sql`from evaluation_rollups ro where ro.semester_id = ${semesterId} and ro.n > 0`;
  const templates = await queryRows(tx, NamedOption, sql`select t.id::text as id, t.name from evaluation_templates t
    where t.id in (select ro.template_id ${used}) order by lower(t.name), t.id`);
  const plans = await queryRows(tx, NamedOption, sql`select p.id::text as id, p.name from supervision_plans p
    where p.id in (select ro.plan_id ${used} and ro.plan_id is not null) order by lower(p.name), p.id`);
  return { templates, plans };
}
