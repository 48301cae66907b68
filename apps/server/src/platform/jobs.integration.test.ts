import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildings, jobs } from '../db/schema/index.ts';
import { DEMO_SCHOOLS, seedSchool, type SeededSchool } from '../db/seed/seed.ts';
import { DRIVERS, openTestDatabase } from '../test/harness.ts';
import type { DbHandle } from './db.ts';
import { createJobQueue, JobFailure, type JobQueue } from './jobs.ts';
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
    dbh = await openTestDatabase(driver);
    const [sa, sb] = DEMO_SCHOOLS;
    a = await seedSchool(dbh.db, { ...sa, domains: [...sa.domains] });
    b = await seedSchool(dbh.db, { ...sb, domains: [...sb.domains] });
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

  it('claims the oldest queued job of any school, once', async () => {
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
    expect(await row(unknown)).toMatchObject({ status: 'failed', errorKey: 'job.failed' });
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
});
