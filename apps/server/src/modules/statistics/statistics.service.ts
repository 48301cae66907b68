/**
 * Evaluation statistics (issue 17): the figures of a scope against the school's, and the evaluations
 * behind them. The reader's reach bounds the scope: a school administrator, or a member supervising
 * the whole school (department and teacher scope 'all'), reads the school; a member with selected
 * departments or teachers reads those (asking for anything else is refused); a teacher (or student)
 * with the menu reads their own figures only, and only evaluations their plan lets teachers see.
 * Ids of another school are not found. Anonymous evaluations never name their evaluator.
 */
import { IDENTITY, SCORE_BANDS, type TEvaluationStats, type TStatsFilterOptions, type TStatsFigures, type ZEvaluationStatsQuery, type ZStatsEvaluationsQuery } from '@hxk/contracts';
import type { z } from 'zod';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { page } from '../../platform/sql-rows.ts';
import { inSchool } from '../../platform/tenancy.ts';
import * as repo from './statistics.repo.ts';
import * as rollup from './rollup.repo.ts';

const RANKED = 5;
const round1 = (n: number | null | undefined) => (n == null ? null : Math.round(n * 10) / 10);
const coverage = (evaluated: number, teaching: number) => (teaching > 0 ? round1((evaluated / teaching) * 100) : null);

/** Whose figures the reader may see. */
export async function reachOf(tx: Tx, ctx: MemberCtx): Promise<repo.StatsReach> {
  const me = ctx.auth.accountId;
  if (ctx.auth.identity === IDENTITY.admin) return { kind: 'school' };
  if (ctx.auth.identity === IDENTITY.teacher || ctx.auth.identity === IDENTITY.student) return { kind: 'self', teacherId: me };
  const s = await repo.standing(tx, me);
  if (!s || (s.deptScope === 'all' && s.teacherScope === 'all')) return { kind: 'school' };
  return { kind: 'selected', accountId: me, byUnits: s.deptScope === 'selected', byTeachers: s.teacherScope === 'selected' };
}

/**
 * Checks what the filters name (another school's ids are not found) and that the scope is within the
 * reader's reach; a teacher's scope is themselves.
 */
export async function resolveScope(tx: Tx, ctx: MemberCtx, q: repo.Filters) {
  const reach = await reachOf(tx, ctx);
  const f: repo.Filters = { ...q };
  if (reach.kind === 'self') {
    if (f.teacherId && f.teacherId !== reach.teacherId) throw new AppError('statistics.ownOnly');
    f.teacherId = reach.teacherId;
  }
  const semester = await repo.semester(tx, f.semesterId);
  if (!semester) throw new AppError('common.notFound');
  const unit = f.orgUnitId ? await repo.orgUnit(tx, f.orgUnitId) : undefined;
  const teacher = f.teacherId ? await repo.member(tx, f.teacherId) : undefined;
  const course = f.courseId ? await repo.course(tx, f.courseId) : undefined;
  if ((f.orgUnitId && !unit) || (f.teacherId && !teacher) || (f.courseId && !course)) throw new AppError('common.notFound');
  if (f.planId && !(await repo.plan(tx, f.planId))) throw new AppError('common.notFound');
  if (f.templateId && !(await repo.template(tx, f.templateId))) throw new AppError('common.notFound');
  const asksSubject = Boolean(q.orgUnitId || q.teacherId || q.courseId);
  if (reach.kind === 'selected' && asksSubject && !(await repo.subjectInReach(tx, f, reach))) throw new AppError('statistics.outOfScope');
  return {
    f,
    reach,
    semester: { id: semester.id, name: semester.name, weekCount: semester.weeks ?? 0 },
    subject: {
      orgUnit: unit ? { id: unit.id, name: unit.name } : null,
      teacher: teacher ? { userId: teacher.id, name: teacher.name, account: teacher.extra ?? '' } : null,
      course: course ? { id: course.id, name: course.name, code: course.extra ?? '' } : null,
    },
  };
}

function figuresOf(n: number, te: number, m: number | null, teaching: number): TStatsFigures {
  return { evaluations: n, teachersEvaluated: te, teachersTeaching: teaching, coverage: coverage(te, teaching), meanPercent: round1(m) };
}

/** Where the figures come from: the rollups when they can answer the filters (the default), or the raw rows. */
export type StatsSource = 'auto' | 'raw';

/** The figures from the rollups (rollupAnswers holds for f and reach). */
async function fromRollups(tx: Tx, f: repo.Filters, reach: repo.StatsReach, groupBy: 'unit' | 'teacher' | 'none', wholeSchool: boolean) {
  const rows = await rollup.grouped(tx, f, reach);
  const cells = rows.filter((r) => r.week === null);
  const mean = (sum: number | null, n: number) => (n > 0 ? sum! / n : null);
  type Acc = { n: number; ps: number; pn: number; sn: number; sps: number; spn: number; te: Set<string>; ste: Set<string>; bands: number[]; sbands: number[] };
  const acc = (): Acc => ({ n: 0, ps: 0, pn: 0, sn: 0, sps: 0, spn: 0, te: new Set(), ste: new Set(), bands: [0, 0, 0, 0, 0], sbands: [0, 0, 0, 0, 0] });
  const add = (a: Acc, r: rollup.RollupGroup) => {
    a.n += r.n; a.ps += r.ps ?? 0; a.pn += r.pn; a.sn += r.sn; a.sps += r.sps ?? 0; a.spn += r.spn;
    if (r.n > 0) a.te.add(r.teacher!);
    if (r.sn > 0) a.ste.add(r.teacher!);
    [r.lt60, r.b60to70, r.b70to80, r.b80to90, r.ge90].forEach((x, i) => (a.bands[i]! += x));
    [r.slt60, r.s60to70, r.s70to80, r.s80to90, r.sge90].forEach((x, i) => (a.sbands[i]! += x));
    return a;
  };
  const all = cells.reduce(add, acc());
  /** The rows added up per key (rows without one left out). */
  const tally = <K,>(rs: rollup.RollupGroup[], key: (r: rollup.RollupGroup) => K | null) => {
    const m = new Map<K, Acc>();
    for (const r of rs) {
      const k = key(r);
      if (k !== null) add(m.get(k) ?? m.set(k, acc()).get(k)!, r);
    }
    return [...m];
  };
  const weeks = tally(rows, (r) => r.week).sort(([x], [y]) => x - y)
    .map(([week, a]) => ({ week, n: a.n, m: mean(a.ps, a.pn), sn: a.sn, sm: mean(a.sps, a.spn) }));
  // The scope's rows only, as the raw query's "where s".
  const by = (key: 'unit' | 'teacher') => tally(cells, (r) => r[key]).filter(([, a]) => a.n > 0)
    .map(([k, a]) => ({ k, n: a.n, te: a.te.size, m: mean(a.ps, a.pn) }));
  let inds = await rollup.indicators(tx, f, reach);
  if (!rollup.indicatorScopeByUnit(f, reach)) {
    const scope = new Map((await repo.scopeIndicators(tx, f, reach)).map((i) => [i.key, i]));
    inds = inds.map((i) => ({ ...i, p: scope.get(i.key)?.p ?? null, n: scope.get(i.key)?.n ?? 0 }));
  }
  const teachers = rollup.perTeacherValues(by('teacher'));
  return {
    fig: { n: all.n, te: all.te.size, m: mean(all.ps, all.pn), sn: all.sn, ste: all.ste.size, sm: mean(all.sps, all.spn) },
    bands: SCORE_BANDS.map((band, i) => ({ band, count: all.bands[i]!, schoolCount: all.sbands[i]! })),
    weeks,
    inds,
    groups: groupBy === 'none' ? [] : await repo.groups(tx, f, reach, groupBy, rollup.perKeyValues(by(groupBy))),
    top: await repo.ranked(tx, f, reach, 'desc', RANKED, teachers),
    bottom: await repo.ranked(tx, f, reach, 'asc', RANKED, teachers),
    supervisors: wholeSchool ? await repo.supervisors(tx, f, rollup.attendedRollup) : null,
  };
}

/** The figures the screen shows, before rounding and naming: from the rollups or from the raw rows. */
export async function figuresFrom(tx: Tx, f: repo.Filters, reach: repo.StatsReach, groupBy: 'unit' | 'teacher' | 'none', source: StatsSource) {
  const wholeSchool = reach.kind === 'school' && !f.orgUnitId && !f.teacherId && !f.courseId;
  if (source !== 'raw' && rollup.rollupAnswers(f, reach)) return fromRollups(tx, f, reach, groupBy, wholeSchool);
  // The scope from its raw rows; the school's side, which has no course and no reach, from the
  // rollups when they can tell it (a course, or a teacher's own figures within lesson days).
  const schoolF: repo.Filters = { ...f, courseId: undefined };
  const split = source !== 'raw' && rollup.rollupAnswers(schoolF, { kind: 'school' });
  const rf: repo.Filters = split ? { ...f, scopeRowsOnly: true } : f;
  const fig = (await repo.figures(tx, rf, reach))!;
  const bands = new Map((await repo.distribution(tx, rf, reach)).map((b) => [b.band, b]));
  const raw = {
    fig,
    bands: SCORE_BANDS.map((band) => ({ band, count: bands.get(band)?.n ?? 0, schoolCount: bands.get(band)?.sn ?? 0 })),
    weeks: await repo.trend(tx, rf, reach),
    inds: split ? [] : await repo.indicators(tx, f, reach),
    groups: groupBy === 'none' ? [] : await repo.groups(tx, rf, reach, groupBy),
    top: await repo.ranked(tx, rf, reach, 'desc', RANKED),
    bottom: await repo.ranked(tx, rf, reach, 'asc', RANKED),
    supervisors: wholeSchool ? await repo.supervisors(tx, f) : null,
  };
  if (!split) return raw;
  const school = await fromRollups(tx, schoolF, { kind: 'school' }, 'none', false);
  const scopeWeeks = new Map(raw.weeks.map((w) => [w.week, w]));
  const scopeInds = new Map((await repo.scopeIndicators(tx, f, reach)).map((i) => [i.key, i]));
  return {
    ...raw,
    fig: { ...fig, sn: school.fig.sn, ste: school.fig.ste, sm: school.fig.sm },
    bands: raw.bands.map((b, i) => ({ ...b, schoolCount: school.bands[i]!.schoolCount })),
    weeks: school.weeks.map((w) => ({ ...w, n: scopeWeeks.get(w.week)?.n ?? 0, m: scopeWeeks.get(w.week)?.m ?? null })),
    inds: school.inds.map((i) => ({ ...i, p: scopeInds.get(i.key)?.p ?? null, n: scopeInds.get(i.key)?.n ?? 0 })),
  };
}

/** The statistics screen's figures for a scope, grouped for the drill-down table by `groupBy`. */
export async function evaluationStats(ctx: MemberCtx, q: z.output<typeof ZEvaluationStatsQuery>, source: StatsSource = 'auto'): Promise<TEvaluationStats> {
  const { groupBy, ...filters } = q;
  return inSchool(ctx, async (tx) => {
    const { f, reach, semester, subject } = await resolveScope(tx, ctx, filters);
    const { fig, bands, weeks, inds, groups, top, bottom, supervisors } = await figuresFrom(tx, f, reach, groupBy, source);
    const teach = (await repo.teaching(tx, f, reach))!;
    const rank = (r: (typeof top)[number]) => ({ teacher: { userId: r.teacherId, name: r.name, account: r.account }, orgUnitName: r.unit, evaluations: r.n, meanPercent: round1(r.m)! });
    return {
      semester,
      subject,
      ownOnly: reach.kind === 'self',
      scope: figuresOf(fig.n, fig.te, fig.m, teach.n),
      school: figuresOf(fig.sn, fig.ste, fig.sm, teach.sn),
      distribution: bands,
      indicators: inds.map((i) => ({ key: i.key, name: i.name, percent: round1(i.p), schoolPercent: round1(i.sp), count: i.n, schoolCount: i.sn })),
      trend: weeks.map((w) => ({ week: w.week, evaluations: w.n, meanPercent: round1(w.m), schoolEvaluations: w.sn, schoolMeanPercent: round1(w.sm) })),
      groupBy,
      groups: groups.map((g) => ({
        id: g.id, name: g.name, parentName: g.parentName, account: g.account, evaluations: g.n, teachersEvaluated: g.te, teachersTeaching: g.teaching,
        coverage: coverage(g.te, g.teaching), meanPercent: round1(g.m),
      })),
      // A teacher sees their own mean, not a ranking of one.
      top: reach.kind === 'self' ? [] : top.map(rank),
      bottom: reach.kind === 'self' ? [] : bottom.map(rank),
      supervisors: supervisors?.map((s) => ({ supervisor: { userId: s.userId, name: s.name, account: s.account }, plans: s.plans, attended: s.attended, required: s.required })) ?? null,
      asOf: ctx.deps.now().toISOString(),
    };
  });
}

/** The evaluations behind the figures, latest class first. */
export async function statsEvaluations(ctx: MemberCtx, q: z.output<typeof ZStatsEvaluationsQuery>) {
  const { pageNum, pageSize, ...filters } = q;
  return inSchool(ctx, async (tx) => {
    const { f, reach } = await resolveScope(tx, ctx, filters);
    const rows = await repo.evaluationPage(tx, f, reach, { pageNum, pageSize });
    let total = rows[0]?.total ?? 0;
    if (!rows.length && pageNum > 1) total = await repo.evaluationCount(tx, f, reach);
    return page(rows.map((r) => ({
      evaluationId: r.evaluationId, lessonDate: r.lessonDate, week: r.week,
      course: { id: r.courseId, name: r.courseName, code: r.courseCode },
      teacher: { userId: r.teacherId, name: r.teacherName, account: r.teacherAccount },
      orgUnitName: r.orgUnitName,
      evaluator: r.evaluatorId ? { userId: r.evaluatorId, name: r.evaluatorName ?? '', account: r.evaluatorAccount ?? '' } : null,
      anonymous: r.anonymous, kind: r.kind, planName: r.planName, templateName: r.templateName,
      score: r.score, fullScore: r.fullScore, percent: r.fullScore > 0 ? round1((r.score / r.fullScore) * 100)! : 0, submittedAt: r.submittedAt,
    })), total, { pageNum, pageSize });
  });
}

/** The template and plan filters' choices for a semester of the school (another school's semester: 404). */
export async function filterOptions(ctx: MemberCtx, semesterId: string): Promise<TStatsFilterOptions> {
  return inSchool(ctx, async (tx) => {
    if (!(await repo.semester(tx, semesterId))) throw new AppError('common.notFound');
    return rollup.filterOptions(tx, semesterId);
  });
}
