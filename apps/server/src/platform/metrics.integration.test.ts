import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { jobs } from '../db/schema/index.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../test/harness.ts';
import { memoryCounters } from './counters.ts';
import type { DbHandle } from './db.ts';
import { memoryHub } from './realtime.ts';
import { platformTx } from './tenancy.ts';

const TOKEN = 'scrape-token-for-the-operator-0123';

/** A port nobody listens on now (for METRICS_LISTEN and for a Redis that is not there). */
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** The value of one series of the exposition text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && want.every((w) => l.includes(w)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe.each(DRIVERS)('operations endpoints on %s', (driver) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(driver, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('GET /healthz answers while the process lives', async () => {
    const res = await env.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 when the database answers', async () => {
    const res = await env.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', checks: [{ name: 'database', ok: true }] });
  });

  it('GET /readyz answers 503 when the database fails, and /healthz still 200', async () => {
    const broken: DbHandle = { ...env.dbh, rows: () => Promise.reject(new Error('connection refused')) };
    const app = await buildApp({ config: env.config, dbh: broken, logger: false, counters: memoryCounters() });
    try {
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', checks: [{ name: 'database', ok: false, error: 'connection refused' }] });
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('GET /readyz answers 503 when the configured Redis does not answer', async () => {
    const config = { ...env.config, redisUrl: `redis://127.0.0.1:${await freePort()}` };
    // The counters and the hub in memory: only the readiness probe reaches for the missing Redis.
    const app = await buildApp({ config, dbh: env.dbh, logger: false, counters: memoryCounters(), realtime: memoryHub() });
    try {
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      const body = res.json() as { checks: { name: string; ok: boolean }[] };
      expect(body.checks).toEqual([expect.objectContaining({ name: 'database', ok: true }), expect.objectContaining({ name: 'redis', ok: false })]);
    } finally {
      await app.close();
    }
  });

  it('GET /metrics is refused without the operator token, and not served at all when none is set', async () => {
    expect((await env.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await env.app.inject({ url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all-0000' } })).statusCode).toBe(401);
    // A session token is no scrape token.
    const session = await loginAs(env.app, 'admin');
    expect((await env.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${session}` } })).statusCode).toBe(401);
    const app = await buildApp({ config: { ...env.config, metrics: { token: undefined, listen: undefined } }, dbh: env.dbh, logger: false, counters: memoryCounters() });
    try {
      expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('GET /metrics: latency per route pattern, status codes, job queue per kind, pool and sockets', async () => {
    const token = await loginAs(env.app, 'admin');
    for (const id of ['1', '2']) await call(env.app, { url: `/base/system/school/membership/v1/page?pageNum=${id}&pageSize=5`, token });
    await env.app.inject({ url: '/base/no/such/route/12345' });
    // The worker would run the jobs: stop it, then leave two jobs waiting, the older 90 s old.
    await env.app.deps.jobs.stop();
    const now = env.clock.now.getTime();
    await platformTx(env.dbh.db, 'seed', (tx) =>
      tx.insert(jobs).values([
        { schoolId: env.schoolA.schoolId, kind: 'ops.probe', createdAt: new Date(now - 90_000) },
        { schoolId: env.schoolB.schoolId, kind: 'ops.probe', createdAt: new Date(now - 30_000) },
      ]),
    );

    const res = await env.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    // The pattern, never the URL: one series for both pages, the query string nowhere.
    const route = { method: 'GET', route: '/base/system/school/membership/v1/page', status_code: '200' };
    expect(sample(text, 'hxk_http_request_duration_seconds_count', route)).toBe(2);
    expect(sample(text, 'hxk_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(2);
    expect(text).not.toContain('pageNum');
    expect(sample(text, 'hxk_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(text).not.toContain('no/such/route');
    // Jobs across schools, per kind.
    expect(sample(text, 'hxk_jobs_queued', { kind: 'ops.probe' })).toBe(2);
    expect(sample(text, 'hxk_jobs_running', { kind: 'ops.probe' })).toBe(0);
    expect(sample(text, 'hxk_jobs_oldest_queued_age_seconds', { kind: 'ops.probe' })).toBeCloseTo(90, 0);
    expect(sample(text, 'hxk_db_pool_connections', { driver, state: 'total' })).toBeGreaterThanOrEqual(1);
    if (driver === 'postgres') expect(sample(text, 'hxk_db_pool_connections', { driver, state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^hxk_websocket_connections 0$/m);
    // The process's own figures (prom-client's defaults).
    expect(text).toMatch(/^hxk_process_cpu_user_seconds_total /m);

    // A queue that empties drops to zero rather than disappearing.
    await platformTx(env.dbh.db, 'seed', (tx) => tx.delete(jobs));
    const after = (await env.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(sample(after, 'hxk_jobs_queued', { kind: 'ops.probe' })).toBe(0);
    expect(sample(after, 'hxk_jobs_oldest_queued_age_seconds', { kind: 'ops.probe' })).toBe(0);
  });

  it('METRICS_LISTEN serves /metrics on the operator address only, without a token', async () => {
    const port = await freePort();
    const config = { ...env.config, port: 0, host: '127.0.0.1', metrics: { token: undefined, listen: { host: '127.0.0.1', port } } };
    const app = await buildApp({ config, dbh: env.dbh, logger: false, counters: memoryCounters() });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE hxk_http_request_duration_seconds histogram');
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(404);
      // The main port does not serve it without a token.
      expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
