/**
 * `npm run worker` as operators start it: the entry point in its own process. Without PostgreSQL it
 * refuses with a clear message; against the test PostgreSQL database (TEST_DATABASE_URL) it runs a
 * job queued there, without serving HTTP, and stops cleanly on SIGTERM.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs } from './db/schema/index.ts';
import { DEMO_SCHOOLS, seedSchool } from './db/seed/seed.ts';
import { RETENTION_JOB } from './modules/analysis/retention.job.ts';
import { withDatabase } from './test/global-setup.ts';
import { openTestDatabase } from './test/harness.ts';
import type { DbHandle } from './platform/db.ts';
import { createJobQueue } from './platform/jobs.ts';
import { platformTx, schoolTx } from './platform/tenancy.ts';

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const silent = { error() {}, warn() {}, info() {}, debug() {}, trace() {}, fatal() {}, child() { return silent; }, level: 'silent', silent() {} } as never;

function startWorker(env: Record<string, string>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: ROOT,
    // Only what the test gives: no DATABASE_URL or JOBS_RUN leaks in from the environment.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, exited, output: () => output };
}

describe('npm run worker', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const d = await fs.mkdtemp(path.join(os.tmpdir(), 'hxk-worker-'));
    dirs.push(d);
    return d;
  };
  afterAll(async () => {
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  });

  it('refuses to start on the embedded database, saying why', async () => {
    const w = startWorker({ DATA_DIR: await tempDir() });
    expect(await w.exited).toBe(2);
    expect(w.output()).toContain('npm run worker needs PostgreSQL');
    expect(w.output()).toContain('DATABASE_URL');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('runs a job queued in the PostgreSQL database, and stops on SIGTERM', async () => {
    let dbh: DbHandle | undefined;
    let w: ReturnType<typeof startWorker> | undefined;
    try {
      dbh = await openTestDatabase('postgres');
      const db = dbh;
      const school = await seedSchool(db.db, { ...DEMO_SCHOOLS[0], domains: [...DEMO_SCHOOLS[0].domains] });
      // Queued as the server would (its own worker not running: JOBS_RUN=none on the API node).
      const api = createJobQueue({ dbh: db, log: silent, now: () => new Date(), run: 'none' });
      const id = await schoolTx(db.db, school.schoolId, (tx) => api.enqueue(tx, { schoolId: school.schoolId, kind: RETENTION_JOB, payload: {}, createdBy: null }));
      const name = (await db.rows<{ name: string }>(sql`select current_database() as name`))[0]!.name;
      w = startWorker({ DATABASE_URL: withDatabase(process.env.TEST_DATABASE_URL!, name), DATA_DIR: await tempDir(), JOBS_RUN: 'all', ANALYSIS_DEMO: 'off' });
      const row = async () => (await platformTx(db.db, 'seed', (tx) => tx.select().from(jobs).where(eq(jobs.id, id))))[0]!;
      const deadline = Date.now() + 60_000;
      while ((await row()).status !== 'done' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect((await row()).status, w.output()).toBe('done');
      expect((await row()).result).toEqual({ days: 180, removed: 0, frames: 0 });
      expect(w.output()).toContain('hxk worker is running all job kinds');
      w.proc.kill('SIGTERM');
      expect(await w.exited).toBe(0);
    } finally {
      if (w && w.proc.exitCode === null) w.proc.kill('SIGKILL');
      await dbh?.close();
    }
  });
});
