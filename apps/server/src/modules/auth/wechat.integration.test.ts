import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QR_LOGIN } from '@hxk/contracts';
import { loadConfig } from '../../config.ts';
import { accounts, qrCodes } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, type TestEnv } from '../../test/harness.ts';
import { startWechatDouble } from '../../test/wechat-double.ts';
import { openIdOfQr } from './qr.service.ts';

const CREATE = '/base/wechat/hero/create/wechat/qrcode';
const INFO = '/base/wechat/hero/get/wechat/qrcode/info';
const CALLBACK = '/base/wechat/hero/callback';
const APP_ID = 'wx0123456789abcdef';
const APP_SECRET = 'official-account-secret';
const TOKEN = 'hxkPushToken2026';

const double = startWechatDouble({ appId: APP_ID, appSecret: APP_SECRET });
let apiBase = '';
let dataDir = '';

beforeAll(async () => {
  apiBase = await double.listen();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hxk-wechat-'));
});
afterAll(async () => {
  await double.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** The app as configured for WeChat: the QR provider comes from config, as in production. */
const wechatConfig = () =>
  loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WECHAT_PROVIDER: 'wechat',
    WECHAT_API_BASE: apiBase,
    WECHAT_APP_ID: APP_ID,
    WECHAT_APP_SECRET: APP_SECRET,
    WECHAT_TOKEN: TOKEN,
  });

/** What WeChat's servers put in the query of a push: signature = sha1(sorted token, timestamp, nonce). */
function signedQuery(env: TestEnv, over: { token?: string; timestamp?: string; nonce?: string } = {}) {
  const timestamp = over.timestamp ?? String(Math.floor(env.clock.now.getTime() / 1000));
  const nonce = over.nonce ?? String(crypto.randomInt(1_000_000_000, 2_000_000_000));
  const signature = crypto.createHash('sha1').update([over.token ?? TOKEN, timestamp, nonce].sort().join('')).digest('hex');
  return new URLSearchParams({ signature, timestamp, nonce });
}

function scanXml(openId: string, event: 'SCAN' | 'subscribe', eventKey: string) {
  return `<xml><ToUserName><![CDATA[gh_0123456789ab]]></ToUserName><FromUserName><![CDATA[${openId}]]></FromUserName>
<CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event>
<EventKey><![CDATA[${eventKey}]]></EventKey><Ticket><![CDATA[gQHs8DoAAAAAAAAAASxodHRwOi8vd2VpeGluLnFxLmNvbS9xLzAy]]></Ticket></xml>`;
}

function push(env: TestEnv, xml: string, query: URLSearchParams = signedQuery(env), contentType = 'text/xml') {
  query.set('openid', 'oIgnoredByHxk');
  return env.app.inject({ method: 'POST', url: `${CALLBACK}?${query}`, headers: { 'content-type': contentType }, payload: xml });
}

async function createQr(env: TestEnv, type: 1 | 2) {
  const res = await env.app.inject({ method: 'POST', url: CREATE, headers: { 'content-type': 'application/json', host: 'localhost:3000' }, payload: { type } });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { data: { qrCodeId: string; content: string; provider: string } };
  const secret = /hxk_qr=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!;
  return { ...body.data, cookie: `hxk_qr=${secret}` };
}

const rowOf = async (env: TestEnv, id: string) =>
  (await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(qrCodes).where(eq(qrCodes.id, id))))[0]!;

const bindWechat = (env: TestEnv, accountId: string, openId: string) =>
  platformTx(env.dbh.db, 'seed', (tx) => tx.update(accounts).set({ wechatOpenId: openId }).where(eq(accounts.id, accountId)));

describe.each(DRIVERS)('WeChat official-account QR sign-in on %s', (driver) => {
  let env: TestEnv;
  const teacherOpenId = `oTeacher_${driver}_9xQ2pZ`;

  beforeAll(async () => {
    env = await createTestEnv(driver, { config: wechatConfig() });
    await bindWechat(env, env.schoolA.users.teacher!.id, teacherOpenId);
  });
  afterAll(async () => {
    await env?.close();
  });
  beforeEach(() => {
    double.reset();
  });

  it("creates a sign-in code through WeChat: the QR content is WeChat's URL", async () => {
    const qr = await createQr(env, 1);
    expect(qr.provider).toBe('wechat');
    expect(qr.content).toBe(double.qrUrlOf(qr.qrCodeId));
    expect(double.qrRequests).toEqual([
      { expire_seconds: QR_LOGIN.ttlSeconds, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: qr.qrCodeId } } },
    ]);
  });

  it('a signed SCAN by a bound WeChat user confirms the code; the polling browser is signed in', async () => {
    const qr = await createQr(env, 1);
    const waiting = await call<{ status: string }>(env.app, { url: `${INFO}?qrCodeId=${qr.qrCodeId}`, headers: { cookie: qr.cookie } });
    expect(waiting.body.data.status).toBe('waiting');

    const res = await push(env, scanXml(teacherOpenId, 'SCAN', qr.qrCodeId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('success');
    expect(await rowOf(env, qr.qrCodeId)).toMatchObject({ status: 'confirmed', accountId: env.schoolA.users.teacher!.id, schoolId: null });

    const done = await call<{ status: string; session: { account: string; schoolId: string | null } }>(env.app, {
      url: `${INFO}?qrCodeId=${qr.qrCodeId}`,
      headers: { cookie: qr.cookie },
    });
    expect(done.body.data.status).toBe('confirmed');
    expect(done.body.data.session.account).toBe('teacher');
    expect(done.body.data.session.schoolId).toBe(env.schoolA.schoolId);
    expect(String(done.res.headers['set-cookie'])).toContain('hxk_session=');
  });

  it('refuses a bad signature and changes nothing', async () => {
    const qr = await createQr(env, 1);
    const forged = await push(env, scanXml(teacherOpenId, 'SCAN', qr.qrCodeId), signedQuery(env, { token: 'guessed-token' }));
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 444, errorKey: 'wechat.signature' });
    const unsigned = await env.app.inject({ method: 'POST', url: CALLBACK, headers: { 'content-type': 'text/xml' }, payload: scanXml(teacherOpenId, 'SCAN', qr.qrCodeId) });
    expect(unsigned.statusCode).toBe(403);
    expect(await rowOf(env, qr.qrCodeId)).toMatchObject({ status: 'waiting', accountId: null, openId: null });
    const poll = await call<{ status: string; session: unknown }>(env.app, { url: `${INFO}?qrCodeId=${qr.qrCodeId}`, headers: { cookie: qr.cookie } });
    expect(poll.body.data).toMatchObject({ status: 'waiting', session: null });
  });

  it('refuses a replayed signed query and a stale one', async () => {
    const qr = await createQr(env, 1);
    const query = signedQuery(env);
    expect((await push(env, '<xml><FromUserName><![CDATA[oSomeone]]></FromUserName><MsgType><![CDATA[text]]></MsgType></xml>', query)).body).toBe('success');
    // The same signed query with another message: plain-text mode does not sign the body.
    const replay = await push(env, scanXml(teacherOpenId, 'SCAN', qr.qrCodeId), new URLSearchParams(query));
    expect(replay.statusCode).toBe(403);
    const stale = String(Math.floor(env.clock.now.getTime() / 1000) - 600);
    const old = await push(env, scanXml(teacherOpenId, 'SCAN', qr.qrCodeId), signedQuery(env, { timestamp: stale }));
    expect(old.statusCode).toBe(403);
    expect(await rowOf(env, qr.qrCodeId)).toMatchObject({ status: 'waiting', accountId: null, openId: null });
  });

  it('an unknown WeChat user (subscribe by scanning) marks the code scanned and leaves the openid on it', async () => {
    const qr = await createQr(env, 1);
    const res = await push(env, scanXml('oNewcomer_7Yt', 'subscribe', `qrscene_${qr.qrCodeId}`), signedQuery(env), 'text/xml; charset=utf-8');
    expect(res.body).toBe('success');
    expect(await rowOf(env, qr.qrCodeId)).toMatchObject({ status: 'scanned', openId: 'oNewcomer_7Yt', accountId: null });
    const poll = await call<{ status: string; session: unknown }>(env.app, { url: `${INFO}?qrCodeId=${qr.qrCodeId}`, headers: { cookie: qr.cookie } });
    expect(poll.body.data).toMatchObject({ status: 'scanned', session: null });
  });

  it('a registration code keeps the openid of whoever scanned it, for the new account', async () => {
    const reg = await createQr(env, 2);
    expect(reg.content).toBe(double.qrUrlOf(reg.qrCodeId));
    await push(env, scanXml('oRegistrant_3Kd', 'SCAN', reg.qrCodeId));
    expect(await rowOf(env, reg.qrCodeId)).toMatchObject({ status: 'scanned', openId: 'oRegistrant_3Kd' });
    expect(await platformTx(env.dbh.db, 'seed', (tx) => openIdOfQr(tx, reg.qrCodeId))).toBe('oRegistrant_3Kd');

    // A bound user scanning a registration code does not sign in, and the openid is not offered again.
    const reg2 = await createQr(env, 2);
    await push(env, scanXml(teacherOpenId, 'SCAN', reg2.qrCodeId));
    expect(await rowOf(env, reg2.qrCodeId)).toMatchObject({ status: 'scanned', openId: teacherOpenId, accountId: null });
    expect(await platformTx(env.dbh.db, 'seed', (tx) => openIdOfQr(tx, reg2.qrCodeId))).toBeNull();

    // Only registration codes give their openid away.
    const login = await createQr(env, 1);
    await push(env, scanXml('oRegistrant_3Kd', 'SCAN', login.qrCodeId));
    expect(await platformTx(env.dbh.db, 'seed', (tx) => openIdOfQr(tx, login.qrCodeId))).toBeNull();
  });

  it('registering with a scanned registration code links the new account to that WeChat user', async () => {
    const reg = await createQr(env, 2);
    await push(env, scanXml('oNewcomer_7Yu', 'SCAN', reg.qrCodeId));
    const phone = '13600000123';
    await call(env.app, { url: `/base/login/v1/send/sms/code?phone=${phone}&purpose=register` });
    const r = await call(env.app, {
      url: '/base/login/v1/register',
      body: { account: 'wxnewcomer', name: 'WX', phone, code: env.sms.last(phone), password: 'abc12345', qrCodeId: reg.qrCodeId },
    });
    expect(r.body.code).toBe(1);
    const [acct] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(accounts).where(eq(accounts.account, 'wxnewcomer')));
    expect(acct!.wechatOpenId).toBe('oNewcomer_7Yu');
    // From now on a scan of a sign-in code by that WeChat user signs them in.
    const login = await createQr(env, 1);
    await push(env, scanXml('oNewcomer_7Yu', 'SCAN', login.qrCodeId));
    expect(await rowOf(env, login.qrCodeId)).toMatchObject({ status: 'confirmed', accountId: acct!.id });
  });

  it('a WeChat failure while making a code is a clear, localized error', async () => {
    double.failCreatesWith({ errcode: 45009, errmsg: 'reach max api daily quota limit' });
    const res = await env.app.inject({ method: 'POST', url: '/base/wechat/hero/create/wechat/qrcode', headers: { 'content-type': 'application/json', language: 'en' }, payload: { type: 1 } });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 444, errorKey: 'wechat.failed' });
    expect(res.json().msg).toContain('45009');
  });

  it('two different WeChat users scanning one code cancel it', async () => {
    const qr = await createQr(env, 2);
    await push(env, scanXml('oFirst_1', 'SCAN', qr.qrCodeId));
    await push(env, scanXml('oOverTheShoulder_2', 'SCAN', qr.qrCodeId));
    expect(await rowOf(env, qr.qrCodeId)).toMatchObject({ status: 'cancelled', openId: 'oFirst_1' });
    expect(await platformTx(env.dbh.db, 'seed', (tx) => openIdOfQr(tx, qr.qrCodeId))).toBeNull();
  });

  it('answers success but changes nothing for an expired or unknown code', async () => {
    const qr = await createQr(env, 1);
    env.clock.advance(QR_LOGIN.ttlSeconds + 1);
    expect((await push(env, scanXml(teacherOpenId, 'SCAN', qr.qrCodeId))).body).toBe('success');
    expect(await rowOf(env, qr.qrCodeId)).toMatchObject({ status: 'waiting', accountId: null, openId: null });
    expect((await push(env, scanXml(teacherOpenId, 'SCAN', 'f'.repeat(32)))).body).toBe('success');
  });

  it('the server check echoes echostr to a valid signature only', async () => {
    const query = signedQuery(env);
    query.set('echostr', '7318937410251593211');
    const good = await env.app.inject({ method: 'GET', url: `${CALLBACK}?${query}` });
    expect(good.statusCode).toBe(200);
    expect(good.headers['content-type']).toMatch(/^text\/plain/);
    expect(good.body).toBe('7318937410251593211');
    const badQuery = signedQuery(env, { token: 'wrong' });
    badQuery.set('echostr', '7318937410251593211');
    const bad = await env.app.inject({ method: 'GET', url: `${CALLBACK}?${badQuery}` });
    expect(bad.statusCode).toBe(403);
    expect(bad.json()).toMatchObject({ errorKey: 'wechat.signature' });
  });
});

describe.each(DRIVERS)('WeChat callback without WeChat configured on %s', (driver) => {
  it('does not exist', async () => {
    const env = await createTestEnv(driver);
    try {
      const res = await env.app.inject({ method: 'GET', url: `${CALLBACK}?${signedQuery(env)}&echostr=1` });
      expect(res.statusCode).toBe(404);
    } finally {
      await env.close();
    }
  });
});
