import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QR_LOGIN } from '@hxk/contracts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

const CREATE = '/base/wechat/hero/create/wechat/qrcode';
const INFO = '/base/wechat/hero/get/wechat/qrcode/info';

async function createQr(env: TestEnv, type = 1) {
  const res = await env.app.inject({ method: 'POST', url: CREATE, headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36', host: 'localhost:3000' }, payload: { type, domainName: 'localhost:3000' } });
  const body = res.json() as { data: { qrCodeId: string; content: string; image: string } };
  const secret = /hxk_qr=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!;
  return { ...body.data, cookie: `hxk_qr=${secret}` };
}

describe.each(DRIVERS)('QR sign-in on %s', (driver) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(driver);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('signs a browser in once a signed-in phone approves, and only that browser', async () => {
    const qr = await createQr(env);
    expect(qr.qrCodeId).toMatch(/^[0-9a-f]{32}$/);
    expect(qr.content).toBe(`http://localhost:3000/hxk/qrConfirm?qrCodeId=${qr.qrCodeId}`);
    expect(qr.image).toMatch(/^data:image\/png;base64,/);
    const waiting = await call<{ status: string }>(env.app, { url: `${INFO}?qrCodeId=${qr.qrCodeId}`, headers: { cookie: qr.cookie } });
    expect(waiting.body.data.status).toBe('waiting');

    const phone = await loginAs(env.app, 'teacher');
    const seen = await call<{ browser: string; status: string }>(env.app, { url: `/base/wechat/hero/qrcode/describe?qrCodeId=${qr.qrCodeId}`, token: phone });
    expect(seen.body.data.browser).toContain('Chrome/156');
    expect((await call<{ status: string }>(env.app, { url: `${INFO}?qrCodeId=${qr.qrCodeId}`, headers: { cookie: qr.cookie } })).body.data.status).toBe('scanned');

    await call(env.app, { url: '/base/wechat/hero/qrcode/confirm', body: { qrCodeId: qr.qrCodeId, approve: true }, token: phone });
    // Someone who read the id off the screen but lacks the browser's secret gets nothing.
    const thief = await call(env.app, { url: `${INFO}?qrCodeId=${qr.qrCodeId}`, headers: { cookie: 'hxk_qr=guess' } });
    expect(thief.status).toBe(404);
    const done = await call<{ status: string; session: { account: string; token: string } }>(env.app, { url: `${INFO}?qrCodeId=${qr.qrCodeId}`, headers: { cookie: qr.cookie } });
    expect(done.body.data.status).toBe('confirmed');
    expect(done.body.data.session.account).toBe('teacher');
    expect(String(done.res.headers['set-cookie'])).toContain('hxk_session=');
    // Single use.
    const reuse = await call<{ status: string; session: unknown }>(env.app, { url: `${INFO}?qrCodeId=${qr.qrCodeId}`, headers: { cookie: qr.cookie } });
    expect(reuse.body.data).toMatchObject({ status: 'used', session: null });
    const reconfirm = await call(env.app, { url: '/base/wechat/hero/qrcode/confirm', body: { qrCodeId: qr.qrCodeId, approve: true }, token: phone });
    expect(reconfirm.body.errorKey).toBe('qr.alreadyUsed');
  });

  it('a refused code signs nobody in', async () => {
    const qr = await createQr(env);
    const phone = await loginAs(env.app, 'teacher');
    await call(env.app, { url: '/base/wechat/hero/qrcode/confirm', body: { qrCodeId: qr.qrCodeId, approve: false }, token: phone });
    const r = await call<{ status: string; session: unknown }>(env.app, { url: `${INFO}?qrCodeId=${qr.qrCodeId}`, headers: { cookie: qr.cookie } });
    expect(r.body.data).toMatchObject({ status: 'cancelled', session: null });
  });

  it('expires after its short life', async () => {
    const qr = await createQr(env);
    env.clock.advance(QR_LOGIN.ttlSeconds + 1);
    const phone = await loginAs(env.app, 'teacher');
    const late = await call(env.app, { url: '/base/wechat/hero/qrcode/confirm', body: { qrCodeId: qr.qrCodeId, approve: true }, token: phone });
    expect(late.body.errorKey).toBe('qr.expired');
    const r = await call<{ status: string }>(env.app, { url: `${INFO}?qrCodeId=${qr.qrCodeId}`, headers: { cookie: qr.cookie } });
    expect(r.body.data.status).toBe('expired');
  });

  it('needs a signed-in phone to approve', async () => {
    const qr = await createQr(env);
    const anon = await call(env.app, { url: '/base/wechat/hero/qrcode/confirm', body: { qrCodeId: qr.qrCodeId, approve: true } });
    expect(anon.status).toBe(401);
  });

  it('QR registration: the phone registers, the waiting browser is signed in', async () => {
    const qr = await createQr(env, 2);
    expect(qr.content).toBe(`http://localhost:3000/hxk/register?qrCodeId=${qr.qrCodeId}`);
    const phone = '13600000077';
    await call(env.app, { url: `/base/login/v1/send/sms/code?phone=${phone}&purpose=register` });
    const reg = await call(env.app, {
      url: '/base/login/v1/register',
      body: { account: 'qrnew', name: 'QR New', phone, code: env.sms.last(phone), password: 'abc12345', qrCodeId: qr.qrCodeId },
    });
    expect(reg.body.code).toBe(1);
    const r = await call<{ status: string; session: { account: string } }>(env.app, { url: `${INFO}?qrCodeId=${qr.qrCodeId}`, headers: { cookie: qr.cookie } });
    expect(r.body.data.session.account).toBe('qrnew');
  });
});
