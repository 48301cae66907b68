import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildings, jobs } from '../db/schema/index.ts';
import type { SeededSchool } from '../db/seed/seed.ts';
import { DRIVERS, openSeededTestDatabase } from '../test/harness.ts';
import { withDatabase } from '../test/global-setup.ts';
import { openDatabase, type DbHandle } from './db.ts';
import { createJobQueue, FAIR_STEP_SECONDS, JobFailure, type JobHandler, type JobQueue } from './jobs.ts';
import { platformTx, schoolTx } from './tenancy.ts';

const silent = { error() {}, warn() {}, info() {}, debug() {}, trace() {}, fatal() {}, child() { return silent; }, level: 'silent', silent() {} } as never;

describe.each(DRIVERS)('job queue on %s', (driver) => {
  let dbh: DbHandle;
  let a: SeededSchool;
  let b: SeededSchool;
  const clock = { now: new Date('2026-11-02T08:00:00Z') };
  const now = () => clock.now;
  const tick = (seconds: number) => (clock.now = new Date(clock.now.getTime() + seconds * 1000));
  let queue: JobQueue;

  beforeAll(async () => {
    ({ dbh, schools: [a, b] } = await openSeededTestDatabase(driver));
  });
  afterAll(async () => {
    await dbh?.close();
  });
  beforeEach(async () => {
    await platformTx(dbh.db, 'seed', (tx) => tx.delete(jobs));
    queue = createJobQueue({ dbh, log: silent, now, lockSeconds: 60, maxAttempts: 2, pollMs: 60_000 });
  });

  const enqueue = async (schoolId: string, kind: string, payload: unknown = {}) => {
    const id = await schoolTx(dbh.db, schoolId, (tx) => queue.enqueue(tx, { schoolId, kind, payload, createdBy: null }));
    tick(1);
    return id;
  };
  const row = async (id: string) => (await platformTx(dbh.db, 'seed', (tx) => tx.select().from(jobs).where(eq(jobs.id, id))))[0]!;
  const noop: JobHandler = async () => null;
  /** Resolves when `check` holds, polling (the worker runs on its own). */
  const until = async (check: () => Promise<boolean> | boolean, what: string, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const statuses = async (ids: string[]) => Promise.all(ids.map(async (id) => (await row(id)).status));
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((r) => (open = r));
    return { opened, open };
  };

  it('claims the oldest queued job of any school, once', async () => {
    queue.register('test.a', noop);
    const first = await enqueue(b.schoolId, 'test.a');
    const second = await enqueue(a.schoolId, 'test.a');
    const c1 = await queue.claim();
    const c2 = await queue.claim();
    expect([c1?.id, c2?.id]).toEqual([first, second]);
    expect([c1?.schoolId, c2?.schoolId]).toEqual([b.schoolId, a.schoolId]);
    expect(await queue.claim()).toBeNull();
    const r = await row(first);
    expect(r.status).toBe('running');
    expect(r.attempts).toBe(1);
    expect(r.lockedUntil!.getTime()).toBe(clock.now.getTime() + 60_000);
  });

  it('hands concurrent claims different jobs (FOR UPDATE SKIP LOCKED)', async () => {
    queue.register('test.a', noop);
    const ids = [await enqueue(a.schoolId, 'test.a'), await enqueue(a.schoolId, 'test.a'), await enqueue(b.schoolId, 'test.a')];
    const claimed = await Promise.all([queue.claim(), queue.claim(), queue.claim(), queue.claim()]);
    const got = claimed.filter(Boolean).map((j) => j!.id);
    expect(got.sort()).toEqual([...ids].sort());
  });

  it('runs the handler in the job\'s school, writes progress as it goes and keeps the result', async () => {
    const seen: { progress: number; total: number; visible: number }[] = [];
    const id = await enqueue(a.schoolId, 'test.progress', { n: 3 });
    await enqueue(b.schoolId, 'test.other');
    queue.register('test.progress', async (jc) => {
      for (let i = 1; i <= 3; i++) {
        await jc.progress(i, 3);
        const r = await row(jc.job.id);
        // Row-level security: the job sees its own school's jobs only.
        const visible = await jc.inSchool((tx) => tx.select({ id: jobs.id }).from(jobs));
        seen.push({ progress: r.progress, total: r.total, visible: visible.length });
      }
      return { payload: jc.job.payload };
    });
    expect(await queue.runNext()).toBe(true);
    expect(seen).toEqual([1, 2, 3].map((p) => ({ progress: p, total: 3, visible: 1 })));
    const r = await row(id);
    expect(r).toMatchObject({ status: 'done', progress: 3, total: 3, errorKey: null, result: { payload: { n: 3 } } });
    expect(r.finishedAt).not.toBeNull();
    expect(r.lockedUntil).toBeNull();
  });

  it('stores a chosen failure with its key and result, and an unexpected one as job.failed', async () => {
    const chosen = await enqueue(a.schoolId, 'test.fail');
    const crash = await enqueue(a.schoolId, 'test.crash');
    const unknown = await enqueue(a.schoolId, 'test.nobody');
    queue.register('test.fail', async () => {
      throw new JobFailure('import.empty', { detail: 1 });
    });
    queue.register('test.crash', async () => {
      throw new Error('boom');
    });
    while (await queue.runNext());
    expect(await row(chosen)).toMatchObject({ status: 'failed', errorKey: 'import.empty', result: { detail: 1 } });
    expect(await row(crash)).toMatchObject({ status: 'failed', errorKey: 'job.failed', result: null });
    // A kind this process has no handler for is left for a process that has one.
    expect(await row(unknown)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('a transaction failing inside the handler leaves nothing behind; progress reported inside it is kept', async () => {
    const id = await enqueue(a.schoolId, 'test.rollback');
    queue.register('test.rollback', async (jc) => {
      await jc.longTx((fn) => schoolTx(dbh.db, jc.job.schoolId, fn), async (tx) => {
        await tx.insert(buildings).values({ schoolId: jc.job.schoolId, name: 'Rolled back' });
        await jc.progress(1, 2);
        throw new JobFailure('import.rowErrors', { counts: { errors: 1 } });
      });
    });
    await queue.runNext();
    expect(await row(id)).toMatchObject({ status: 'failed', errorKey: 'import.rowErrors', progress: 1, total: 2 });
    const left = await schoolTx(dbh.db, a.schoolId, (tx) => tx.select().from(buildings).where(eq(buildings.name, 'Rolled back')));
    expect(left).toEqual([]);
  });

  it('takes over a job whose worker died when its lock expires, and gives it up after the last attempt', async () => {
    queue.register('test.stale', noop);
    const id = await enqueue(a.schoolId, 'test.stale');
    expect((await queue.claim())?.id).toBe(id); // this worker "dies"
    expect(await queue.claim()).toBeNull(); // still locked
    tick(61);
    const again = await queue.claim();
    expect(again).toMatchObject({ id, attempts: 2 });
    tick(61);
    expect(await queue.claim()).toBeNull(); // third claim exceeds maxAttempts: failed instead
    expect(await row(id)).toMatchObject({ status: 'failed', errorKey: 'job.abandoned', attempts: 3 });
  });

  it('a late finish of a replaced run does not overwrite the run that took over', async () => {
    const id = await enqueue(a.schoolId, 'test.slow');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inHandler = new Promise<void>((r) => (entered = r));
    queue.register('test.slow', async (jc) => {
      entered();
      await gate;
      return { by: jc.job.attempts };
    });
    const firstRun = queue.runNext();
    await inHandler;
    tick(61);
    // Another worker takes the job over and finishes first...
    const other = createJobQueue({ dbh, log: silent, now, lockSeconds: 60, maxAttempts: 2 });
    other.register('test.slow', async (jc) => ({ by: jc.job.attempts }));
    expect(await other.runNext()).toBe(true);
    release();
    await firstRun;
    // ...and the first run's late finish is ignored.
    expect(await row(id)).toMatchObject({ status: 'done', result: { by: 2 }, attempts: 2 });
  });

  it('the worker wakes up at once when a job is queued, and stop waits for the running job', async () => {
    let ran = 0;
    queue.register('test.wake', async () => {
      ran++;
      return null;
    });
    queue.start();
    await new Promise((r) => setTimeout(r, 50));
    const id = await enqueue(a.schoolId, 'test.wake');
    queue.wake();
    const deadline = Date.now() + 5000;
    while ((await row(id)).status !== 'done' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await queue.stop();
    expect(ran).toBe(1);
    expect((await row(id)).status).toBe('done');
    const count = await dbh.rows<{ n: number }>(sql`select count(*)::int as n from jobs where status = 'queued'`);
    expect(Number(count[0]!.n)).toBe(0);
  });

  it("one school's backlog does not starve another: a job queued later by another school runs before the backlog ends", async () => {
    const order: string[] = [];
    queue.register('test.fair', async (jc) => {
      order.push(jc.job.id);
      return null;
    });
    const backlog: string[] = [];
    for (let i = 0; i < 20; i++) backlog.push(await enqueue(a.schoolId, 'test.fair'));
    const later = await enqueue(b.schoolId, 'test.fair');
    // Each job of A's already waiting pushes its next one back a step.
    expect((await row(backlog[1]!)).fairAt.getTime() - (await row(backlog[0]!)).fairAt.getTime()).toBe(FAIR_STEP_SECONDS * 1000);
    while (await queue.runNext());
    // B's job runs second, right after the one of A's that was first; A's keep their order.
    expect(order).toEqual([backlog[0], later, ...backlog.slice(1)]);
    // A job queued once the backlog is gone takes its turn from now again.
    const fresh = await enqueue(a.schoolId, 'test.fair');
    expect((await row(fresh)).fairAt.getTime()).toBe((await row(fresh)).createdAt.getTime());
  });

  it("never runs more jobs of a kind than its concurrency, nor more than the process's maximum", async () => {
    const held = gate();
    const hold: JobHandler = async () => {
      await held.opened;
      return null;
    };
    const q = createJobQueue({ dbh, log: silent, now, lockSeconds: 60, pollMs: 60_000, maxRunning: 4 });
    q.register('test.pair', hold, { concurrency: 2 });
    q.register('test.single', hold);
    q.register('test.wide', hold, { concurrency: 10 });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await enqueue(i % 2 ? a.schoolId : b.schoolId, 'test.pair'), await enqueue(a.schoolId, 'test.single'));
    for (let i = 0; i < 3; i++) ids.push(await enqueue(b.schoolId, 'test.wide'));
    q.start();
    try {
      // Two pairs and one single run; the fourth slot goes to a wide one; then the process is full.
      await until(() => Object.values(q.running()).reduce((x, y) => x + y, 0) === 4, 'four running jobs');
      await new Promise((r) => setTimeout(r, 150));
      expect(q.running()).toEqual({ 'test.pair': 2, 'test.single': 1, 'test.wide': 1 });
      const running = await dbh.rows<{ kind: string; n: number }>(sql`select kind, count(*)::int as n from jobs where status = 'running' group by kind order by kind`);
      expect(running.map((r) => [r.kind, Number(r.n)])).toEqual([['test.pair', 2], ['test.single', 1], ['test.wide', 1]]);
      held.open();
      await until(async () => (await statuses(ids)).every((st) => st === 'done'), 'every job done');
    } finally {
      held.open();
      await q.stop();
    }
  });

  it('a light job does not wait behind a running heavy one; JOBS_RUN=light leaves heavy kinds to others', async () => {
    const held = gate();
    let heavyStarted = 0;
    const q = createJobQueue({ dbh, log: silent, now, lockSeconds: 60, pollMs: 60_000 });
    q.register('test.heavy', async () => {
      heavyStarted++;
      await held.opened;
      return null;
    }, { heavy: true });
    q.register('test.light', noop);
    const heavy = [await enqueue(a.schoolId, 'test.heavy'), await enqueue(a.schoolId, 'test.heavy')];
    const light = [await enqueue(a.schoolId, 'test.light'), await enqueue(b.schoolId, 'test.light')];
    q.start();
    try {
      await until(async () => (await statuses(light)).every((st) => st === 'done'), 'the light jobs');
      expect(await statuses(heavy)).toEqual(['running', 'queued']);
      expect(heavyStarted).toBe(1);
      held.open();
      await until(async () => (await statuses(heavy)).every((st) => st === 'done'), 'the heavy jobs');
    } finally {
      held.open();
      await q.stop();
    }

    // However many heavy kinds there are, they leave a slot to the light ones.
    const crowded = gate();
    const small = createJobQueue({ dbh, log: silent, now, lockSeconds: 60, pollMs: 60_000, maxRunning: 3 });
    const holdHeavy: JobHandler = async () => {
      await crowded.opened;
      return null;
    };
    for (const kind of ['test.heavy', 'test.heavy2', 'test.heavy3']) small.register(kind, holdHeavy, { heavy: true });
    small.register('test.light', noop);
    const heavies = [await enqueue(a.schoolId, 'test.heavy'), await enqueue(a.schoolId, 'test.heavy2'), await enqueue(b.schoolId, 'test.heavy3')];
    const lightAfter = await enqueue(b.schoolId, 'test.light');
    small.start();
    try {
      await until(async () => (await statuses([lightAfter]))[0] === 'done', 'the light job beside two heavy ones');
      expect((await statuses(heavies)).sort()).toEqual(['queued', 'running', 'running']);
      crowded.open();
      await until(async () => (await statuses(heavies)).every((st) => st === 'done'), 'the heavy jobs');
    } finally {
      crowded.open();
      await small.stop();
    }

    const apiOnly = createJobQueue({ dbh, log: silent, now, lockSeconds: 60, pollMs: 60_000, run: 'light' });
    apiOnly.register('test.heavy', noop, { heavy: true });
    apiOnly.register('test.light', noop);
    apiOnly.register('test.elsewhere', noop, { concurrency: 0 });
    const h = await enqueue(b.schoolId, 'test.heavy');
    const l = await enqueue(b.schoolId, 'test.light');
    const e = await enqueue(b.schoolId, 'test.elsewhere');
    while (await apiOnly.runNext());
    expect(await statuses([h, l, e])).toEqual(['queued', 'done', 'queued']);
    const none = createJobQueue({ dbh, log: silent, now, run: 'none' });
    none.register('test.heavy', noop, { heavy: true });
    expect(await none.runNext()).toBe(false);
  });

  it('two nodes on one database never run one job twice', async () => {
    // On PostgreSQL the second node has its own connection pool, as another process would.
    const name = driver === 'postgres' ? (await dbh.rows<{ name: string }>(sql`select current_database() as name`))[0]!.name : null;
    const other = name ? await openDatabase({ kind: 'postgres', url: withDatabase(process.env.TEST_DATABASE_URL!, name), poolSize: 4 }) : dbh;
    const runs: string[] = [];
    const handler: JobHandler = async (jc) => {
      runs.push(jc.job.id);
      await new Promise((r) => setTimeout(r, Math.random() * 15));
      await jc.progress(1, 1);
      return null;
    };
    const nodes = [createJobQueue({ dbh, log: silent, now, pollMs: 20, maxRunning: 4 }), createJobQueue({ dbh: other, log: silent, now, pollMs: 20, maxRunning: 4 })];
    for (const n of nodes) n.register('test.once', handler, { concurrency: 3 });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await enqueue(i % 3 ? a.schoolId : b.schoolId, 'test.once'));
    for (const n of nodes) n.start();
    try {
      await until(async () => (await statuses(ids)).every((st) => st === 'done'), 'all 30 jobs', 30_000);
    } finally {
      for (const n of nodes) await n.stop();
      if (other !== dbh) await other.close();
    }
    expect(runs.length).toBe(30);
    expect(new Set(runs).size).toBe(30);
    const attempts = await dbh.rows<{ n: number }>(sql`select count(*)::int as n from jobs where kind = 'test.once' and attempts <> 1`);
    expect(Number(attempts[0]!.n)).toBe(0);
  });
});
