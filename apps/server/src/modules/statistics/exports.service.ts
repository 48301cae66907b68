/**
 * Exports of the statistics views (issue 17; docs/decisions/0032-statistics-exports.md). Starting an
 * export checks the reader's permission and scope as the view's screen does (the same errors) and
 * queues a job; the job computes the view with the screen's own services (its figures, groups, trend)
 * and then writes every row behind it, read in keyset batches in short transactions, to an .xlsx
 * written row by row to a temporary file (memory stays flat however many rows), which is then put in
 * storage under the school's prefix. Only the person who started it, in the same school, can read the
 * job or download the file; the file is removed STATS_EXPORT_KEEP_HOURS after it was made.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import {
  ERRORS, LANGUAGES, STATS_EXPORT_KEEP_HOURS, STATS_EXPORT_TEXT, STATS_EXPORT_VIEWS, ZIdentity, ZStatsExportRequest,
  type ErrorKey, type TLanguage, type TStatsExportJob, type TStatsExportText, type TStatsExportView,
} from '@hxk/contracts';
import type { Deps, MemberCtx } from '../../platform/context.ts';
import { AppError, localizeError } from '../../platform/errors.ts';
import type { JobContext, JobHandler } from '../../platform/jobs.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { deleteFinishedJobsBefore } from '../files/files.repo.ts';
import * as evalRepo from './statistics.repo.ts';
import * as evalSvc from './statistics.service.ts';
import * as rateRepo from './three-rate.repo.ts';
import * as rateSvc from './three-rate.service.ts';
import * as sensRepo from './sensitive.repo.ts';
import * as sensSvc from './sensitive.service.ts';
import * as repo from './exports.repo.ts';

export const EXPORT_JOB = 'statistics.export';
export const EXPORT_SWEEP_JOB = 'statistics.exportSweep';
export const EXPORT_SWEEP_EVERY_SECONDS = 3600;
/** Rows read per batch (one short transaction each). */
export const EXPORT_BATCH = 5000;
/** Exports one person may have queued or running at once. */
export const EXPORT_MAX_ACTIVE = 3;
const HOUR_MS = 3_600_000;

/** The menu a view's screen needs, and the one its rows need (the rows sheet is left out without it). */
const ACCESS: Record<TStatsExportView, { view: string; rows: string }> = {
  evaluation: { view: 'evaluateStatistics', rows: 'evaluateStatisticsDetailss' },
  threeRate: { view: 'threeRateStatistics', rows: 'threeRateStatisticsDetails' },
  sensitive: { view: 'sensitiveTopic', rows: 'sensitiveTopic' },
  sensitiveHits: { view: 'sensitiveTopicDetails', rows: 'sensitiveTopicDetails' },
};
const FILE_NAMES: Record<TStatsExportView, string> = {
  evaluation: 'evaluation-statistics', threeRate: 'three-rate-statistics', sensitive: 'sensitive-topic-classrooms', sensitiveHits: 'sensitive-topic-class',
};

/** What the job runs with: the request, and who asked as they were when they asked. */
const ZPayload = z.object({
  request: ZStatsExportRequest,
  lang: z.enum(LANGUAGES),
  identity: ZIdentity,
  permissions: z.array(z.string()),
});
type Payload = z.output<typeof ZPayload>;
const ZResult = z.object({ fileKey: z.string().optional(), fileName: z.string(), rows: z.number(), expired: z.boolean().optional() }).partial();

// ---------------------------------------------------------------- requests

/** Checks the permission and the scope as the view's screen would, then queues the export. */
export async function start(ctx: MemberCtx, request: z.output<typeof ZStatsExportRequest>) {
  const access = ACCESS[request.view];
  if (!ctx.auth.permissions.includes(access.view)) throw new AppError('auth.forbidden');
  const { schoolId, accountId } = ctx.auth;
  const jobId = await inSchool(ctx, async (tx) => {
    await checkScope(tx, ctx, request);
    if ((await repo.activeExports(tx, EXPORT_JOB, accountId)) >= EXPORT_MAX_ACTIVE) throw new AppError('statistics.exportBusy', { max: EXPORT_MAX_ACTIVE });
    const permissions = Object.values(access).filter((k) => ctx.auth.permissions.includes(k));
    const payload: Payload = { request, lang: ctx.lang, identity: ctx.auth.identity, permissions };
    return ctx.deps.jobs.enqueue(tx, { schoolId, kind: EXPORT_JOB, payload, createdBy: accountId });
  });
  ctx.deps.jobs.wake();
  return { jobId };
}

/** The screen's own checks: what the filters name is in the school and within the reader's reach. */
async function checkScope(tx: Parameters<typeof evalSvc.resolveScope>[0], ctx: MemberCtx, r: z.output<typeof ZStatsExportRequest>) {
  switch (r.view) {
    case 'evaluation': {
      const { groupBy: _g, ...f } = r.query;
      await evalSvc.resolveScope(tx, ctx, f);
      return;
    }
    case 'threeRate': {
      const { groupBy: _g, ...f } = r.query;
      await rateSvc.resolveScope(tx, ctx, f);
      return;
    }
    case 'sensitive':
      await sensSvc.resolveScope(tx, ctx, r.query);
      return;
    case 'sensitiveHits': {
      const reach = await evalSvc.reachOf(tx, ctx);
      const c = await sensRepo.oneClass(tx, r.query.courseSessionId, reach);
      if (!c || c.status !== 'done' || !c.analysisId) throw new AppError('common.notFound');
      if (!c.inReach) throw new AppError(reach.kind === 'self' ? 'statistics.ownOnly' : 'statistics.outOfScope');
    }
  }
}

async function ownJob(ctx: MemberCtx, jobId: string) {
  const job = await inSchool(ctx, (tx) => repo.exportJob(tx, EXPORT_JOB, jobId, ctx.auth.accountId));
  if (!job) throw new AppError('common.notFound');
  return job;
}

/** The caller's export: its progress, and its file once done. */
export async function status(ctx: MemberCtx, jobId: string): Promise<TStatsExportJob> {
  const job = await ownJob(ctx, jobId);
  const p = ZPayload.safeParse(job.payload);
  const result = ZResult.safeParse(job.result ?? {});
  const r = result.success ? result.data : {};
  const done = job.status === 'done';
  return {
    jobId: job.id,
    view: p.success ? p.data.request.view : STATS_EXPORT_VIEWS[0],
    status: job.status,
    progress: job.progress,
    total: job.total,
    rows: done ? (r.rows ?? null) : null,
    fileName: done && r.fileKey ? (r.fileName ?? null) : null,
    expiresAt: done && job.finishedAt ? new Date(Date.parse(job.finishedAt) + STATS_EXPORT_KEEP_HOURS * HOUR_MS).toISOString() : null,
    message: job.errorKey ? localizeError(Object.hasOwn(ERRORS, job.errorKey) ? (job.errorKey as ErrorKey) : 'job.failed', ctx.lang) : null,
    errorKey: job.errorKey,
    createdAt: new Date(job.createdAt).toISOString(),
    finishedAt: job.finishedAt ? new Date(job.finishedAt).toISOString() : null,
  };
}

/** The caller's finished export's file, as a stream. */
export async function download(ctx: MemberCtx, jobId: string) {
  const job = await ownJob(ctx, jobId);
  if (job.status === 'queued' || job.status === 'running') throw new AppError('statistics.exportNotReady');
  if (job.status === 'failed') throw new AppError('common.notFound');
  const r = ZResult.parse(job.result ?? {});
  if (!r.fileKey) throw new AppError('statistics.exportGone');
  const obj = await ctx.deps.storage.open(r.fileKey);
  if (!obj) throw new AppError('statistics.exportGone');
  return { ...obj, fileName: r.fileName ?? `${FILE_NAMES[STATS_EXPORT_VIEWS[0]]}.xlsx` };
}

// ---------------------------------------------------------------- the workbook

type Cell = string | number | null;
type Words = (k: TStatsExportText) => string;
const wordsOf = (lang: TLanguage): Words => (k) => STATS_EXPORT_TEXT[k][lang];
const round1 = (n: number | null | undefined) => (n == null ? null : Math.round(n * 10) / 10);

/** A workbook written sheet by sheet, row by row, to a file: committed rows leave memory. */
export function openBook(file: string) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  return {
    sheet(name: string, header: string[], widths?: number[]) {
      const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
      ws.columns = header.map((h, i) => ({ header: h, key: String(i), width: widths?.[i] ?? Math.max(10, Math.min(40, h.length * 2 + 4)) }));
      const head = ws.getRow(1);
      head.font = { bold: true };
      head.commit();
      return {
        add(row: Cell[]) {
          ws.addRow(row).commit();
        },
        done() {
          ws.commit();
        },
      };
    },
    commit: () => wb.commit(),
  };
}
export type Book = ReturnType<typeof openBook>;

/** A timestamp in the school's time zone, as people read it: 2026-03-02 14:05. */
function clockText(deps: Deps) {
  const fmt = new Intl.DateTimeFormat('sv-SE', { timeZone: deps.config.schoolTimezone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  return (iso: string | Date) => fmt.format(typeof iso === 'string' ? new Date(iso) : iso);
}

const KIND_WORD = { plan: 'kindPlan', free: 'kindFree', invited: 'kindInvited', temporary: 'kindTemporary' } as const;
const TYPE_WORD = { ordinary: 'typeOrdinary', expert: 'typeExpert', teacherPeer: 'typeTeacherPeer', student: 'typeStudent' } as const;
const BAND_WORD = { lt60: 'bandLt60', '60to70': 'band60to70', '70to80': 'band70to80', '80to90': 'band80to90', ge90: 'bandGe90' } as const;

/** Reads every row after the other in keyset batches, each batch in its own short transaction. */
async function eachBatch<R>(read: (after: evalRepo.RowCursor | undefined) => Promise<R[]>, cursorOf: (r: R) => evalRepo.RowCursor, fn: (rows: R[]) => Promise<void>) {
  let after: evalRepo.RowCursor | undefined;
  for (;;) {
    const rows = await read(after);
    if (!rows.length) return;
    await fn(rows);
    if (rows.length < EXPORT_BATCH) return;
    after = cursorOf(rows[rows.length - 1]!);
  }
}

type Writer = (w: { ctx: MemberCtx; jc: JobContext; book: Book; words: Words; rowsAllowed: boolean }) => Promise<number>;

/** Evaluation statistics: the screen's figures, groups, bands, indicators, weeks, rankings, supervisors; then every evaluation. */
function evaluationWriter(q: Extract<z.output<typeof ZStatsExportRequest>, { view: 'evaluation' }>['query']): Writer {
  return async ({ ctx, jc, book, words: w, rowsAllowed }) => {
    const { groupBy: _g, ...filters } = q;
    const data = await evalSvc.evaluationStats(ctx, q);
    const scoped = await inSchool(ctx, async (tx) => {
      const s = await evalSvc.resolveScope(tx, ctx, filters);
      const template = s.f.templateId ? await evalRepo.template(tx, s.f.templateId) : undefined;
      const plan = s.f.planId ? await evalRepo.plan(tx, s.f.planId) : undefined;
      const total = rowsAllowed ? await evalRepo.evaluationCount(tx, s.f, s.reach) : 0;
      return { ...s, template, plan, total };
    });
    const total = scoped.total + 1;
    await jc.progress(0, total);
    const at = clockText(ctx.deps);

    const sum = book.sheet(w('sheetSummary'), [w('item'), w('scope'), w('school')], [28, 36, 20]);
    const info: [TStatsExportText, Cell][] = [
      ['view', w('viewEvaluation')], ['semester', data.semester.name], ['from', q.from ?? null], ['to', q.to ?? null],
      ['unit', data.subject.orgUnit?.name ?? null], ['teacher', data.subject.teacher ? `${data.subject.teacher.name} (${data.subject.teacher.account})` : null],
      ['course', data.subject.course ? `${data.subject.course.name} ${data.subject.course.code}` : null], ['template', scoped.template?.name ?? null], ['plan', scoped.plan?.name ?? null],
      ['evaluationType', q.evaluationType ? w(TYPE_WORD[q.evaluationType]) : null], ['kind', q.kind ? w(KIND_WORD[q.kind]) : null],
      ['asOf', at(data.asOf)], ['rows', scoped.total],
    ];
    for (const [k, v] of info) if (v !== null) sum.add([w(k), v]);
    if (data.ownOnly) sum.add([w('ownOnly'), w('yes')]);
    sum.add([]);
    for (const k of ['evaluations', 'teachersEvaluated', 'teachersTeaching', 'coverage', 'meanPercent'] as const) sum.add([w(k), data.scope[k], data.school[k]]);
    sum.done();

    if (data.groupBy !== 'none') {
      const byUnit = data.groupBy === 'unit';
      const g = book.sheet(w('sheetGroups'), [w(byUnit ? 'unit' : 'teacher'), w(byUnit ? 'parentUnit' : 'account'), w('evaluations'), w('teachersEvaluated'), w('teachersTeaching'), w('coverage'), w('meanPercent')]);
      for (const r of data.groups) g.add([r.name, byUnit ? r.parentName : r.account, r.evaluations, r.teachersEvaluated, r.teachersTeaching, r.coverage, r.meanPercent]);
      g.done();
    }
    const d = book.sheet(w('sheetDistribution'), [w('band'), w('count'), w('schoolCount')]);
    for (const b of data.distribution) d.add([w(BAND_WORD[b.band]), b.count, b.schoolCount]);
    d.done();
    const ind = book.sheet(w('sheetIndicators'), [w('indicator'), w('percent'), w('schoolPercent'), w('count'), w('schoolCount')], [30]);
    for (const i of data.indicators) ind.add([i.name, i.percent, i.schoolPercent, i.count, i.schoolCount]);
    ind.done();
    const tr = book.sheet(w('sheetTrend'), [w('week'), w('evaluations'), w('meanPercent'), w('schoolEvaluations'), w('schoolMeanPercent')]);
    for (const t of data.trend) tr.add([t.week, t.evaluations, t.meanPercent, t.schoolEvaluations, t.schoolMeanPercent]);
    tr.done();
    if (data.top.length || data.bottom.length) {
      const rk = book.sheet(w('sheetRanks'), [w('list'), w('teacher'), w('account'), w('unit'), w('evaluations'), w('meanPercent')]);
      for (const [list, rows] of [['top', data.top], ['bottom', data.bottom]] as const) {
        for (const r of rows) rk.add([w(list), r.teacher.name, r.teacher.account, r.orgUnitName, r.evaluations, r.meanPercent]);
      }
      rk.done();
    }
    if (data.supervisors) {
      const sv = book.sheet(w('sheetSupervisors'), [w('supervisor'), w('account'), w('plans'), w('attended'), w('required')]);
      for (const s of data.supervisors) sv.add([s.supervisor.name, s.supervisor.account, s.plans, s.attended, s.required]);
      sv.done();
    }
    await jc.progress(1, total);
    if (!rowsAllowed) return 0;

    const ev = book.sheet(w('sheetEvaluations'), [
      w('lessonDate'), w('week'), w('session'), w('course'), w('courseCode'), w('teacher'), w('account'), w('unit'), w('evaluator'), w('evaluatorAccount'), w('anonymous'),
      w('kind'), w('plan'), w('template'), w('score'), w('fullScore'), w('percent'), w('submittedAt'),
    ], [12, 6, 6, 24, 14, 12, 12, 18, 12, 14, 8, 12, 20, 20, 8, 8, 8, 17]);
    let written = 0;
    await eachBatch(
      (after) => inSchool(ctx, (tx) => evalRepo.evaluationBatch(tx, scoped.f, scoped.reach, after, EXPORT_BATCH)),
      (r) => ({ lessonDate: r.lessonDate, session: r.sessionStart, id: r.evaluationId }),
      async (rows) => {
        for (const r of rows) {
          // The query reads no evaluator of an anonymous evaluation; the cells say so rather than stay blank.
          ev.add([
            r.lessonDate, r.week, r.sessionStart, r.courseName, r.courseCode, r.teacherName, r.teacherAccount, r.orgUnitName,
            r.anonymous ? w('anonymous') : r.evaluatorName, r.anonymous ? null : r.evaluatorAccount, r.anonymous ? w('yes') : w('no'),
            w(KIND_WORD[r.kind]), r.planName, r.templateName, r.score, r.fullScore, r.fullScore > 0 ? round1((r.score / r.fullScore) * 100) : 0, at(r.submittedAt),
          ]);
        }
        written += rows.length;
        await jc.progress(1 + written, total);
      },
    );
    ev.done();
    return written;
  };
}

const RATE_WORD = { attendance: 'attendance', headUp: 'headUp', frontRow: 'frontRow' } as const;

/** Three-rate statistics: the figures, the groups, the weeks; then every analysed class. */
function threeRateWriter(q: Extract<z.output<typeof ZStatsExportRequest>, { view: 'threeRate' }>['query']): Writer {
  return async ({ ctx, jc, book, words: w, rowsAllowed }) => {
    const { groupBy: _g, ...filters } = q;
    const data = await rateSvc.threeRateStats(ctx, q);
    const scoped = await inSchool(ctx, async (tx) => {
      const s = await rateSvc.resolveScope(tx, ctx, filters);
      return { ...s, total: rowsAllowed ? await rateRepo.classCount(tx, s.f, s.reach) : 0 };
    });
    const total = scoped.total + 1;
    await jc.progress(0, total);
    const at = clockText(ctx.deps);
    const s = data.subject;
    const sum = book.sheet(w('sheetSummary'), [w('item'), w('scope'), w('school')], [28, 36, 20]);
    const info: [TStatsExportText, Cell][] = [
      ['view', w('viewThreeRate')], ['semester', data.semester.name], ['from', q.from ?? null], ['to', q.to ?? null],
      ['unit', s.orgUnit?.name ?? null], ['teacher', s.teacher ? `${s.teacher.name} (${s.teacher.account})` : null], ['course', s.course ? `${s.course.name} ${s.course.code}` : null],
      ['building', s.building?.name ?? null], ['classroom', s.classroom?.name ?? null], ['session', q.session ?? null], ['week', q.week ?? null],
      ['groupBy', w(data.groupBy)], ['asOf', at(data.asOf)], ['rows', scoped.total],
    ];
    for (const [k, v] of info) if (v !== null) sum.add([w(k), v]);
    if (data.ownOnly) sum.add([w('ownOnly'), w('yes')]);
    sum.add([]);
    sum.add([w('heldClasses'), data.scopeHeld, null]);
    for (const k of ['classes', 'attendance', 'headUp', 'frontRow', 'attendanceClasses', 'headUpClasses', 'frontRowClasses'] as const) sum.add([w(k), data.scope[k], data.school[k]]);
    sum.done();

    const g = book.sheet(w('sheetGroups'), [w('name'), w('detail'), w('classes'), w('attendance'), w('headUp'), w('frontRow'), w('attendanceClasses'), w('headUpClasses'), w('frontRowClasses')], [24, 18]);
    const groupName = (key: string, name: string) => (data.groupBy === 'week' ? `${w('week')} ${key}` : data.groupBy === 'session' ? `${w('session')} ${key}` : name);
    for (const r of data.groups) g.add([groupName(r.key, r.name), r.detail, r.classes, r.attendance, r.headUp, r.frontRow, r.attendanceClasses, r.headUpClasses, r.frontRowClasses]);
    g.done();
    const tr = book.sheet(w('sheetTrend'), [w('week'), w('classes'), w('attendance'), w('headUp'), w('frontRow'), w('schoolClasses'), w('schoolAttendance'), w('schoolHeadUp'), w('schoolFrontRow')]);
    for (const t of data.trend) tr.add([t.week, t.scope.classes, t.scope.attendance, t.scope.headUp, t.scope.frontRow, t.school.classes, t.school.attendance, t.school.headUp, t.school.frontRow]);
    tr.done();
    await jc.progress(1, total);
    if (!rowsAllowed) return 0;

    const cl = book.sheet(w('sheetClasses'), [
      w('lessonDate'), w('week'), w('session'), w('course'), w('courseCode'), w('teacher'), w('account'), w('unit'), w('building'), w('classroom'), w('source'),
      w(RATE_WORD.attendance), w(RATE_WORD.headUp), w(RATE_WORD.frontRow), w('expectedStudents'), w('presentAvg'), w('frontRowExpected'), w('frontRowActual'),
    ], [12, 6, 6, 24, 14, 12, 12, 18, 14, 10, 10]);
    let written = 0;
    await eachBatch(
      (after) => inSchool(ctx, (tx) => rateRepo.classBatch(tx, scoped.f, scoped.reach, after, EXPORT_BATCH)),
      (r) => ({ lessonDate: r.lessonDate, session: r.session, id: r.courseSessionId }),
      async (rows) => {
        for (const r of rows) {
          cl.add([
            r.lessonDate, r.week, r.session, r.courseName, r.courseCode, r.teacherName, r.teacherAccount, r.orgUnitName, r.buildingName, r.classroomName, w(r.source),
            round1(r.attendance), round1(r.headUp), round1(r.frontRow), r.expectedStudents, round1(r.presentAvg), r.frontRowExpected, round1(r.frontRowActual),
          ]);
        }
        written += rows.length;
        await jc.progress(1 + written, total);
      },
    );
    cl.done();
    return written;
  };
}

/** Sensitive-topic classrooms: the figures, categories and severities; then every class with hits. */
function sensitiveWriter(q: Extract<z.output<typeof ZStatsExportRequest>, { view: 'sensitive' }>['query']): Writer {
  return async ({ ctx, jc, book, words: w, rowsAllowed }) => {
    const data = await sensSvc.sensitiveStats(ctx, q);
    const scoped = await inSchool(ctx, (tx) => sensSvc.resolveScope(tx, ctx, q));
    const count = rowsAllowed ? data.scope.classesWithHits : 0;
    const total = count + 1;
    await jc.progress(0, total);
    const at = clockText(ctx.deps);
    const s = data.subject;
    const sum = book.sheet(w('sheetSummary'), [w('item'), w('scope'), w('school')], [28, 36, 20]);
    const info: [TStatsExportText, Cell][] = [
      ['view', w('viewSensitive')], ['semester', data.semester.name], ['from', q.from ?? null], ['to', q.to ?? null], ['unit', s.orgUnit?.name ?? null],
      ['teacher', s.teacher ? `${s.teacher.name} (${s.teacher.account})` : null], ['course', s.course ? `${s.course.name} ${s.course.code}` : null],
      ['category', q.category ?? null], ['severity', q.severity ? w(q.severity) : null], ['asOf', at(data.asOf)], ['rows', count],
    ];
    for (const [k, v] of info) if (v !== null) sum.add([w(k), v]);
    if (data.ownOnly) sum.add([w('ownOnly'), w('yes')]);
    sum.add([]);
    for (const k of ['analysedClasses', 'classesWithHits', 'hits', 'share'] as const) sum.add([w(k), data.scope[k], data.school[k]]);
    sum.done();
    const cat = book.sheet(w('sheetCategories'), [w('category'), w('classes'), w('hits'), w('mild'), w('moderate'), w('severe')], [20]);
    for (const c of data.categories) cat.add([c.category, c.classes, c.hits, c.mild, c.moderate, c.severe]);
    cat.done();
    const sev = book.sheet(w('sheetSeverities'), [w('severity'), w('classes'), w('hits')]);
    for (const v of data.severities) sev.add([w(v.severity), v.classes, v.hits]);
    sev.done();
    await jc.progress(1, total);
    if (!rowsAllowed) return 0;

    const cl = book.sheet(w('sheetClasses'), [
      w('lessonDate'), w('week'), w('session'), w('course'), w('courseCode'), w('teacher'), w('account'), w('unit'), w('building'), w('classroom'),
      w('hits'), w('severity'), w('categories'), w('words'),
    ], [12, 6, 6, 24, 14, 12, 12, 18, 14, 10, 8, 8, 24, 40]);
    let written = 0;
    await eachBatch(
      (after) => inSchool(ctx, (tx) => sensRepo.classBatch(tx, scoped.f, scoped.reach, after, EXPORT_BATCH)),
      (r) => ({ lessonDate: r.lessonDate, session: r.session, id: r.courseSessionId }),
      async (rows) => {
        for (const r of rows) {
          cl.add([
            r.lessonDate, r.week, r.session, r.courseName, r.courseCode, r.teacherName, r.teacherAccount, r.orgUnitName, r.buildingName, r.classroomName,
            r.hits, w(sensRepo.rankToSeverity(r.rank)), [...r.categories].sort().join(', '), [...r.words].sort().join(', '),
          ]);
        }
        written += rows.length;
        await jc.progress(1 + written, total);
      },
    );
    cl.done();
    return written;
  };
}

/** One class's sensitive-word hits, in the order heard. */
function sensitiveHitsWriter(q: { courseSessionId: string }): Writer {
  return async ({ ctx, jc, book, words: w }) => {
    const d = await sensSvc.sensitiveClassHits(ctx, q);
    await jc.progress(0, d.hits.length + 1);
    const at = clockText(ctx.deps);
    const sum = book.sheet(w('sheetSummary'), [w('item'), w('value')], [24, 40]);
    const info: [TStatsExportText, Cell][] = [
      ['view', w('viewSensitiveHits')], ['course', `${d.course.name} ${d.course.code}`], ['teacher', `${d.teacher.name} (${d.teacher.account})`],
      ['lessonDate', d.lessonDate], ['week', d.week], ['session', d.session], ['unit', d.orgUnitName], ['building', d.buildingName], ['classroom', d.classroomName],
      ['source', w(d.source)], ['hits', d.hits.length], ['asOf', at(ctx.deps.now())],
    ];
    for (const [k, v] of info) if (v !== null) sum.add([w(k), v]);
    sum.done();
    const hs = book.sheet(w('sheetHits'), [w('moment'), w('at'), w('word'), w('category'), w('severity'), w('context')], [10, 17, 14, 14, 8, 60]);
    for (const h of d.hits) hs.add([round1(h.start), h.at ? at(h.at) : null, h.word, h.category, w(h.severity), h.context]);
    hs.done();
    await jc.progress(d.hits.length + 1, d.hits.length + 1);
    return d.hits.length;
  };
}

function writerOf(r: z.output<typeof ZStatsExportRequest>): Writer {
  switch (r.view) {
    case 'evaluation': return evaluationWriter(r.query);
    case 'threeRate': return threeRateWriter(r.query);
    case 'sensitive': return sensitiveWriter(r.query);
    case 'sensitiveHits': return sensitiveHitsWriter(r.query);
  }
}

/** The reader as they were when they asked, for the views' own services (reach, language). */
function readerCtx(deps: Deps, jc: JobContext, p: Payload): MemberCtx {
  return {
    deps, lang: p.lang, ip: '', userAgent: '',
    auth: {
      sessionId: '', accountId: jc.job.createdBy ?? '', account: '', name: '', schoolId: jc.job.schoolId, identity: p.identity,
      permissions: p.permissions, mustChangePassword: false, sso: false,
    },
  };
}

/** The export job: builds the workbook in a temporary folder, then stores it under the school's prefix. */
export function exportJob(deps: Deps): JobHandler {
  return async (jc) => {
    const p = ZPayload.parse(jc.job.payload);
    if (!jc.job.createdBy) throw new AppError('common.notFound'); // its reader's account is gone
    const ctx = readerCtx(deps, jc, p);
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-export-'));
    const file = path.join(dir, 'export.xlsx');
    try {
      const book = openBook(file);
      const rows = await writerOf(p.request)({ ctx, jc, book, words: wordsOf(p.lang), rowsAllowed: p.permissions.includes(ACCESS[p.request.view].rows) });
      await book.commit();
      const { size } = await fsp.stat(file);
      const fileKey = `schools/${jc.job.schoolId}/statistics-exports/${crypto.randomBytes(16).toString('hex')}.xlsx`;
      await deps.storage.put(fileKey, fs.createReadStream(file), size);
      const fileName = `${FILE_NAMES[p.request.view]}-${jc.now().toISOString().slice(0, 10)}.xlsx`;
      return { fileKey, fileName, rows, size };
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  };
}

/** Hourly in each school: exports' files past their keeping time go, and the sweep's own old runs. */
export function exportSweepJob(deps: Deps): JobHandler {
  return async (jc) => {
    const cutoff = new Date(jc.now().getTime() - STATS_EXPORT_KEEP_HOURS * HOUR_MS).toISOString();
    let removed = 0;
    for (;;) {
      const keys = await jc.inSchool((tx) => repo.expireBefore(tx, EXPORT_JOB, cutoff, 200));
      for (const key of keys) await deps.storage.delete(key).catch((err: unknown) => deps.log.warn({ err, key }, 'statistics.exportSweep: a stored object could not be removed'));
      removed += keys.length;
      if (keys.length < 200) break;
    }
    await jc.inSchool((tx) => deleteFinishedJobsBefore(tx, EXPORT_SWEEP_JOB, cutoff));
    return { removed };
  };
}

