import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SESSION_COOKIE, SMS_CODE } from '@hxk/contracts';
import { accounts, loginLogs } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

const LOGIN = '/base/login/v1/do';
const SEND = '/base/login/v1/send/sms/code';

describe.each(DRIVERS)('sign-in on %s', (driver) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(driver);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('signs in by password, sets an HttpOnly SameSite cookie and picks the approved school', async () => {
    const { status, body, res } = await call<{ token: string; schoolId: string; identity: number; userId: string }>(env.app, {
      url: LOGIN,
      body: { type: 'password', account: 'admin', password: 'Demo@2026' },
    });
    expect(status).toBe(200);
    expect(body.code).toBe(1);
    expect(body.data.schoolId).toBe(env.schoolA.schoolId);
    expect(body.data.identity).toBe(1);
    expect(typeof body.data.userId).toBe('string');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`${SESSION_COOKIE}=`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    // The cookie alone authenticates the next request.
    const token = /hxk_session=([^;]+)/.exec(cookie)![1]!;
    const info = await call<{ account: string }>(env.app, { url: '/base/user/v1/info', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(info.body.data.account).toBe('admin');
  });

  it('answers a wrong password and an unknown account alike, localized', async () => {
    const wrong = await call(env.app, { url: LOGIN, body: { type: 'password', account: 'teacher', password: 'nope1234' }, headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    const unknown = await call(env.app, { url: LOGIN, body: { type: 'password', account: 'nobody-here', password: 'nope1234' }, headers: { 'accept-language': 'zh-CN' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ code: 444, errorKey: 'auth.invalidCredentials', msg: '账号或密码错误', data: null });
    const ja = await call(env.app, { url: LOGIN, body: { type: 'password', account: 'teacher', password: 'x' }, headers: { language: 'ja' } });
    expect(ja.body.msg).toBe('アカウントまたはパスワードが正しくありません。');
    const other = await call(env.app, { url: LOGIN, body: { type: 'password', account: 'teacher', password: 'x' }, headers: { 'accept-language': 'fr-FR' } });
    expect(other.body.msg).toBe('Incorrect account or password.');
  });

  it('names the field and the rule on invalid input', async () => {
    const { status, body } = await call<null>(env.app, { url: LOGIN, body: { type: 'sms', phone: 'abc', code: '12' }, headers: { language: 'en' } });
    expect(status).toBe(400);
    expect(body.errorKey).toBe('common.validation');
    const fields = (body as unknown as { fields: { path: string; message: string }[] }).fields;
    expect(fields.map((f) => f.path).sort()).toEqual(['code', 'phone']);
    expect(fields.find((f) => f.path === 'code')!.message).toContain('6 digits');
  });

  // Throttling (per name across IPs, per IP, SMS codes): sign-in-throttle.integration.test.ts.

  it('signs in by SMS code: single use', async () => {
    const phone = env.schoolA.users.teacher!.phone;
    const sent = await call<{ resendAfterSeconds: number }>(env.app, { url: `${SEND}?phone=${phone}` });
    expect(sent.body.data.resendAfterSeconds).toBe(SMS_CODE.resendSeconds);
    const code = env.sms.last(phone);
    expect(code).toMatch(/^\d{6}$/);
    const ok = await call<{ account: string }>(env.app, { url: LOGIN, body: { type: 'sms', phone, code } });
    expect(ok.body.data.account).toBe('teacher');
    const again = await call(env.app, { url: LOGIN, body: { type: 'sms', phone, code } });
    expect(again.body.errorKey).toBe('sms.codeInvalid');
  });

  it('expires an SMS code after five minutes', async () => {
    const phone = env.schoolA.users.leader!.phone;
    await call(env.app, { url: `${SEND}?phone=${phone}` });
    const code = env.sms.last(phone);
    env.clock.advance(SMS_CODE.ttlSeconds + 1);
    const late = await call(env.app, { url: LOGIN, body: { type: 'sms', phone, code } });
    expect(late.body.errorKey).toBe('sms.codeInvalid');
  });

  it('destroys an SMS code at the fifth wrong try', async () => {
    const phone = env.schoolA.users.student!.phone;
    env.clock.advance(SMS_CODE.resendSeconds + 1);
    await call(env.app, { url: `${SEND}?phone=${phone}` });
    const code = env.sms.last(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_CODE.maxWrongTries; i++) {
      const r = await call(env.app, { url: LOGIN, body: { type: 'sms', phone, code: wrong } });
      expect(r.body.errorKey).toBe('sms.codeInvalid');
    }
    const right = await call(env.app, { url: LOGIN, body: { type: 'sms', phone, code } });
    expect(right.body.errorKey).toBe('sms.codeInvalid');
  });

  it('limits resends per phone and does not reveal unknown phones', async () => {
    const phone = env.schoolA.users.admin!.phone;
    env.clock.advance(SMS_CODE.resendSeconds + 1);
    await call(env.app, { url: `${SEND}?phone=${phone}` });
    const again = await call(env.app, { url: `${SEND}?phone=${phone}` });
    expect(again.status).toBe(429);
    expect(again.body.errorKey).toBe('sms.tooFrequent');
    const before = env.sms.sent.length;
    const unknown = await call(env.app, { url: `${SEND}?phone=15500009999` });
    expect(unknown.body.code).toBe(1);
    expect(env.sms.sent.length).toBe(before); // nothing really sent to a phone without an account
  });

  it('logout revokes the session', async () => {
    const token = await loginAs(env.app, 'teacher');
    expect((await call(env.app, { url: '/base/user/v1/info', token })).body.code).toBe(1);
    await call(env.app, { url: '/base/login/v1/logout', token });
    const after = await call(env.app, { url: '/base/user/v1/info', token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 401, errorKey: 'auth.unauthenticated' });
  });

  it('a cookie GET logout without the app\'s header (a link on another site) ends nothing', async () => {
    const token = await loginAs(env.app, 'teacher');
    const cookie = `${SESSION_COOKIE}=${token}`;
    for (const headers of [{ cookie }, { cookie, referer: 'https://evil.example/page', 'sec-fetch-site': 'cross-site' }]) {
      const res = await env.app.inject({ method: 'GET', url: '/base/login/v1/logout', headers: { ...headers, 'accept-language': 'ja' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 444, errorKey: 'auth.csrf', msg: 'リクエストが拒否されました（JSON またはリクエストヘッダーがありません）。' });
      expect(String(res.headers['set-cookie'] ?? '')).not.toContain(`${SESSION_COOKIE}=;`);
    }
    expect((await call(env.app, { url: '/base/user/v1/info', headers: { cookie } })).body.code).toBe(1);
    // The product's own client sends X-Requested-With on every request: its GET still logs out.
    const own = await env.app.inject({ method: 'GET', url: '/base/login/v1/logout', headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } });
    expect(own.json()).toMatchObject({ code: 1 });
    expect(String(own.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=;`);
    expect((await call(env.app, { url: '/base/user/v1/info', headers: { cookie } })).status).toBe(401);
  });

  it('POST logout works as before (CSRF-checked like every POST)', async () => {
    const token = await loginAs(env.app, 'teacher');
    const cookie = `${SESSION_COOKIE}=${token}`;
    const form = await env.app.inject({ method: 'POST', url: '/base/login/v1/logout', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(form.statusCode).toBe(403);
    expect((await call(env.app, { url: '/base/user/v1/info', headers: { cookie } })).body.code).toBe(1);
    const json = await call(env.app, { method: 'POST', url: '/base/login/v1/logout', body: {}, headers: { cookie } });
    expect(json.body.code).toBe(1);
    expect((await call(env.app, { url: '/base/user/v1/info', headers: { cookie } })).status).toBe(401);
  });

  it('ends an idle session', async () => {
    const token = await loginAs(env.app, 'leader');
    env.clock.advance(3 * 60 * 60);
    expect((await call(env.app, { url: '/base/user/v1/info', token })).status).toBe(401);
  });

  it('disabling an account ends its sessions at once', async () => {
    const token = await loginAs(env.app, 'student');
    await platformTx(env.dbh.db, 'seed', (tx) => tx.update(accounts).set({ status: 'disabled' }).where(eq(accounts.account, 'student')));
    expect((await call(env.app, { url: '/base/user/v1/info', token })).status).toBe(401);
    const relogin = await call(env.app, { url: LOGIN, body: { type: 'password', account: 'student', password: 'Demo@2026' } });
    expect(relogin.body.errorKey).toBe('auth.accountDisabled');
    await platformTx(env.dbh.db, 'seed', (tx) => tx.update(accounts).set({ status: 'active' }).where(eq(accounts.account, 'student')));
  });

  it('refuses a cookie-authenticated form post without JSON or a custom header (CSRF)', async () => {
    const res = await env.app.inject({ method: 'POST', url: LOGIN, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'type=password&account=admin&password=Demo%402026' });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorKey).toBe('auth.csrf');
    const foreign = await env.app.inject({ method: 'POST', url: LOGIN, headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, payload: { type: 'password', account: 'admin', password: 'Demo@2026' } });
    expect(foreign.statusCode).toBe(403);
  });

  it('sends security headers', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/base/system/tenant/school/hero/get/tenant/id/by/domain?domainName=localhost' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('confirms the login log once with the platform id', async () => {
    const login = await call<{ token: string; logId: string }>(env.app, { url: LOGIN, body: { type: 'password', account: 'admin', password: 'Demo@2026' } });
    const { token, logId } = login.body.data;
    const first = await call<{ logged: boolean }>(env.app, { url: `/base/login/v1/doLoginLog?logId=${logId}&pfId=3`, token });
    expect(first.body.data.logged).toBe(true);
    const second = await call<{ logged: boolean }>(env.app, { url: `/base/login/v1/doLoginLog?logId=${logId}&pfId=3`, token });
    expect(second.body.data.logged).toBe(false);
    const [row] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(loginLogs).where(eq(loginLogs.id, logId)));
    expect(row!.platformId).toBe(3);
  });

  it("a school B user cannot confirm school A's login log", async () => {
    const a = await call<{ logId: string }>(env.app, { url: LOGIN, body: { type: 'password', account: 'teacher', password: 'Demo@2026' } });
    const tokenB = await loginAs(env.app, 'teacher2');
    const r = await call<{ logged: boolean }>(env.app, { url: `/base/login/v1/doLoginLog?logId=${a.body.data.logId}&pfId=3`, token: tokenB });
    expect(r.body.data.logged).toBe(false);
    const [row] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(loginLogs).where(eq(loginLogs.id, a.body.data.logId)));
    expect(row!.confirmedAt).toBeNull();
  });

  it('lists only the caller\'s own identities', async () => {
    const token = await loginAs(env.app, 'teacher');
    const own = await call<unknown[]>(env.app, { url: '/base/login/hero/v1/last/identity/list?username=teacher', token });
    expect(own.body.data).toHaveLength(1);
    const other = await call<unknown[]>(env.app, { url: '/base/login/hero/v1/last/identity/list?username=admin', token });
    expect(other.body.data).toEqual([]);
  });
});
