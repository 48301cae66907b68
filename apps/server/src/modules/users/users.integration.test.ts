import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082',
  'hex',
);

function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = '----hxktest' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest' } };
}

describe.each(DRIVERS)('profile and files on %s', (driver) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(driver);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('updates the profile and validates it', async () => {
    const token = await loginAs(env.app, 'teacher');
    const r = await call<{ name: string; sex: string }>(env.app, { url: '/base/user/v1/update/info', body: { name: 'Ms Chen', sex: 'female' }, token });
    expect(r.body.data).toMatchObject({ name: 'Ms Chen', sex: 'female' });
    const bad = await call(env.app, { url: '/base/user/v1/update/info', body: { email: 'not-an-email' }, token, headers: { language: 'zh' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('邮箱');
    const taken = await call(env.app, { url: '/base/user/v1/update/info', body: { phone: env.schoolA.users.admin!.phone }, token });
    expect(taken.body.errorKey).toBe('register.phoneTaken');
  });

  it('changes the password under the rules and ends the other sessions', async () => {
    const keep = await loginAs(env.app, 'leader');
    const other = await loginAs(env.app, 'leader');
    const weak = await call(env.app, { url: '/base/user/v1/update/pwd', body: { oldPassword: 'Demo@2026', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }, token: keep });
    expect(weak.status).toBe(400);
    const mismatch = await call(env.app, { url: '/base/user/v1/update/pwd', body: { oldPassword: 'Demo@2026', newPassword: 'abcd1234', confirmPassword: 'abcd12345' }, token: keep });
    expect(mismatch.status).toBe(400);
    const wrongOld = await call(env.app, { url: '/base/user/v1/update/pwd', body: { oldPassword: 'nope', newPassword: 'abcd1234', confirmPassword: 'abcd1234' }, token: keep });
    expect(wrongOld.body.errorKey).toBe('password.wrongOld');
    const done = await call(env.app, { url: '/base/user/v1/update/pwd', body: { oldPassword: 'Demo@2026', newPassword: 'abcd1234', confirmPassword: 'abcd1234' }, token: keep });
    expect(done.body.code).toBe(1);
    expect((await call(env.app, { url: '/base/user/v1/info', token: keep })).status).toBe(200);
    expect((await call(env.app, { url: '/base/user/v1/info', token: other })).status).toBe(401);
    await loginAs(env.app, 'leader', 'abcd1234');
  });

  it('resets a forgotten password by SMS code', async () => {
    const phone = env.schoolA.users.supervisor!.phone;
    const session = await loginAs(env.app, 'supervisor');
    await call(env.app, { url: `/base/login/v1/send/sms/code?phone=${phone}&purpose=reset` });
    const code = env.sms.last(phone);
    const r = await call(env.app, { url: '/base/login/v1/forget/pwd', body: { phone, code, newPassword: 'newpass#1' } });
    expect(r.body.code).toBe(1);
    expect((await call(env.app, { url: '/base/user/v1/info', token: session })).status).toBe(401);
    await loginAs(env.app, 'supervisor', 'newpass#1');
  });

  it('uploads an avatar checked by content, and serves it', async () => {
    const token = await loginAs(env.app, 'teacher');
    const fake = multipart({ purpose: 'avatar' }, { name: 'me.png', type: 'image/png', data: Buffer.from('<svg onload=alert(1)>') });
    const refused = await env.app.inject({ method: 'POST', url: '/base/tool/file/v1/simple/upload', headers: { ...fake.headers, authorization: `Bearer ${token}`, language: 'en' }, payload: fake.payload });
    expect(refused.json()).toMatchObject({ code: 444, errorKey: 'file.formatWrong', msg: 'File format is wrong.' });
    const big = multipart({ purpose: 'avatar' }, { name: 'big.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]) });
    const tooBig = await env.app.inject({ method: 'POST', url: '/base/tool/file/v1/simple/upload', headers: { ...big.headers, authorization: `Bearer ${token}` }, payload: big.payload });
    expect(tooBig.json().errorKey).toBe('file.tooLarge');
    const good = multipart({ purpose: 'avatar' }, { name: 'me.png', type: 'application/octet-stream', data: PNG });
    const up = await env.app.inject({ method: 'POST', url: '/base/tool/file/v1/simple/upload', headers: { ...good.headers, authorization: `Bearer ${token}` }, payload: good.payload });
    expect(up.json().code).toBe(1);
    const info = await call<{ avatar: string }>(env.app, { url: '/base/user/v1/info', token });
    expect(info.body.data.avatar).toMatch(/^\/base\/user\/v1\/avatar\?userId=/);
    const img = await env.app.inject({ method: 'GET', url: info.body.data.avatar, headers: { authorization: `Bearer ${token}` } });
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    // A member of another school cannot fetch it.
    const tokenB = await loginAs(env.app, 'teacher2');
    const cross = await env.app.inject({ method: 'GET', url: info.body.data.avatar, headers: { authorization: `Bearer ${tokenB}` } });
    expect(cross.statusCode).toBe(404);
  });

  it('keeps school files inside their school', async () => {
    const tokenA = await loginAs(env.app, 'teacher');
    const f = multipart({}, { name: '教案.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4 test') });
    const up = await env.app.inject({ method: 'POST', url: '/base/tool/file/v1/simple/upload', headers: { ...f.headers, authorization: `Bearer ${tokenA}` }, payload: f.payload });
    const fileId = up.json().data.fileId as string;
    const info = await call<{ name: string }>(env.app, { url: `/base/tool/file/v1/get/info/of/id?fileId=${fileId}`, token: tokenA });
    expect(info.body.data.name).toBe('教案.pdf');

    const tokenB = await loginAs(env.app, 'admin2');
    expect((await call(env.app, { url: `/base/tool/file/v1/get/info/of/id?fileId=${fileId}`, token: tokenB })).status).toBe(404);
    expect((await env.app.inject({ method: 'GET', url: `/base/tool/file/v1/download?fileId=${fileId}`, headers: { authorization: `Bearer ${tokenB}` } })).statusCode).toBe(404);
    const del = await call(env.app, { url: `/base/tool/file/v1/delete?fileId=${fileId}`, method: 'POST', token: tokenB, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(del.status).toBe(404);
    const [row] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(files).where(eq(files.id, fileId)));
    expect(row).toBeDefined();

    const dl = await env.app.inject({ method: 'GET', url: `/base/tool/file/v1/download?fileId=${fileId}`, headers: { authorization: `Bearer ${tokenA}` } });
    expect(dl.body).toBe('%PDF-1.4 test');
    const mine = await call(env.app, { url: `/base/tool/file/v1/delete?fileId=${fileId}`, method: 'POST', token: tokenA, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(mine.body.code).toBe(1);
  });

  it("reads another member's profile only within the school", async () => {
    const tokenA = await loginAs(env.app, 'admin');
    const same = await call<{ account: string }>(env.app, { url: `/base/user/v1/info?userId=${env.schoolA.users.teacher!.id}`, token: tokenA });
    expect(same.body.data.account).toBe('teacher');
    const cross = await call(env.app, { url: `/base/user/v1/info?userId=${env.schoolB.users.teacher!.id}`, token: tokenA });
    expect(cross.status).toBe(404);
  });
});
