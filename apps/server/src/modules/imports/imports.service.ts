/**
 * Excel import and export (issue 4). An upload becomes a check job (a dry run: every row checked,
 * nothing written); a clean check may then be run as the import job, which checks again and writes
 * everything in one transaction or nothing. Row errors are stored as reason keys and localized when
 * read, so each reader sees them in their own language.
 */
import crypto from 'node:crypto';
import {
  IMPORT_COLUMNS,
  IMPORT_REASONS,
  IMPORT_SHEET_TEXT,
  ZImportKind,
  formatMessage,
  type TImportJob,
  type TImportKind,
  type TImportReason,
  type TLanguage,
} from '@hxk/contracts';
import { z } from 'zod';
import type { Deps, MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, localizeError } from '../../platform/errors.ts';
import { JobFailure, type JobContext } from '../../platform/jobs.ts';
import { inSchool, platformTx } from '../../platform/tenancy.ts';
import { hashPassword } from '../auth/passwords.ts';
import { countingTx } from '../licence/licence.service.ts';
import { classroomsKind } from './classrooms.ts';
import { coursesKind } from './courses.ts';
import * as repo from './imports.repo.ts';
import type { Counts, KindImpl, PrepareInput } from './kind.ts';
import { people } from './people.ts';
import type { RowError } from './rules.ts';
import { headersOf, readRows, writeWorkbook } from './xlsx.ts';

const KINDS: Record<TImportKind, KindImpl<unknown>> = {
  user: people as KindImpl<unknown>,
  course: coursesKind as KindImpl<unknown>,
  classroom: classroomsKind as KindImpl<unknown>,
};

export const JOB_CHECK = 'import.check';
export const JOB_RUN = 'import.run';

/** A job's payload as the upload (and the run) stored it, checked when read back. */
const ZPayload = z.object({ kind: ZImportKind, fileKey: z.string(), fileName: z.string(), canAddAdmin: z.boolean(), checkJobId: z.string().optional() });
type Payload = z.output<typeof ZPayload>;
type Result = { counts: Counts & { rows: number; errors: number }; errors: RowError[] };
/** What the run reads of a check job's stored result. */
const ZCheckCounts = z.object({ counts: z.object({ rows: z.number(), errors: z.number() }) });
const JOB_KINDS = [JOB_CHECK, JOB_RUN];

// ---------------------------------------------------------------- jobs

async function loadRows(jc: JobContext, deps: Pick<Deps, 'storage'>, p: Payload) {
  const file = await deps.storage.get(p.fileKey);
  if (!file) throw new JobFailure('import.badFile');
  try {
    return await readRows(p.kind, file);
  } catch (err) {
    if (err instanceof AppError) {
      await deps.storage.delete(p.fileKey); // unreadable: no run will need it
      throw new JobFailure(err.key, { params: err.params });
    }
    throw err;
  }
}

const inputOf = (jc: JobContext, p: Payload, rows: PrepareInput['rows']): PrepareInput => ({
  schoolId: jc.job.schoolId,
  rows,
  canAddAdmin: p.canAddAdmin,
  actorId: jc.job.createdBy,
  now: jc.now(),
});

/** The dry run: reads and checks every row in one short read-only transaction. */
export function checkJob(deps: Pick<Deps, 'storage' | 'dbh' | 'config' | 'now'>) {
  return async (jc: JobContext): Promise<Result> => {
    const p = ZPayload.parse(jc.job.payload);
    const rows = await loadRows(jc, deps, p);
    await jc.progress(0, rows.length);
    const impl = KINDS[p.kind];
    const input = inputOf(jc, p, rows);
    const res = await openFor(jc, deps, impl)(async (tx, fits) => {
      const prep = await impl.prepare(tx, input);
      if (!prep.errors.count) {
        try {
          fits(prep.counts.created);
        } catch (err) {
          // Past the licence's limit: said now, before anyone runs it; a smaller file is uploaded again.
          await deps.storage.delete(p.fileKey);
          throw err;
        }
      }
      return prep;
    });
    await jc.progress(rows.length, rows.length);
    // A file with errors is never imported: a fixed one is uploaded again.
    if (res.errors.count) await deps.storage.delete(p.fileKey);
    return { counts: { rows: rows.length, errors: res.errors.count, ...res.counts }, errors: res.errors.sorted() };
  };
}

/**
 * The transaction a kind's check and run work in: the 'jobs' platform path, the school's, or — for a
 * kind whose creations count against the licence — the school's under the licence's counting lock,
 * whose `fits(created)` refuses a plan past the limit (decision 0027).
 */
function openFor(jc: JobContext, deps: Pick<Deps, 'dbh' | 'config' | 'now'>, impl: KindImpl<unknown>) {
  const any = () => undefined;
  return <T>(fn: (tx: Tx, fits: (adding: number) => void) => Promise<T>): Promise<T> => {
    if (impl.mode === 'platform') return platformTx(jc.dbh.db, 'jobs', (tx) => fn(tx, any));
    if (impl.counted) return countingTx(deps, jc.job.schoolId, impl.counted, fn);
    return jc.inSchool((tx) => fn(tx, any));
  };
}

/** The school's default password for new accounts: its global setting, else the deployment's. */
async function defaultPasswordHash(tx: Tx, schoolId: string, fallback: string) {
  return hashPassword((await repo.schoolDefaultPassword(tx, schoolId)) || fallback);
}

/** The import: checks again and writes in one transaction; any bad row rolls everything back. */
export function runJob(deps: Pick<Deps, 'storage' | 'dbh' | 'config' | 'now'>) {
  return async (jc: JobContext): Promise<Result> => {
    const p = ZPayload.parse(jc.job.payload);
    const rows = await loadRows(jc, deps, p);
    await jc.progress(0, rows.length);
    const impl = KINDS[p.kind];
    const input = inputOf(jc, p, rows);
    let fits: (adding: number) => void = () => undefined;
    const opened = openFor(jc, deps, impl);
    const open = <T>(fn: (tx: Tx) => Promise<T>) =>
      opened((tx, f) => {
        fits = f;
        return fn(tx);
      });
    const res = await jc.longTx<{ counts: Counts }>(open, async (tx) => {
      const prep = await impl.prepare(tx, input);
      if (prep.errors.count) {
        throw new JobFailure('import.rowErrors', { counts: { rows: rows.length, errors: prep.errors.count, created: 0, updated: 0 }, errors: prep.errors.sorted() } satisfies Result);
      }
      // Counted again at the run: other classrooms may have been created since the check.
      fits(prep.counts.created);
      await impl.apply(tx, { ...input, defaultPasswordHash: () => defaultPasswordHash(tx, jc.job.schoolId, deps.config.defaultResetPassword) }, prep.plan, (done) => jc.progress(done, rows.length));
      return prep;
    });
    // Imported: the uploaded file has served its purpose (a failed import keeps it for another run).
    await deps.storage.delete(p.fileKey);
    return { counts: { rows: rows.length, errors: 0, ...res.counts }, errors: [] };
  };
}

// ---------------------------------------------------------------- requests

const fileKeyOf = (schoolId: string) => `schools/${schoolId}/imports/${crypto.randomBytes(16).toString('hex')}.xlsx`;

/** Stores the uploaded workbook and queues its check. */
export async function upload(ctx: MemberCtx, kind: TImportKind, file: { filename: string; data: Buffer }) {
  const { schoolId, accountId } = ctx.auth;
  if (file.data.length < 4 || file.data.readUInt32LE(0) !== 0x04034b50) throw new AppError('import.badFile');
  const fileKey = fileKeyOf(schoolId);
  await ctx.deps.storage.put(fileKey, file.data);
  const payload: Payload = { kind, fileKey, fileName: file.filename.slice(0, 255), canAddAdmin: ctx.auth.permissions.includes('user:addAdmin') };
  const jobId = await inSchool(ctx, (tx) => ctx.deps.jobs.enqueue(tx, { schoolId, kind: JOB_CHECK, payload, createdBy: accountId }));
  ctx.deps.jobs.wake();
  return { jobId };
}

async function findJob(tx: Tx, kind: TImportKind, jobId: string, lock = false): Promise<repo.JobRecord> {
  const row = await repo.importJob(tx, JOB_KINDS, kind, jobId, lock);
  if (!row) throw new AppError('common.notFound');
  return row;
}

/** Queues the import of a cleanly checked file; refused while the check runs or has errors. */
export async function run(ctx: MemberCtx, kind: TImportKind, checkJobId: string) {
  const { schoolId, accountId } = ctx.auth;
  const jobId = await inSchool(ctx, async (tx) => {
    const check = await findJob(tx, kind, checkJobId, true);
    if (check.kind !== JOB_CHECK) throw new AppError('common.notFound');
    if (check.status === 'queued' || check.status === 'running') throw new AppError('import.dryRunNotDone');
    const result = check.status === 'done' ? ZCheckCounts.nullable().parse(check.result) : null;
    if (!result || result.counts.errors > 0) throw new AppError('import.dryRunNotClean');
    if (await repo.runOfCheck(tx, JOB_RUN, checkJobId)) throw new AppError('import.alreadyRun');
    const p = ZPayload.parse(check.payload);
    return ctx.deps.jobs.enqueue(tx, { schoolId, kind: JOB_RUN, payload: { ...p, checkJobId } satisfies Payload, createdBy: accountId, total: result.counts.rows });
  });
  ctx.deps.jobs.wake();
  return { jobId };
}

const columnLabel = (kind: TImportKind, column: string, lang: TLanguage) => IMPORT_COLUMNS[kind].find((c) => c.key === column)?.label[lang] ?? '';

export function localizeRowError(kind: TImportKind, e: RowError, lang: TLanguage) {
  const params: Record<string, string | number> = { ...(e.params ?? {}) };
  if (params.otherRow !== undefined) params.other = formatMessage(IMPORT_REASONS.rowOther[lang], { row: params.otherRow });
  else if (params.otherCode !== undefined) params.other = formatMessage(IMPORT_REASONS.courseOther[lang], { code: params.otherCode });
  const template = IMPORT_REASONS[e.reason as TImportReason]?.[lang] ?? e.reason;
  return { row: e.row, column: e.column, columnLabel: columnLabel(kind, e.column, lang), reason: formatMessage(template, params) };
}

/** A job of this kind in the school, with a page of its row errors in the reader's language. */
export async function jobStatus(ctx: MemberCtx, kind: TImportKind, q: { jobId: string; pageNum: number; pageSize: number }): Promise<TImportJob> {
  const offset = (q.pageNum - 1) * q.pageSize;
  // The screen polls this: only the counts and one page of the stored errors leave the database.
  const job = await inSchool(ctx, (tx) => repo.importJobPage(tx, JOB_KINDS, kind, q.jobId, { offset, pageSize: q.pageSize }));
  if (!job) throw new AppError('common.notFound');
  const result = { params: job.params ?? undefined };
  const counts = { rows: 0, created: 0, updated: 0, errors: 0, ...(job.counts ?? {}) };
  const page = job.errorPage ?? [];
  let message: string | null = null;
  if (job.errorKey) {
    const key = job.errorKey;
    const params: Record<string, string | number> = { count: counts.errors, ...(result.params ?? {}) };
    // Column keys become the reader's headers.
    if (key === 'import.missingColumns') params.columns = String(params.columns ?? '').split(',').map((c) => columnLabel(kind, c, ctx.lang) || c).join(ctx.lang === 'en' ? ', ' : '、');
    message = localizeError(key, ctx.lang, params);
  }
  return {
    jobId: job.id,
    kind,
    mode: job.kind === JOB_RUN ? 'run' : 'dryRun',
    status: job.status,
    progress: job.progress,
    total: job.total,
    counts,
    message,
    errorKey: job.errorKey,
    errors: { list: page.map((e) => localizeRowError(kind, e, ctx.lang)), total: Number(job.errorTotal), pageNum: q.pageNum, pageSize: q.pageSize },
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

const FILE_NAMES: Record<TImportKind, string> = { user: 'people', course: 'courses', classroom: 'classrooms' };

function notesSheet(kind: TImportKind, lang: TLanguage) {
  const t = IMPORT_SHEET_TEXT;
  return {
    name: t.notes[lang],
    header: [t.column[lang], t.required[lang], t.description[lang], t.example[lang]],
    widths: [22, 10, 70, 36],
    rows: [
      ...IMPORT_COLUMNS[kind].map((c) => [c.label[lang], c.required ? t.yes[lang] : t.no[lang], c.note[lang], c.example]),
      [],
      [t.firstRow[lang]],
    ],
  };
}

/** The template: headers in the reader's language, one example row, and a notes sheet. */
export async function template(kind: TImportKind, lang: TLanguage) {
  const cols = IMPORT_COLUMNS[kind];
  const data = await writeWorkbook([
    { name: IMPORT_SHEET_TEXT.data[lang], header: headersOf(kind, lang), rows: [cols.map((c) => c.example)], textColumns: true, widths: cols.map((c) => Math.max(14, c.example.length + 4)) },
    notesSheet(kind, lang),
  ]);
  return { data, fileName: `${FILE_NAMES[kind]}-template.xlsx` };
}

/** The export: the same columns as the template, the list screen's filters. */
export async function exportFile(ctx: MemberCtx, kind: TImportKind, filters: Record<string, unknown>) {
  const rows = await inSchool(ctx, (tx) => KINDS[kind].exportRows(tx, ctx.auth.schoolId, filters, ctx.lang));
  const cols = IMPORT_COLUMNS[kind];
  const data = await writeWorkbook([
    { name: IMPORT_SHEET_TEXT.data[ctx.lang], header: headersOf(kind, ctx.lang), rows, textColumns: true, widths: cols.map((c) => Math.max(14, c.example.length + 4)) },
  ]);
  return { data, fileName: `${FILE_NAMES[kind]}-${ctx.deps.now().toISOString().slice(0, 10)}.xlsx` };
}
