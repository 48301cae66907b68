import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, SMS_CODE } from '@hxk/contracts';
import type { FastifyInstance } from 'fastify';
import { redisCounters, type CounterStore } from '../../platform/counters.ts';
import { createTestEnv, DRIVERS, type TestEnv } from '../../test/harness.ts';

const LOGIN = '/base/login/v1/do';
const SEND = '/base/login/v1/send/sms/code';
const GOOD = 'Demo@2026';

type Reply = { status: number; errorKey: string | undefined; code: number; msg: string; retryAfter: number | undefined; data: { account?: string } | null };

async function signIn(app: FastifyInstance, ip: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await app.inject({ method: 'POST', url: LOGIN, remoteAddress: ip, headers: { 'content-type': 'application/json', ...headers }, payload: body });
  const json = res.json() as { code: number; msg: string; errorKey?: string; data: Reply['data'] };
  const retry = res.headers['retry-after'];
  return { status: res.statusCode, errorKey: json.errorKey, code: json.code, msg: json.msg, retryAfter: retry === undefined ? undefined : Number(retry), data: json.data };
}

const password = (account: string, pw: string) => ({ type: 'password', account, password: pw });
const delayAfter = (n: number) => Math.min(2 ** (n - LOGIN_THROTTLE.freeFailures), LOGIN_THROTTLE.maxDelaySeconds);

// Counters in memory (the default) and in Redis when REDIS_URL is set: both must hold the same rules.
const STORES = process.env.REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);
const CASES = DRIVERS.flatMap((d) => STORES.map((s) => [d, s] as const));

describe.each(CASES)('sign-in throttling on %s with %s counters', (driver, store) => {
  let env: TestEnv;
  let counters: CounterStore | undefined;
  beforeAll(async () => {
    // Redis counters live on real time (their TTLs are Redis's), memory ones on the test clock: where
    // a test moves the clock past a wait, under Redis it really waits (1-2 s) or checks less.
    counters = store === 'redis' ? redisCounters(process.env.REDIS_URL!, `hxk:test:${process.pid}:${Date.now()}:`) : undefined;
    env = await createTestEnv(driver, counters ? { counters } : {});
  });
  afterAll(async () => {
    await env?.close();
    await counters?.close();
  });

  /** Lets `seconds` pass: on the test clock for memory counters, really for Redis's. */
  const pass = async (seconds: number) => {
    env.clock.advance(seconds);
    if (store === 'redis') await new Promise((r) => setTimeout(r, seconds * 1000 + 150));
  };

  it('delays an account after a few failures from any IP, growing, with Retry-After, and alike for an unknown name', async () => {
    const ip = (i: number) => `10.1.${Math.floor(i / 200)}.${i % 200}`;
    // Under Redis the waits are real: two steps (1 s and 2 s) instead of four.
    const steps = store === 'redis' ? 1 : 3;
    let i = 0;
    for (let n = 1; n <= LOGIN_THROTTLE.freeFailures; n++) {
      const known = await signIn(env.app, ip(i++), password('leader', `bad${n}`));
      const unknown = await signIn(env.app, ip(i++), password('nobody-at-all', `bad${n}`));
      expect(known).toMatchObject({ status: 400, errorKey: 'auth.invalidCredentials' });
      expect(unknown).toEqual(known);
    }
    // The fifth failure holds the name for 1 second, from every IP, even with the right password.
    const held = await signIn(env.app, ip(i++), password('leader', GOOD), { 'accept-language': 'zh-CN' });
    const heldUnknown = await signIn(env.app, ip(i++), password('nobody-at-all', GOOD), { 'accept-language': 'zh-CN' });
    expect(held).toMatchObject({ status: 429, errorKey: 'auth.loginDelayed', retryAfter: 1, msg: '登录失败次数过多，请 1 秒后再试' });
    expect(heldUnknown).toEqual(held);
    // Each further failure doubles the wait.
    for (let n = LOGIN_THROTTLE.freeFailures + 1; n <= LOGIN_THROTTLE.freeFailures + steps; n++) {
      await pass(delayAfter(n - 1));
      const r = await signIn(env.app, ip(i++), password('leader', `bad${n}`));
      expect(r.errorKey).toBe('auth.invalidCredentials');
      const next = await signIn(env.app, ip(i++), password('leader', GOOD), { language: 'en' });
      expect(next).toMatchObject({ status: 429, errorKey: 'auth.loginDelayed', retryAfter: delayAfter(n) });
      expect(next.msg).toBe(`Too many failed sign-ins. Try again in ${delayAfter(n)} seconds.`);
    }
    // Once the wait is over the right password gets in and clears the count.
    await pass(delayAfter(LOGIN_THROTTLE.freeFailures + steps));
    expect((await signIn(env.app, ip(i++), password('leader', GOOD))).data?.account).toBe('leader');
    expect((await signIn(env.app, ip(i++), password('leader', 'bad-again'))).errorKey).toBe('auth.invalidCredentials');
    expect((await signIn(env.app, ip(i++), password('leader', GOOD))).code).toBe(1);
    env.clock.advance(LOGIN_THROTTLE.windowSeconds + 1);
  });

  it('caps the failures of one account at 100 an hour, however many IPs they come from', async () => {
    const ip = (i: number) => `10.2.${Math.floor(i / 250)}.${i % 250}`;
    const cap = LOGIN_THROTTLE.perAccountFailures;
    let i = 0;
    let wrong = 0;
    // A burst from many IPs at once: the delays cannot stop what is already in flight, the cap does.
    const burst = await Promise.all(Array.from({ length: cap + 30 }, () => signIn(env.app, ip(i++), password('supervisor', `guess${i}`))));
    for (const r of burst) {
      if (r.errorKey === 'auth.invalidCredentials') wrong++;
      else expect(r.status).toBe(429);
    }
    expect(wrong).toBeLessThanOrEqual(cap);
    if (store === 'redis') {
      // No hour to wait for here: the right password is refused while the name is held or capped.
      const r = await signIn(env.app, '10.2.99.1', password('supervisor', GOOD));
      expect(r.status).toBe(429);
      expect(r.retryAfter).toBeGreaterThan(0);
      return;
    }
    // Then one at a time, each after its wait, until the cap refuses.
    let last: Reply | undefined;
    for (let k = 0; k < cap + 10; k++) {
      last = await signIn(env.app, ip(i++), password('supervisor', `more${k}`));
      if (last.errorKey === 'auth.invalidCredentials') wrong++;
      else if (last.errorKey === 'auth.loginDelayed') env.clock.advance(last.retryAfter!);
      else break;
    }
    expect(wrong).toBe(cap);
    expect(last).toMatchObject({ status: 429, errorKey: 'auth.tooManyAttempts' });
    // The right password from a fresh IP is refused too, told to wait for the hour to end.
    const refused = await signIn(env.app, '10.2.99.1', password('supervisor', GOOD), { language: 'en' });
    expect(refused).toMatchObject({ status: 429, errorKey: 'auth.tooManyAttempts' });
    expect(refused.retryAfter).toBeGreaterThan(LOGIN_THROTTLE.maxDelaySeconds);
    expect(refused.retryAfter).toBeLessThanOrEqual(LOGIN_THROTTLE.windowSeconds);
    expect(refused.msg).toBe(`Too many attempts. Try again in ${Math.ceil(refused.retryAfter! / 60)} minutes.`);
    env.clock.advance(LOGIN_THROTTLE.windowSeconds + 1);
    expect((await signIn(env.app, '10.2.99.1', password('supervisor', GOOD))).data?.account).toBe('supervisor');
  });

  it('60 failures from one IP slow it down but do not refuse another account\'s right password from it', async () => {
    const ip = `10.3.${store === 'redis' ? 1 : 0}.${DRIVERS.indexOf(driver)}`;
    // Sixty different names, so no account delay plays a part: only the IP's count.
    const failures = await Promise.all(Array.from({ length: 60 }, (_, k) => signIn(env.app, ip, password(`sprayed-${store}-${k}`, 'Spring2026!'))));
    expect(failures.every((r) => r.errorKey === 'auth.invalidCredentials')).toBe(true);
    const started = Date.now();
    const ok = await signIn(env.app, ip, password('teacher', GOOD));
    expect(ok).toMatchObject({ status: 200, code: 1 });
    expect(ok.data?.account).toBe('teacher');
    // Held back (by at most the IP's cap), not refused.
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGIN_THROTTLE.perIpMaxDelayMs - 50);
    // Another IP is not slowed at all.
    const elsewhere = Date.now();
    expect((await signIn(env.app, '10.3.9.9', password('teacher', GOOD))).code).toBe(1);
    expect(Date.now() - elsewhere).toBeLessThan(LOGIN_THROTTLE.perIpMaxDelayMs);
  });

  it('5 wrong SMS codes destroy the code but block neither password sign-in nor a new code from another IP', async () => {
    const phone = env.schoolA.users.student!.phone;
    env.clock.advance(SMS_CODE.resendSeconds + 1);
    const send = (ip: string) => env.app.inject({ method: 'GET', url: `${SEND}?phone=${phone}`, remoteAddress: ip });
    expect((await send('10.4.0.1')).json()).toMatchObject({ code: 1 });
    const code = env.sms.last(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let k = 0; k < SMS_CODE.maxWrongTries; k++) {
      expect((await signIn(env.app, '10.4.0.66', { type: 'sms', phone, code: wrong })).errorKey).toBe('sms.codeInvalid');
    }
    // The code is gone.
    expect((await signIn(env.app, '10.4.0.2', { type: 'sms', phone, code })).errorKey).toBe('sms.codeInvalid');
    // Password sign-in with the phone as the sign-in name works at once, from another IP.
    expect((await signIn(env.app, '10.4.0.2', password(phone, GOOD))).data?.account).toBe('student');
    // A new code after the resend interval signs in by SMS from another IP.
    const early = await send('10.4.0.2');
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ errorKey: 'sms.tooFrequent' });
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    env.clock.advance(SMS_CODE.resendSeconds + 1);
    expect((await send('10.4.0.2')).json()).toMatchObject({ code: 1 });
    const fresh = env.sms.last(phone);
    expect((await signIn(env.app, '10.4.0.2', { type: 'sms', phone, code: fresh })).data?.account).toBe('student');
  });
});
