import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { memoryCounters, redisCounters, type CounterStore } from './counters.ts';
import { call, createTestEnv, DRIVERS, loginAs, type DriverName, type TestEnv } from '../test/harness.ts';

/** A call every member may make. */
const UNREAD = { url: '/app/ddxk/notification/v1/unread' };

/** Counters in memory (the default) and in Redis when REDIS_URL is set: both must hold the same limits. */
const STORES = process.env.REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);
const CASES = DRIVERS.flatMap((d) => STORES.map((s) => [d, s] as [DriverName, 'memory' | 'redis']));

async function limitedConfig(env: Record<string, string>): Promise<Config> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hxk-rl-'));
  return { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }), redisUrl: undefined };
}

describe.each(CASES)('fair use on %s, counters in %s', (driver, store) => {
  let env: TestEnv;
  let counters: CounterStore;
  let second: FastifyInstance | null = null;
  let dataDir = '';
  beforeAll(async () => {
    const config = await limitedConfig({
      RATE_LIMIT_SESSION_PER_MINUTE: '6',
      RATE_LIMIT_IP_PER_MINUTE: '40',
      RATE_LIMIT_SESSION_CONCURRENCY: '2',
      RATE_LIMIT_EXPORT_PER_MINUTE: '2',
    });
    dataDir = config.dataDir;
    // The memory store follows the harness's clock; Redis keeps its own time.
    const redis = store === 'redis' ? redisCounters(process.env.REDIS_URL!, `hxk:test:rl:${process.pid}:${Date.now()}:`) : null;
    env = await createTestEnv(driver, { config, ...(redis ? { counters: redis } : {}) });
    counters = redis ?? env.app.deps.counters;
  });
  afterAll(async () => {
    await second?.close();
    await env?.close();
    if (store === 'redis') await counters?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** A fresh window: the memory store follows the clock; Redis keys are dropped. */
  const nextMinute = async (...keys: string[]) => {
    env.clock.advance(61);
    for (const k of keys) await counters.reset(k);
  };

  it('refuses a session above its limit per minute with 429, Retry-After and a localized message; another session goes on', async () => {
    const teacher = await loginAs(env.app, 'teacher');
    const supervisor = await loginAs(env.app, 'supervisor');
    await nextMinute(`rl:ip:127.0.0.1`);
    for (let i = 0; i < 6; i++) expect((await call(env.app, { ...UNREAD, token: teacher })).status).toBe(200);
    const refused = await call(env.app, { ...UNREAD, token: teacher, headers: { language: 'en' } });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 444, errorKey: 'common.rateLimited', data: null });
    const retry = Number(refused.res.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(refused.body.msg).toBe(`Too many requests. Try again in ${retry} seconds.`);
    const zh = await call(env.app, { ...UNREAD, token: teacher, headers: { language: 'zh' } });
    expect(zh.body.msg).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    const ja = await call(env.app, { ...UNREAD, token: teacher, headers: { language: 'ja' } });
    expect(ja.body.msg).toMatch(/^リクエストが多すぎます。\d+ 秒後にもう一度お試しください。$/);
    // Another person's session is not touched by the teacher's count.
    expect((await call(env.app, { ...UNREAD, token: supervisor })).status).toBe(200);
  });

  it('counts a session on every node that shares the counter store', async () => {
    const admin = await loginAs(env.app, 'admin');
    second = await buildApp({ config: env.app.deps.config, dbh: env.dbh, logger: false, counters, now: () => env.clock.now });
    await second.ready();
    await nextMinute(`rl:ip:127.0.0.1`);
    for (let i = 0; i < 3; i++) expect((await call(env.app, { ...UNREAD, token: admin })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await call(second, { ...UNREAD, token: admin })).status).toBe(200);
    expect((await call(second, { ...UNREAD, token: admin })).status).toBe(429);
    expect((await call(env.app, { ...UNREAD, token: admin })).status).toBe(429);
  });

  it('counts against the address only what a session\'s own limit lets through: one session past its limit leaves the address to the others', async () => {
    const teacher = await loginAs(env.app, 'teacher');
    const supervisor = await loginAs(env.app, 'supervisor');
    await nextMinute('rl:ip:127.0.0.1');
    // The teacher's session asks 50 times from the address (limit 40): 6 pass, 44 are refused by the session's limit.
    const codes: number[] = [];
    for (let i = 0; i < 50; i++) codes.push((await call(env.app, { ...UNREAD, token: teacher })).status);
    expect(codes.filter((c) => c === 200)).toHaveLength(6);
    // The address has used 6 of its 40: the supervisor behind it still asks.
    for (let i = 0; i < 6; i++) expect((await call(env.app, { ...UNREAD, token: supervisor })).status).toBe(200);
    expect(await counters.get('rl:ip:127.0.0.1')).toBe(12);
  });

  it('refuses an IP above its limit per minute, signed in or not; other addresses go on', async () => {
    await nextMinute('rl:ip:10.9.9.9', 'rl:ip:10.9.9.10');
    const from = (ip: string) => env.app.inject({ method: 'GET', url: '/base/system/tenant/school/hero/get/tenant/id/by/domain?domain=x.example', remoteAddress: ip });
    const codes: number[] = [];
    for (let i = 0; i < 41; i++) codes.push((await from('10.9.9.9')).statusCode);
    expect(codes.slice(0, 40).every((c) => c !== 429)).toBe(true);
    expect(codes[40]).toBe(429);
    const refused = await from('10.9.9.9');
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toMatchObject({ errorKey: 'common.rateLimited' });
    expect((await from('10.9.9.10')).statusCode).not.toBe(429);
  });

  it("runs a session's requests beyond its cap in flight in turn, in its own queue; other sessions go on", async () => {
    const teacher = await loginAs(env.app, 'teacher');
    const supervisor = await loginAs(env.app, 'supervisor');
    await nextMinute(`rl:ip:127.0.0.1`);
    // Six at once from one session (its limit per minute, twice its cap in flight) and one from another.
    const burst = await Promise.all([
      ...Array.from({ length: 6 }, () => call(env.app, { ...UNREAD, token: teacher })),
      call(env.app, { ...UNREAD, token: supervisor }),
    ]);
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    // The seventh of the minute is over the session's limit per minute.
    const over = await call(env.app, { ...UNREAD, token: teacher });
    expect(over.status).toBe(429);
    expect(over.body.errorKey).toBe('common.rateLimited');
  });

  it('gives costly calls a tighter limit per person: a third export in a minute is refused, another person exports', async () => {
    const admin = await loginAs(env.app, 'admin');
    const admin2 = await loginAs(env.app, 'admin2');
    await nextMinute(`rl:ip:127.0.0.1`, `rl:cost:export:a:${env.schoolA.users.admin!.id}`);
    const exportAs = (token: string) => env.app.inject({ method: 'GET', url: '/base/export/v1/classroom', headers: { authorization: `Bearer ${token}`, language: 'zh' } });
    expect((await exportAs(admin)).statusCode).toBe(200);
    expect((await exportAs(admin)).statusCode).toBe(200);
    const third = await exportAs(admin);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toMatch(/^\d+$/);
    expect(third.json()).toMatchObject({ errorKey: 'common.rateLimited', msg: expect.stringMatching(/^请求过于频繁/) });
    // A cheap call of the same person is not a costly one.
    expect((await call(env.app, { url: '/base/system/settings/v1/get', token: admin })).status).toBe(200);
    // Another school's administrator has a count of their own.
    expect((await exportAs(admin2)).statusCode).toBe(200);
  });
});

describe('fair use defaults', () => {
  it('are generous enough for people, documented and configurable', () => {
    const d = loadConfig({}).rateLimits;
    expect(d).toEqual({ sessionPerMinute: 1200, ipPerMinute: 6000, sessionConcurrency: 8, cost: { export: 30, import: 30, sync: 20, upload: 120, ai: 30 } });
    expect(loadConfig({ RATE_LIMIT_SESSION_PER_MINUTE: '0' }).rateLimits.sessionPerMinute).toBe(0);
    expect(() => loadConfig({ RATE_LIMIT_IP_PER_MINUTE: '-1' })).toThrow(/RATE_LIMIT_IP_PER_MINUTE/);
  });
});

describe.each(STORES)('counter store in %s', (store) => {
  it('adds amounts (bytes uploaded) in a window that starts at the first add', async () => {
    let now = 1_000_000;
    const c = store === 'redis' ? redisCounters(process.env.REDIS_URL!, `hxk:test:add:${process.pid}:${Date.now()}:`) : memoryCounters(() => now);
    try {
      expect(await c.add('b', 700, 3600)).toBe(700);
      expect(await c.add('b', 500, 3600)).toBe(1200);
      expect(await c.get('b')).toBe(1200);
      const ttl = await c.ttl('b');
      expect(ttl).toBeGreaterThan(3500);
      expect(ttl).toBeLessThanOrEqual(3600);
      if (store === 'memory') {
        now += 3601_000;
        expect(await c.get('b')).toBe(0);
      }
    } finally {
      await c.close();
    }
  });
});
