import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY } from '@hxk/contracts';
import { schoolMemberships } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

const LOGIN = '/base/login/v1/do';
const SEND = '/base/login/v1/send/sms/code';
const CREATE_QR = '/base/wechat/hero/create/wechat/qrcode';
const QR_INFO = '/base/wechat/hero/get/wechat/qrcode/info';

type Session = { schoolId: string | null; schoolName: string | null; account: string };

describe.each(DRIVERS)('signing in picks the school of the host on %s', (driver) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(driver);
    // As in the demo: Demo School's supervisor also teaches at Second School.
    await platformTx(env.dbh.db, 'seed', (tx) =>
      tx.insert(schoolMemberships).values({ schoolId: env.schoolB.schoolId, accountId: env.schoolA.users.supervisor!.id, identity: IDENTITY.teacher, status: 'approved' }),
    );
  });
  afterAll(async () => {
    await env?.close();
  });

  // Each sign-in a second after the last, so that "the school used last" is well defined.
  const byPassword = (host: string, account = 'supervisor', extra: Record<string, unknown> = {}) => {
    env.clock.advance(1);
    return call<Session>(env.app, { url: LOGIN, body: { type: 'password', account, password: 'Demo@2026', ...extra }, headers: { host } });
  };

  it('by password: the host\'s school, whatever was used last', async () => {
    const b = await byPassword('second.localhost');
    expect(b.body.data).toMatchObject({ schoolId: env.schoolB.schoolId, schoolName: 'Second School' });
    // The last used is now Second School; at Demo School's host the person lands in Demo School.
    const a = await byPassword('localhost:3000');
    expect(a.body.data).toMatchObject({ schoolId: env.schoolA.schoolId, schoolName: 'Demo School' });
    expect((await byPassword('second.localhost:3000')).body.data.schoolId).toBe(env.schoolB.schoolId);
    expect((await byPassword('demo.localhost')).body.data.schoolId).toBe(env.schoolA.schoolId);
  });

  it('an explicit school of the person wins over the host; a host of a school the person is not in changes nothing', async () => {
    const chosen = await byPassword('second.localhost', 'supervisor', { schoolId: env.schoolA.schoolId });
    expect(chosen.body.data.schoolId).toBe(env.schoolA.schoolId);
    const teacher = await byPassword('second.localhost', 'teacher');
    expect(teacher.body.data.schoolId).toBe(env.schoolA.schoolId);
    // An unknown host: the school used last.
    await byPassword('second.localhost');
    expect((await byPassword('unknown.example')).body.data.schoolId).toBe(env.schoolB.schoolId);
  });

  it('by SMS code', async () => {
    const phone = env.schoolA.users.supervisor!.phone;
    await byPassword('localhost'); // last used: Demo School
    await call(env.app, { url: `${SEND}?phone=${phone}` });
    const r = await call<Session>(env.app, { url: LOGIN, body: { type: 'sms', phone, code: env.sms.last(phone) }, headers: { host: 'second.localhost' } });
    expect(r.body.data).toMatchObject({ account: 'supervisor', schoolId: env.schoolB.schoolId });
  });

  it('by QR code: the host of the browser that is signed in', async () => {
    await byPassword('localhost'); // last used: Demo School
    const created = await env.app.inject({ method: 'POST', url: CREATE_QR, headers: { 'content-type': 'application/json', host: 'second.localhost' }, payload: { type: 1 } });
    const qrCodeId = (created.json() as { data: { qrCodeId: string } }).data.qrCodeId;
    const cookie = `hxk_qr=${/hxk_qr=([^;]+)/.exec(String(created.headers['set-cookie']))![1]!}`;
    // The phone approving it is signed in at Demo School.
    const phone = await loginAs(env.app, 'supervisor');
    expect((await call(env.app, { url: '/base/wechat/hero/qrcode/confirm', body: { qrCodeId, approve: true }, token: phone })).body.code).toBe(1);
    const done = await call<{ session: Session }>(env.app, { url: `${QR_INFO}?qrCodeId=${qrCodeId}`, headers: { cookie, host: 'second.localhost' } });
    expect(done.body.data.session).toMatchObject({ account: 'supervisor', schoolId: env.schoolB.schoolId });
  });
});
