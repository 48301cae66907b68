/**
 * The Postgres-backed job queue (ARCHITECTURE section 2, docs/decisions/0006-job-queue.md).
 *
 * A job is a row of `jobs` in one school. Enqueueing inserts the row in the caller's school
 * transaction and wakes the in-process worker after the commit. The worker claims the oldest queued
 * row (or a running row whose lock expired: its worker died) with FOR UPDATE SKIP LOCKED on the
 * named platform path 'jobs' (claiming must look at every school), then runs the kind's handler in
 * the job's school. Progress is written in short transactions as the handler goes; the result (or the
 * error key) is left in the row. Several server nodes may run workers at once: SKIP LOCKED hands
 * each row to one of them, and `attempts` tells a recovered run from the one it replaces.
 *
 * Recurring kinds (`every`): once a minute the worker queues a job of each due kind for every school
 * that had none in the last period, under an advisory lock so that two nodes never queue one round
 * twice; the jobs then run like any other, each in its own school.
 *
 * PGlite has a single connection: a transaction never opens inside another, so progress reported
 * while a handler holds its own long transaction (see `longTx`) is kept and written after it.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { ErrorKey } from '@hxk/contracts';
import { jobs } from '../db/schema/index.ts';
import type { DbHandle, Tx } from './db.ts';
import { AppError } from './errors.ts';
import { platformTx, schoolTx } from './tenancy.ts';
import { col, queryRows } from './sql-rows.ts';

export type JobRow = { id: string; schoolId: string; kind: string; payload: unknown; createdBy: string | null; attempts: number };

/** A failure the handler chose: stored as the job's error key, with an optional result (e.g. the bad rows). */
export class JobFailure extends Error {
  constructor(readonly key: ErrorKey, readonly result: unknown = null) {
    super(key);
  }
}

export type JobContext = {
  job: JobRow;
  dbh: DbHandle;
  now: () => Date;
  /** Records progress (done of total) in its own short transaction, extending the job's lock. */
  progress(done: number, total: number): Promise<void>;
  /** A short transaction in the job's school (row-level security applies). */
  inSchool<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * The handler's one long transaction (an all-or-nothing import): progress reported inside it is
   * written at once on PostgreSQL (another connection) and kept until it ends on PGlite.
   */
  longTx<T>(open: (fn: (tx: Tx) => Promise<T>) => Promise<T>, fn: (tx: Tx) => Promise<T>): Promise<T>;
};

export type JobHandler = (jc: JobContext) => Promise<unknown>;

export type JobQueueOptions = {
  dbh: DbHandle;
  log: FastifyBaseLogger;
  now: () => Date;
  /** How often an idle worker looks for work another node queued (ms). */
  pollMs?: number;
  /** How long a claim holds without progress before another worker may take the job over (s). */
  lockSeconds?: number;
  /** Claims of one job before it is given up as failed ('job.abandoned'). */
  maxAttempts?: number;
};

export type JobQueue = {
  register(kind: string, handler: JobHandler): void;
  /** Runs a registered kind in every school once per `seconds` (the first round a minute after start). */
  every(kind: string, seconds: number): void;
  /** Queues the recurring kinds that are due (all of them when forced); returns how many jobs it queued. */
  enqueueRecurring(force?: boolean): Promise<number>;
  /** Inserts a queued job in the caller's school transaction; call wake() after it commits. */
  enqueue(tx: Tx, input: { schoolId: string; kind: string; payload: unknown; createdBy: string | null; total?: number }): Promise<string>;
  wake(): void;
  start(): void;
  /** Stops polling and waits for the running job, if any, to finish. */
  stop(): Promise<void>;
  /** Claims and runs one job; false when there was none. The worker loop calls it; tests may too. */
  runNext(): Promise<boolean>;
  /** Claims one job without running it (tests of the claim itself). */
  claim(): Promise<JobRow | null>;
};

export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const { dbh, log, now } = opts;
  const pollMs = opts.pollMs ?? 2000;
  const lockSeconds = opts.lockSeconds ?? 300;
  const maxAttempts = opts.maxAttempts ?? 3;
  const handlers = new Map<string, JobHandler>();
  const recurring = new Map<string, { seconds: number; checkAt: number }>();
  let stopped = true;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let pendingWake = false;

  const lockUntil = () => new Date(now().getTime() + lockSeconds * 1000);

  async function claim(): Promise<JobRow | null> {
    for (;;) {
      const rows = await platformTx(dbh.db, 'jobs', (tx) =>
        tx.execute(sql`
          with next as (
            select school_id, id from ${jobs}
            where status = 'queued' or (status = 'running' and locked_until < ${now().toISOString()}::timestamptz)
            order by created_at, id
            limit 1
            for update skip locked
          )
          update ${jobs} j set status = 'running', attempts = j.attempts + 1,
            started_at = coalesce(j.started_at, ${now().toISOString()}::timestamptz), locked_until = ${lockUntil().toISOString()}::timestamptz
          from next where j.school_id = next.school_id and j.id = next.id
          returning j.school_id, j.id, j.kind, j.payload, j.created_by, j.attempts`),
      );
      const r = (rows as unknown as { rows: Record<string, unknown>[] }).rows[0];
      if (!r) return null;
      const job: JobRow = { id: String(r.id), schoolId: String(r.school_id), kind: String(r.kind), payload: r.payload, createdBy: r.created_by == null ? null : String(r.created_by), attempts: Number(r.attempts) };
      if (job.attempts <= maxAttempts) return job;
      // Claimed again and again without finishing (each worker that took it died): give it up.
      await finish(job, { status: 'failed', errorKey: 'job.abandoned', result: null });
    }
  }

  async function finish(job: JobRow, end: { status: 'done' | 'failed'; errorKey: string | null; result: unknown }) {
    await schoolTx(dbh.db, job.schoolId, (tx) =>
      tx.execute(sql`
        update ${jobs} set status = ${end.status}, error_key = ${end.errorKey}, result = ${end.result === null ? null : JSON.stringify(end.result)}::jsonb,
          progress = case when ${end.status} = 'done' then greatest(total, progress) else progress end,
          finished_at = ${now().toISOString()}::timestamptz, locked_until = null
        where id = ${job.id} and attempts = ${job.attempts}`),
    );
  }

  async function run(job: JobRow): Promise<void> {
    const handler = handlers.get(job.kind);
    if (!handler) {
      log.error({ kind: job.kind, jobId: job.id }, 'no handler for job kind');
      await finish(job, { status: 'failed', errorKey: 'job.failed', result: null });
      return;
    }
    let inLongTx = false;
    let pending: [number, number] | null = null;
    const write = (done: number, total: number) =>
      schoolTx(dbh.db, job.schoolId, (tx) =>
        tx.execute(sql`update ${jobs} set progress = ${done}, total = ${total}, locked_until = ${lockUntil().toISOString()}::timestamptz where id = ${job.id} and attempts = ${job.attempts}`),
      ).then(() => undefined);
    const jc: JobContext = {
      job,
      dbh,
      now,
      async progress(done, total) {
        if (inLongTx && dbh.driver === 'pglite') {
          pending = [done, total];
          return;
        }
        await write(done, total);
      },
      inSchool: (fn) => schoolTx(dbh.db, job.schoolId, fn),
      async longTx(open, fn) {
        inLongTx = true;
        try {
          return await open(fn);
        } finally {
          inLongTx = false;
          if (pending) {
            const [d, t] = pending;
            pending = null;
            await write(d, t).catch(() => undefined);
          }
        }
      },
    };
    try {
      const result = await handler(jc);
      await finish(job, { status: 'done', errorKey: null, result: result ?? null });
    } catch (err) {
      if (err instanceof JobFailure) {
        await finish(job, { status: 'failed', errorKey: err.key, result: err.result });
      } else if (err instanceof AppError) {
        await finish(job, { status: 'failed', errorKey: err.key, result: err.params && Object.keys(err.params).length ? { params: err.params } : null });
      } else {
        log.error({ err, jobId: job.id, kind: job.kind }, 'job failed');
        await finish(job, { status: 'failed', errorKey: 'job.failed', result: null });
      }
    }
  }

  async function enqueueRecurring(force = false): Promise<number> {
    let queued = 0;
    for (const [kind, r] of recurring) {
      const t = now().getTime();
      if (!force && t < r.checkAt) continue;
      r.checkAt = t + Math.min(r.seconds, 60) * 1000;
      const at = new Date(t).toISOString();
      const since = new Date(t - r.seconds * 1000).toISOString();
      queued += await platformTx(dbh.db, 'jobs', async (tx) => {
        // One node at a time decides, so a round is queued once whatever the number of nodes.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hxk.recurring.${kind}`}))`);
        const res = await tx.execute(sql`
          insert into ${jobs} (school_id, kind, payload, created_at)
          select s.id, ${kind}, '{}'::jsonb, ${at}::timestamptz from schools s
          where not exists (select 1 from ${jobs} j where j.school_id = s.id and j.kind = ${kind} and j.created_at > ${since}::timestamptz)
          returning id`);
        return (res as unknown as { rows: unknown[] }).rows.length;
      });
    }
    return queued;
  }

  async function runNext(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    await run(job);
    return true;
  }

  async function work() {
    while (!stopped) {
      pendingWake = false;
      let ran = false;
      try {
        if (recurring.size) await enqueueRecurring();
        ran = await runNext();
      } catch (err) {
        if (stopped) return;
        log.error({ err }, 'job worker: claim failed');
      }
      if (ran || stopped) continue;
      if (pendingWake) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  }

  return {
    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
      handlers.set(kind, handler);
    },
    every(kind, seconds) {
      if (!handlers.has(kind)) throw new Error(`recurring job kind ${kind} has no handler`);
      recurring.set(kind, { seconds, checkAt: now().getTime() + 60_000 });
    },
    enqueueRecurring,
    async enqueue(tx, input) {
      const [row] = await tx
        .insert(jobs)
        .values({ schoolId: input.schoolId, kind: input.kind, payload: input.payload as object, createdBy: input.createdBy, total: input.total ?? 0, createdAt: now() })
        .returning({ id: jobs.id });
      return row!.id;
    },
    wake() {
      pendingWake = true;
      wakeUp?.();
    },
    start() {
      if (!stopped) return;
      stopped = false;
      loop = work();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      loop = null;
    },
    runNext,
    claim,
  };
}

/** Per kind: jobs waiting, jobs running, and the age of the oldest waiting one (platform/metrics.ts). */
export type JobQueueStats = { kind: string; queued: number; running: number; oldestQueuedSeconds: number };

/**
 * What operators watch on the queue (GET /metrics): read across every school on the 'jobs' path, as
 * the worker's claim does, through the (status, created_at) index. Ages are from `now` (the app's
 * clock, as enqueue stamps created_at) so they agree with the rows.
 */
export async function jobQueueStats(dbh: DbHandle, now: Date): Promise<JobQueueStats[]> {
  return platformTx(dbh.db, 'jobs', (tx) =>
    queryRows(
      tx,
      z.object({ kind: col.text, queued: col.int, running: col.int, oldest: col.num }),
      sql`
        select kind, count(*) filter (where status = 'queued')::int as queued, count(*) filter (where status = 'running')::int as running,
          coalesce(extract(epoch from (${now.toISOString()}::timestamptz - min(created_at) filter (where status = 'queued'))), 0)::float8 as oldest
        from ${jobs} where status in ('queued', 'running') group by kind order by kind`,
    ),
  ).then((rows) => rows.map((r) => ({ kind: r.kind, queued: r.queued, running: r.running, oldestQueuedSeconds: Math.max(0, r.oldest) })));
}
