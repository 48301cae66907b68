/**
 * Builds the real app on a fresh database for API tests: PGlite always, PostgreSQL too when
 * TEST_DATABASE_URL is set. Tests act as real, unprivileged users through app.inject.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type DbHandle } from '../platform/db.ts';
import { openMigratedPglite } from './pglite-image.ts';
import { memoryCounters } from '../platform/counters.ts';
import type { SmsPurpose, SmsSender } from '../platform/adapters/sms.ts';
import type { SeededSchool } from '../db/seed/seed.ts';
import { openRunImage } from './run-image.ts';
import { seedTestSchools } from './test-schools.ts';
import { withDatabase } from './global-setup.ts';

export type DriverName = 'pglite' | 'postgres';

/** The drivers this run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DRIVERS: DriverName[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** An SMS sender that keeps what it sent, so a test can read the code as the phone would. */
export function recordingSms(): SmsSender & { sent: { phone: string; code: string; purpose: SmsPurpose }[]; last(phone: string): string } {
  const sent: { phone: string; code: string; purpose: SmsPurpose }[] = [];
  return {
    name: 'recording',
    sent,
    async send(phone, code, purpose) {
      sent.push({ phone, code, purpose });
    },
    last(phone) {
      const hit = [...sent].reverse().find((s) => s.phone === phone);
      if (!hit) throw new Error(`no SMS sent to ${phone}`);
      return hit.code;
    },
  };
}

/**
 * pg warns (once a process) when a query is sent on a client still running one: two queries of one
 * transaction at once, e.g. a Promise.all over tx queries (lint: hxk/serial-tx). pg 9 makes it an
 * error; here closing a PostgreSQL test database fails the file with the stack of the query.
 */
const overlapping: Error[] = [];
process.on('warning', (w) => {
  if (w.name === 'DeprecationWarning' && w.message.includes('already executing a query')) overlapping.push(w);
});

/** A new database cloned from the run's migrated template; its name. */
async function cloneTemplate(url: string, template: string): Promise<string> {
  const name = `${template}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return name;
}

/**
 * The next PostgreSQL test database, cloned while the current one is in use: a clone takes 0.5-0.7 s
 * of PostgreSQL (12 MB copied), once per environment of every API file, and a worker runs its files
 * one after another in one module graph (vitest.config.ts, isolate: false). One is left over when the
 * worker ends; the global setup's teardown drops every database of the run.
 */
let spare: { template: string; name: Promise<string> } | undefined;

export async function openTestDatabase(driver: DriverName): Promise<DbHandle> {
  if (driver === 'pglite') return openMigratedPglite();
  const template = inject('pgTemplate');
  if (!template) throw new Error('TEST_DATABASE_URL is set but the global setup made no template');
  return openClone(template);
}

/** A new PostgreSQL database cloned from `template` (the spare when it is ready), dropped on close. */
async function openClone(template: string): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL!;
  const ready = spare?.template === template ? await spare.name.catch(() => undefined) : undefined;
  const name = ready ?? (await cloneTemplate(url, template));
  spare = { template, name: cloneTemplate(url, template) };
  // Awaited (and its failure met) by the next call.
  spare.name.catch(() => undefined);
  const dbh = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 4 });
  const close = dbh.close;
  dbh.close = async () => {
    await close();
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
    if (overlapping.length) throw new Error(`Two queries ran at once on one connection (a transaction's queries must be awaited in turn):\n${overlapping[0]!.stack}`);
  };
  return dbh;
}

/**
 * A new test database with the two test schools seeded around today (seedTestSchools): on PostgreSQL
 * a clone of the run's seeded template, on PGlite the run's seeded image (run-image.ts). Seeding them
 * anew took about 0.45 s a database, twice in every API file. Seeded afresh when the day has changed
 * since (a run across midnight, UTC).
 */
export async function openSeededTestDatabase(driver: DriverName): Promise<{ dbh: DbHandle; schools: [SeededSchool, SeededSchool] }> {
  const today = new Date().toISOString().slice(0, 10);
  if (driver === 'pglite') {
    const { dbh, seeded } = await openRunImage(`api-${today}`, (d) => seedTestSchools(d.db, today));
    return { dbh, schools: seeded };
  }
  const seeded = inject('pgSeeded');
  if (seeded?.today === today) return { dbh: await openClone(seeded.template), schools: JSON.parse(seeded.schools) as [SeededSchool, SeededSchool] };
  const dbh = await openTestDatabase(driver);
  return { dbh, schools: await seedTestSchools(dbh.db, today) };
}

export type TestEnv = {
  app: FastifyInstance;
  dbh: DbHandle;
  config: Config;
  sms: ReturnType<typeof recordingSms>;
  schoolA: SeededSchool;
  schoolB: SeededSchool;
  clock: { now: Date; advance(seconds: number): void };
  close(): Promise<void>;
};

/** `env` adds environment settings to the test config (e.g. OUTBOUND_ALLOW_HOSTS for a local double). */
export async function createTestEnv(driver: DriverName, { env: extraEnv, ...overrides }: Partial<BuildOptions> & { env?: Record<string, string> } = {}): Promise<TestEnv> {
  const { dbh, schools: [schoolA, schoolB] } = await openSeededTestDatabase(driver);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hxk-test-'));
  const config = { ...loadConfig({ ...extraEnv, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), redisUrl: undefined };
  const sms = recordingSms();
  const clock = {
    now: new Date(),
    advance(seconds: number) {
      this.now = new Date(this.now.getTime() + seconds * 1000);
    },
  };
  const app = await buildApp({
    config,
    dbh,
    logger: false,
    sms,
    counters: memoryCounters(() => clock.now.getTime()),
    now: () => clock.now,
    ...overrides,
  });
  await app.ready();
  return {
    app,
    dbh,
    config,
    sms,
    schoolA,
    schoolB,
    clock,
    async close() {
      // A test that listened and used fetch can leave a socket undici opened but never sent a request
      // on; the server's close() would wait for it until the 60 s headers timeout. Every request of
      // the test has been answered by now, so end them all.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await dbh.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

type InjectOpts = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown; headers?: Record<string, string>; token?: string };

/** Calls the API as a client would; returns the envelope and the raw reply. */
export async function call<T = unknown>(app: FastifyInstance, opts: InjectOpts): Promise<{ status: number; body: { code: number; msg: string; data: T; errorKey?: string }; res: LightMyRequestResponse }> {
  const res = await app.inject({
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    url: opts.url,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
  });
  return { status: res.statusCode, body: res.json(), res };
}

export async function loginAs(app: FastifyInstance, account: string, password = 'Demo@2026'): Promise<string> {
  const { body } = await call<{ token: string }>(app, { url: '/base/login/v1/do', body: { type: 'password', account, password } });
  if (body.code !== 1) throw new Error(`login as ${account} failed: ${body.msg}`);
  return body.data.token;
}
