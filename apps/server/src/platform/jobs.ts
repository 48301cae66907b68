/**
 * The Postgres-backed job queue (ARCHITECTURE section 2, docs/decisions/0006-job-queue.md and
 * 0021-job-fairness-and-worker.md).
 *
 * A job is a row of `jobs` in one school. Enqueueing inserts the row in the caller's school
 * transaction and wakes the in-process worker after the commit. The worker claims, per kind, the
 * queued row whose turn (`fair_at`) comes first, or a running row whose lock expired (its worker
 * died), with FOR UPDATE SKIP LOCKED on the named platform path 'jobs' (claiming must look at every
 * school), then runs the kind's handler in the job's school. Progress is written in short
 * transactions as the handler goes; the result (or the error key) is left in the row. Several
 * processes (server nodes, `npm run worker`) may run workers at once: SKIP LOCKED hands each row to
 * one of them, and `attempts` tells a recovered run from the one it replaces.
 *
 * Fairness: a job's turn is its enqueue time, pushed back FAIR_STEP_SECONDS for each job of its
 * school and kind already waiting or running, so a school that queues twenty jobs has them
 * interleaved with other schools' jobs instead of ahead of them.
 *
 * Concurrency: a worker runs up to `maxRunning` jobs at once, and never more of a kind than the
 * kind's `concurrency` (1 unless registered otherwise; 0 leaves the kind to other processes); a kind
 * at its limit is simply not claimed, and heavy kinds (AI analysis) together leave one slot to the
 * light ones, so imports keep flowing while analyses run. `run` chooses which kinds this process
 * claims at all (JOBS_RUN: all, light, heavy or none).
 *
 * Recurring kinds (`every`): once a minute the worker queues a job of each due kind for every school
 * that had none in the last period, under an advisory lock so that two nodes never queue one round
 * twice; the jobs then run like any other, each in its own school.
 *
 * PGlite has a single connection: a transaction never opens inside another, so progress reported
 * while a handler holds its own long transaction (see `longTx`) is kept and written after it; jobs
 * running side by side take turns on the connection for their (short) transactions.
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

/** Which kinds a process claims (JOBS_RUN): every kind, the light ones, the heavy ones, or none. */
export const JOB_RUN_MODES = ['all', 'light', 'heavy', 'none'] as const;
export type JobRunMode = (typeof JOB_RUN_MODES)[number];

export type JobKindOptions = {
  /** Jobs of the kind one process runs at once (default 1; 0: this process leaves the kind to others). */
  concurrency?: number;
  /** A heavy kind (AI analysis: minutes of CPU) is left to worker processes by JOBS_RUN=light. */
  heavy?: boolean;
};

/**
 * How far each job of a school already waiting or running pushes its next job of the same kind back
 * in the queue: about one analysis of a class. Another school's job queued within that step goes first.
 */
export const FAIR_STEP_SECONDS = 600;

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
  /** Jobs this process runs at once, all kinds together (default 4); heavy ones leave one of them to light kinds. */
  maxRunning?: number;
  /** Which kinds this process claims (default all). */
  run?: JobRunMode;
};

export type JobQueue = {
  register(kind: string, handler: JobHandler, options?: JobKindOptions): void;
  /** Runs a registered kind in every school once per `seconds` (the first round a minute after start). */
  every(kind: string, seconds: number): void;
  /** Queues the recurring kinds that are due (all of them when forced); returns how many jobs it queued. */
  enqueueRecurring(force?: boolean): Promise<number>;
  /** Inserts a queued job in the caller's school transaction; call wake() after it commits. */
  enqueue(tx: Tx, input: { schoolId: string; kind: string; payload: unknown; createdBy: string | null; total?: number }): Promise<string>;
  wake(): void;
  /** Starts the worker loop (not with run 'none'). */
  start(): void;
  /** Stops claiming and waits for the running jobs to finish. */
  stop(): Promise<void>;
  /** Claims and runs one job of a kind this process runs, whatever is running; false when there was none (tests). */
  runNext(): Promise<boolean>;
  /** Claims one job without running it (tests of the claim itself); by default of the kinds this process may start now. */
  claim(kinds?: readonly string[]): Promise<JobRow | null>;
  /** Jobs this process is running now, per kind. */
  running(): Record<string, number>;
};

export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const { dbh, log, now } = opts;
  const pollMs = opts.pollMs ?? 2000;
  const lockSeconds = opts.lockSeconds ?? 300;
  const maxAttempts = opts.maxAttempts ?? 3;
  const maxRunning = opts.maxRunning ?? 4;
  const mode = opts.run ?? 'all';
  const handlers = new Map<string, { handler: JobHandler; concurrency: number; heavy: boolean }>();
  const recurring = new Map<string, { seconds: number; checkAt: number }>();
  const runningByKind = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  let stopped = true;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let pendingWake = false;

  const lockUntil = () => new Date(now().getTime() + lockSeconds * 1000);
  const runsHere = (h: { heavy: boolean; concurrency: number }) => h.concurrency > 0 && (mode === 'all' || (mode === 'light' && !h.heavy) || (mode === 'heavy' && h.heavy));
  /** The kinds this process runs at all. */
  const ownKinds = () => [...handlers].filter(([, h]) => runsHere(h)).map(([kind]) => kind);
  /**
   * Heavy jobs at once, all heavy kinds together: in a process that runs light kinds too, one slot
   * stays for them, so an import never waits behind analyses however many heavy kinds there are.
   */
  const heavySlots = mode === 'all' ? Math.max(1, maxRunning - 1) : maxRunning;
  /** The kinds it may start one more job of now: below the kind's concurrency and the process's totals. */
  const startable = () => {
    if (inFlight.size >= maxRunning) return [];
    const heavyRunning = [...handlers].reduce((n, [kind, h]) => n + (h.heavy ? (runningByKind.get(kind) ?? 0) : 0), 0);
    return [...handlers]
      .filter(([kind, h]) => runsHere(h) && (runningByKind.get(kind) ?? 0) < h.concurrency && (!h.heavy || heavyRunning < heavySlots))
      .map(([kind]) => kind);
  };
  const kindList = (kinds: readonly string[]) => sql`array[${sql.join(kinds.map((k) => sql`${k}`), sql`, `)}]::text[]`;

  const Claimed = z.object({ school_id: col.text, id: col.text, kind: col.text, payload: z.unknown(), created_by: col.textOrNull, attempts: col.int });

  async function claimOnce(kinds: readonly string[]): Promise<JobRow | null> {
    const at = now().toISOString();
    const take = sql`update ${jobs} j set status = 'running', attempts = j.attempts + 1,
        started_at = coalesce(j.started_at, ${at}::timestamptz), locked_until = ${lockUntil().toISOString()}::timestamptz
      from next where j.school_id = next.school_id and j.id = next.id
      returning j.school_id::text as school_id, j.id::text as id, j.kind, j.payload, j.created_by::text as created_by, j.attempts`;
    const rows = await platformTx(dbh.db, 'jobs', async (tx) => {
      // A run whose worker died (its lock expired) first: it has waited longest. Running rows are few
      // (jobs_queue_idx on status).
      const stale = await queryRows(tx, Claimed, sql`
        with next as (
          select school_id, id from ${jobs}
          where status = 'running' and locked_until < ${at}::timestamptz and kind = any(${kindList(kinds)})
          order by locked_until, id
          limit 1
          for update skip locked
        ) ${take}`);
      if (stale.length) return stale;
      // Then, of each kind, the queued job whose turn comes first (jobs_claim_idx), and of those the
      // earliest. Each kind's head is locked (SKIP LOCKED passes over a row another claim holds) and the
      // heads not taken are released when this short transaction ends.
      return queryRows(tx, Claimed, sql`
        with next as (
          select h.school_id, h.id from unnest(${kindList(kinds)}) as k(kind)
          cross join lateral (
            select q.school_id, q.id, q.fair_at from ${jobs} q
            where q.status = 'queued' and q.kind = k.kind
            order by q.fair_at, q.id
            limit 1
            for update skip locked
          ) h
          order by h.fair_at, h.id
          limit 1
        ) ${take}`);
    });
    const r = rows[0];
    if (!r) return null;
    return { id: r.id, schoolId: r.school_id, kind: r.kind, payload: r.payload, createdBy: r.created_by, attempts: r.attempts };
  }

  async function claim(kinds: readonly string[] = startable()): Promise<JobRow | null> {
    if (!kinds.length) return null;
    for (;;) {
      const job = await claimOnce(kinds);
      if (!job || job.attempts <= maxAttempts) return job;
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
    const handler = handlers.get(job.kind)?.handler;
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
          insert into ${jobs} (school_id, kind, payload, created_at, fair_at)
          select s.id, ${kind}, '{}'::jsonb, ${at}::timestamptz, ${at}::timestamptz from schools s
          where not exists (select 1 from ${jobs} j where j.school_id = s.id and j.kind = ${kind} and j.created_at > ${since}::timestamptz)
          returning id`);
        return (res as unknown as { rows: unknown[] }).rows.length;
      });
    }
    return queued;
  }

  async function runNext(): Promise<boolean> {
    const job = await claim(ownKinds());
    if (!job) return false;
    await track(job);
    return true;
  }

  /** Runs a claimed job, counted against its kind's concurrency until it ends. */
  function track(job: JobRow): Promise<void> {
    runningByKind.set(job.kind, (runningByKind.get(job.kind) ?? 0) + 1);
    const done = run(job)
      .catch((err: unknown) => log.error({ err, jobId: job.id, kind: job.kind }, 'job worker: could not record the end of a job'))
      .finally(() => {
        runningByKind.set(job.kind, (runningByKind.get(job.kind) ?? 1) - 1);
        inFlight.delete(done);
        // A slot is free: look for the next job at once.
        wake();
      });
    inFlight.add(done);
    return done;
  }

  function wake() {
    pendingWake = true;
    wakeUp?.();
  }

  async function work() {
    while (!stopped) {
      pendingWake = false;
      try {
        if (recurring.size) await enqueueRecurring();
        // Fill the free slots: each claim takes one job of a kind below its concurrency.
        while (!stopped) {
          const job = await claim(startable());
          if (!job) break;
          void track(job);
        }
      } catch (err) {
        if (stopped) break;
        log.error({ err }, 'job worker: claim failed');
      }
      if (stopped || pendingWake) continue;
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
    register(kind, handler, options = {}) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
      const concurrency = options.concurrency ?? 1;
      if (!Number.isInteger(concurrency) || concurrency < 0) throw new Error(`job kind ${kind}: concurrency must be a whole number from 0`);
      handlers.set(kind, { handler, concurrency, heavy: options.heavy ?? false });
    },
    every(kind, seconds) {
      if (!handlers.has(kind)) throw new Error(`recurring job kind ${kind} has no handler`);
      recurring.set(kind, { seconds, checkAt: now().getTime() + 60_000 });
    },
    enqueueRecurring,
    async enqueue(tx, input) {
      const at = now();
      // The school's turn in the kind's queue: now, or a step after its last job still waiting or
      // running (jobs_school_turn_idx; row-level security shows the school's own rows only).
      const fairAt = sql`greatest(${at.toISOString()}::timestamptz, (
        select max(j.fair_at) + make_interval(secs => ${FAIR_STEP_SECONDS}) from ${jobs} j
        where j.school_id = ${input.schoolId} and j.kind = ${input.kind} and j.status in ('queued', 'running')))`;
      const [row] = await tx
        .insert(jobs)
        .values({ schoolId: input.schoolId, kind: input.kind, payload: input.payload as object, createdBy: input.createdBy, total: input.total ?? 0, createdAt: at, fairAt })
        .returning({ id: jobs.id });
      return row!.id;
    },
    wake,
    start() {
      if (!stopped || mode === 'none') return;
      stopped = false;
      loop = work();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      loop = null;
      await Promise.all(inFlight);
    },
    runNext,
    claim,
    running: () => Object.fromEntries([...runningByKind].filter(([, n]) => n > 0)),
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
