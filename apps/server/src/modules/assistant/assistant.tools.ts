/**
 * The assistant's tools (docs/decisions/0023-ai-assistant.md): typed, read-only questions it may ask
 * of the school's data. Each runs the same service function as the screen that shows the same data,
 * with the asker's context (their school's row-level security, their permissions and their reach),
 * and only when the asker holds that screen's permission: a tool never tells more than the screen
 * would. Never free SQL. Each use is reported with its parameters, its row count and the screen.
 */
import { z } from 'zod';
import type { TAssistantToolUse, TLanguage } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { calendarDict } from '../calendar/calendar.service.ts';
import { evaluationStats } from '../statistics/statistics.service.ts';
import { listPlans } from '../plans/plans.service.ts';
import { allAppeals, myAppeals } from '../appeals/appeals.service.ts';
import { dataBoard } from '../analysis/board.service.ts';
import { dayClasses } from '../courses/courses.service.ts';
import { EVALUATE as LESSON_PLAN_EVALUATION, evaluationList } from '../lesson-plans/lesson-plans.service.ts';
import { say, table, pct } from './assistant.text.ts';

export type ToolOutcome = {
  use: TAssistantToolUse;
  /** The figures as markdown in the asker's language (the offline answer). */
  text: string;
  /** The figures for a language model (compact JSON). */
  data: unknown;
};

type Tool<P extends z.ZodType> = {
  name: string;
  /** For the language model. */
  description: string;
  params: P;
  /** JSON schema of params, for the language model. */
  schema: Record<string, unknown>;
  run(ctx: MemberCtx, p: z.output<P>): Promise<ToolOutcome>;
};

const has = (ctx: MemberCtx, key: string) => ctx.auth.permissions.includes(key);
const match = (keyword: string | undefined, ...names: (string | null | undefined)[]) =>
  !keyword || names.some((n) => n && n.toLowerCase().includes(keyword.toLowerCase()));
const clean = (p: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as TAssistantToolUse['params'];

/** The screen's permission is missing: say so, show nothing. */
function denied(name: string, params: Record<string, unknown>, lang: TLanguage, screen: string): ToolOutcome {
  return { use: { name, params: clean(params), rows: 0, link: null }, text: say(lang, 'noAccess', { screen: say(lang, screen) }), data: { error: 'The asker has no access to this data.' } };
}

const keywordParam = z.string().trim().min(1).max(64).optional();

const evaluationStatsTool: Tool<z.ZodObject<{ groupBy: z.ZodDefault<z.ZodEnum<{ unit: 'unit'; teacher: 'teacher' }>>; keyword: typeof keywordParam }>> = {
  name: 'evaluation_stats',
  description: "Evaluations and mean scores (percent of full score) of the current semester, grouped by department ('unit') or teacher, as the evaluation statistics screen shows them to the asker. keyword narrows the groups by name.",
  params: z.object({ groupBy: z.enum(['unit', 'teacher']).default('unit'), keyword: keywordParam }),
  schema: { type: 'object', properties: { groupBy: { type: 'string', enum: ['unit', 'teacher'] }, keyword: { type: 'string' } } },
  async run(ctx, p) {
    if (!has(ctx, 'evaluateStatistics')) return denied(this.name, p, ctx.lang, 'screen.evaluateStatistics');
    const semesters = await calendarDict(ctx);
    const semester = semesters.find((s) => s.current) ?? semesters[0];
    if (!semester) return { use: { name: this.name, params: clean(p), rows: 0, link: '/back/calendar' }, text: say(ctx.lang, 'noSemester'), data: { semester: null } };
    const s = await evaluationStats(ctx, { semesterId: semester.value, groupBy: p.groupBy });
    const groups = s.groups.filter((g) => match(p.keyword, g.name, g.parentName));
    const link = `/back/evaluateStatistics?semesterId=${semester.value}`;
    const lines = [
      say(ctx.lang, s.ownOnly ? 'stats.own' : 'stats.scope', { semester: semester.label, n: s.scope.evaluations, mean: pct(s.scope.meanPercent), teachers: s.scope.teachersEvaluated, teaching: s.scope.teachersTeaching }),
    ];
    if (!s.ownOnly && groups.length) {
      lines.push(table(ctx.lang, [p.groupBy === 'teacher' ? 'col.teacher' : 'col.unit', 'col.evaluations', 'col.mean'], groups.slice(0, 20).map((g) => [g.name, String(g.evaluations), pct(g.meanPercent)])));
      if (groups.length > 20) lines.push(say(ctx.lang, 'more', { n: groups.length - 20 }));
    } else if (!s.ownOnly && p.keyword) lines.push(say(ctx.lang, 'nothingMatches', { keyword: p.keyword }));
    return {
      use: { name: this.name, params: clean({ ...p, semester: semester.label }), rows: s.ownOnly ? 1 : groups.length, link },
      text: lines.join('\n\n'),
      data: { semester: semester.label, ownOnly: s.ownOnly, scope: s.scope, groups: groups.slice(0, 50).map((g) => ({ name: g.name, evaluations: g.evaluations, meanPercent: g.meanPercent, coverage: g.coverage })) },
    };
  },
};

const planProgressTool: Tool<z.ZodObject<{ keyword: typeof keywordParam }>> = {
  name: 'plan_progress',
  description: 'Supervision plans with their progress (classes attended against required, supervisors behind), as the supervision plans screen shows them to the asker.',
  params: z.object({ keyword: keywordParam }),
  schema: { type: 'object', properties: { keyword: { type: 'string' } } },
  async run(ctx, p) {
    if (!has(ctx, 'supervisionScheme')) return denied(this.name, p, ctx.lang, 'screen.supervisionScheme');
    const page = await listPlans(ctx, { pageNum: 1, pageSize: 20, tab: 'all', ...(p.keyword ? { keyword: p.keyword } : {}) });
    const rows = page.list;
    const text = rows.length
      ? [say(ctx.lang, 'plans.count', { n: page.total }), table(ctx.lang, ['col.plan', 'col.period', 'col.attended', 'col.behind'], rows.map((r) => [r.name, `${r.startDate} – ${r.endDate}`, `${r.attended} / ${r.required}`, String(r.behind)]))].join('\n\n')
      : say(ctx.lang, 'plans.none');
    return {
      use: { name: this.name, params: clean(p), rows: rows.length, link: '/back/supervisionScheme' },
      text,
      data: { total: page.total, plans: rows.map((r) => ({ name: r.name, phase: r.phase, startDate: r.startDate, endDate: r.endDate, attended: r.attended, required: r.required, supervisorsBehind: r.behind })) },
    };
  },
};

const appealsWaitingTool: Tool<z.ZodObject<Record<string, never>>> = {
  name: 'appeals_waiting',
  description: "Appeals waiting to be handled: the school's for appeal handlers, else the asker's own.",
  params: z.object({}),
  schema: { type: 'object', properties: {} },
  async run(ctx, p) {
    const handler = has(ctx, 'EvaluateAppeal');
    if (!handler && !has(ctx, 'MeAppeal')) return denied(this.name, p, ctx.lang, 'screen.appeals');
    const q = { pageNum: 1, pageSize: 10, status: 'pending' as const };
    const page = handler ? await allAppeals(ctx, q) : await myAppeals(ctx, q);
    const text = page.total
      ? [say(ctx.lang, handler ? 'appeals.school' : 'appeals.mine', { n: page.total }), table(ctx.lang, ['col.course', 'col.teacher', 'col.score', 'col.date'], page.list.map((a) => [a.class.courseName, a.teacher.name, `${a.score} / ${a.fullScore}`, a.createdAt.slice(0, 10)]))].join('\n\n')
      : say(ctx.lang, 'appeals.none');
    return {
      use: { name: this.name, params: clean({ scope: handler ? 'school' : 'mine' }), rows: page.list.length, link: handler ? '/Evaluate/Appeal' : '/MeAppeal' },
      text,
      data: { total: page.total, appeals: page.list.map((a) => ({ course: a.class.courseName, teacher: a.teacher.name, score: a.score, fullScore: a.fullScore, lessonDate: a.class.lessonDate, appealedAt: a.createdAt })) },
    };
  },
};

const classroomAnalysisTool: Tool<z.ZodObject<{ keyword: typeof keywordParam }>> = {
  name: 'classroom_analysis',
  description: "The three rates (attendance, head-up, front row) and AI warnings from the classroom analysis: now, today's analysed classes (keyword narrows by course, room or teacher), and the last 7 days' warnings, as the AI data board shows them.",
  params: z.object({ keyword: keywordParam }),
  schema: { type: 'object', properties: { keyword: { type: 'string' } } },
  async run(ctx, p) {
    if (!has(ctx, 'dataAnalysisReport')) return denied(this.name, p, ctx.lang, 'screen.dataBoard');
    const b = await dataBoard(ctx, {});
    const classes = b.day.classes.filter((c) => match(p.keyword, c.courseName, c.classroomName, c.teacherName, c.buildingName));
    const warnings = b.warnings.latest.filter((w) => match(p.keyword, w.courseName, w.classroomName, w.teacherName, w.buildingName));
    const r = b.now.rates;
    const lines = [
      b.now.method ? say(ctx.lang, b.now.method === 'meanOfClassesInProgress' ? 'rates.now' : 'rates.latest', { attendance: pct(r.attendance, 100), headUp: pct(r.headUp, 100), frontRow: pct(r.frontRow, 100), n: b.now.classes }) : say(ctx.lang, 'rates.none'),
    ];
    if (classes.length) lines.push(table(ctx.lang, ['col.course', 'col.room', 'col.time', 'col.attendance', 'col.headUp', 'col.frontRow'], classes.slice(0, 20).map((c) => [c.courseName, c.classroomName ?? '', c.startTime ?? '', pct(c.rates.attendance, 100), pct(c.rates.headUp, 100), pct(c.rates.frontRow, 100)])));
    else if (p.keyword) lines.push(say(ctx.lang, 'nothingMatches', { keyword: p.keyword }));
    lines.push(say(ctx.lang, 'warnings.count', { n: b.warnings.total, mild: b.warnings.byLevel.mild, moderate: b.warnings.byLevel.moderate, severe: b.warnings.byLevel.severe }));
    const link = classes.length === 1 ? `/ClassroomReport?courseSessionId=${classes[0]!.courseSessionId}` : '/wenxiang/dataAnalysisReport';
    return {
      use: { name: this.name, params: clean(p), rows: classes.length + warnings.length, link },
      text: lines.join('\n\n'),
      data: { now: b.now, classesToday: classes.slice(0, 30).map((c) => ({ course: c.courseName, room: c.classroomName, teacher: c.teacherName, start: c.startTime, rates: c.rates, mode: c.mode })), warnings: { total: b.warnings.total, byLevel: b.warnings.byLevel, latest: warnings.map((w) => ({ kind: w.kind, level: w.level, course: w.courseName, room: w.classroomName, startedAt: w.startedAt })) } },
    };
  },
};

const classesNowTool: Tool<z.ZodObject<{ keyword: typeof keywordParam }>> = {
  name: 'classes_now',
  description: 'Classes in progress now in the school (keyword narrows by course, room or teacher), as the schedule day view shows them.',
  params: z.object({ keyword: keywordParam }),
  schema: { type: 'object', properties: { keyword: { type: 'string' } } },
  async run(ctx, p) {
    if (!has(ctx, 'scheduleManage')) return denied(this.name, p, ctx.lang, 'screen.schedule');
    const day = await dayClasses(ctx, {});
    const now = day.list.filter((c) => (c.state === 'inClass' || c.state === 'warning') && match(p.keyword, c.courseName, c.classroomName, c.teacherName));
    const text = now.length
      ? [say(ctx.lang, 'classes.now', { n: now.length }), table(ctx.lang, ['col.course', 'col.teacher', 'col.room', 'col.time'], now.slice(0, 30).map((c) => [c.courseName, c.teacherName, c.classroomName ?? '', `${c.startTime ?? ''}–${c.endTime ?? ''}`]))].join('\n\n')
      : say(ctx.lang, 'classes.none');
    return {
      use: { name: this.name, params: clean(p), rows: now.length, link: '/back/scheduleManage' },
      text,
      data: { date: day.date, classes: now.map((c) => ({ course: c.courseName, teacher: c.teacherName, room: c.classroomName, start: c.startTime, end: c.endTime })) },
    };
  },
};

const lessonPlansTool: Tool<z.ZodObject<{ range: z.ZodDefault<z.ZodEnum<{ today: 'today'; week: 'week'; all: 'all' }>>; evaluated: z.ZodDefault<z.ZodEnum<{ no: 'no'; yes: 'yes'; all: 'all' }>>; keyword: typeof keywordParam }>> = {
  name: 'lesson_plans',
  description:
    "Handed-in lesson plans of courses with a class today, this week or all, not yet evaluated ('no', the default), evaluated ('yes') or both, within the asker's reach, as the lesson plan evaluation screen shows them (keyword narrows by course, teacher or collection).",
  params: z.object({ range: z.enum(['today', 'week', 'all']).default('week'), evaluated: z.enum(['no', 'yes', 'all']).default('no'), keyword: keywordParam }),
  schema: { type: 'object', properties: { range: { type: 'string', enum: ['today', 'week', 'all'] }, evaluated: { type: 'string', enum: ['no', 'yes', 'all'] }, keyword: { type: 'string' } } },
  async run(ctx, p) {
    if (!has(ctx, LESSON_PLAN_EVALUATION)) return denied(this.name, p, ctx.lang, 'screen.lessonPlanEvaluation');
    const list = (await evaluationList(ctx, { range: p.range, evaluated: p.evaluated })).filter((d) => match(p.keyword, d.course.name, d.teacher.name, d.collection.name));
    const words = { range: say(ctx.lang, `lessonPlans.range.${p.range}`), state: say(ctx.lang, `lessonPlans.state.${p.evaluated}`) };
    const lines = [say(ctx.lang, list.length ? 'lessonPlans.count' : 'lessonPlans.none', { n: list.length, ...words })];
    if (list.length) {
      lines.push(table(ctx.lang, ['col.course', 'col.teacher', 'col.collection', 'col.handedIn', 'col.level'], list.slice(0, 20).map((d) => [d.course.name, d.teacher.name, d.collection.name, d.plan?.submittedAt.slice(0, 10) ?? '', d.plan?.level ? String(d.plan.level) : '—'])));
      if (list.length > 20) lines.push(say(ctx.lang, 'more', { n: list.length - 20 }));
    }
    return {
      use: { name: this.name, params: clean(p), rows: list.length, link: '/lessonPlanEvaluation' },
      text: lines.join('\n\n'),
      data: { total: list.length, plans: list.slice(0, 50).map((d) => ({ course: d.course.name, teacher: d.teacher.name, department: d.teacher.department, collection: d.collection.name, deadline: d.collection.deadline, handedIn: d.plan?.submittedAt ?? null, late: d.plan?.late ?? null, level: d.plan?.level ?? null })) },
    };
  },
};

export const TOOLS = [evaluationStatsTool, planProgressTool, appealsWaitingTool, classroomAnalysisTool, classesNowTool, lessonPlansTool] as const;
export type ToolName = (typeof TOOLS)[number]['name'];

/** Runs a tool by name with untrusted parameters (a model's arguments, a rule's match). */
export async function runTool(ctx: MemberCtx, name: string, raw: unknown): Promise<ToolOutcome> {
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool) throw new AppError('common.notFound');
  const parsed = (tool.params as z.ZodType).safeParse(raw ?? {});
  if (!parsed.success) return { use: { name, params: {}, rows: 0, link: null }, text: '', data: { error: 'Invalid parameters', issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) } };
  return (tool.run as (ctx: MemberCtx, p: unknown) => Promise<ToolOutcome>).call(tool, ctx, parsed.data);
}

/** The tools as the language model is offered them. */
export const LLM_TOOLS = TOOLS.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.schema } }));
