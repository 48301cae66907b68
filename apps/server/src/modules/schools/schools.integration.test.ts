import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schoolMemberships } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { ensureBuiltinRoles } from '../roles/builtin-roles.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

async function register(env: TestEnv, account: string, phone: string, extra: Record<string, unknown> = {}) {
  await call(env.app, { url: `/base/login/v1/send/sms/code?phone=${phone}&purpose=register` });
  const code = env.sms.last(phone);
  const r = await call<{ token: string; schoolId: string | null; userId: string }>(env.app, {
    url: '/base/login/v1/register',
    body: { account, name: `Name ${account}`, phone, code, password: 'abc12345', ...extra },
  });
  if (r.body.code !== 1) throw new Error(r.body.msg);
  return r.body.data;
}

describe.each(DRIVERS)('schools on %s', (driver) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(driver);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('resolves a school from its host, ignoring the port', async () => {
    const a = await call<string>(env.app, { url: '/base/system/tenant/school/hero/get/tenant/id/by/domain?domainName=localhost:3000' });
    expect(a.body).toMatchObject({ code: 1, data: env.schoolA.schoolId });
    const b = await call<string>(env.app, { url: '/base/system/tenant/school/hero/get/tenant/id/by/domain?domainName=second.localhost' });
    expect(b.body.data).toBe(env.schoolB.schoolId);
    const none = await call(env.app, { url: '/base/system/tenant/school/hero/get/tenant/id/by/domain?domainName=unknown.example' });
    expect(none.status).toBe(404);
    expect(none.body.code).toBe(444);
  });

  it('registers without a school, binds by code, waits, and enters once an admin approves', async () => {
    const reg = await register(env, 'newbie', '13700000001');
    expect(reg.schoolId).toBeNull();
    const token = reg.token;
    // No school yet: school-level routes are refused, account-level routes work.
    const blocked = await call(env.app, { url: '/base/tool/file/v1/get/info/of/id?fileId=1', token });
    expect(blocked.body.errorKey).toBe('auth.noSchool');

    const wrong = await call(env.app, { url: '/base/system/tenant/school/hero/get/school/info/by/code?code=NOPE', token, headers: { language: 'en' } });
    expect(wrong.body).toMatchObject({ code: 444, errorKey: 'school.incorrectCode', msg: 'Incorrect school code.' });
    const info = await call<{ name: string }>(env.app, { url: '/base/system/tenant/school/hero/get/school/info/by/code?code=demo', token });
    expect(info.body.data.name).toBe('Demo School');

    const applied = await call<{ status: string }>(env.app, { url: '/base/system/user/user/apply/bind/school', body: { code: 'DEMO', identity: 1 }, token });
    expect(applied.body.data.status).toBe('pending');
    const twice = await call(env.app, { url: '/base/system/user/user/apply/bind/school', body: { code: 'DEMO' }, token });
    expect(twice.body.errorKey).toBe('school.alreadyBound');
    const mine = await call<{ status: string; identity: number }[]>(env.app, { url: '/base/system/school/user/hero/get/school/list/current/user', token });
    // Asking to be an administrator is not granted by applying.
    expect(mine.body.data).toEqual([expect.objectContaining({ status: 'pending', identity: 4 })]);

    // A teacher cannot review; the admin of school B cannot see it; the admin of school A approves.
    const teacher = await loginAs(env.app, 'teacher');
    const denied = await call(env.app, { url: '/base/system/school/membership/v1/page?status=pending', token: teacher });
    expect(denied.status).toBe(403);
    expect(denied.body.errorKey).toBe('auth.forbidden');

    const adminB = await loginAs(env.app, 'admin2');
    const pageB = await call<{ list: { account: string }[] }>(env.app, { url: '/base/system/school/membership/v1/page?status=pending', token: adminB });
    expect(pageB.body.data.list.map((m) => m.account)).not.toContain('newbie');

    const adminA = await loginAs(env.app, 'admin');
    const page = await call<{ list: { id: string; account: string }[]; total: number }>(env.app, { url: '/base/system/school/membership/v1/page?status=pending&keyword=newb', token: adminA });
    expect(page.body.data.total).toBe(1);
    const membershipId = page.body.data.list[0]!.id;

    const crossReview = await call(env.app, { url: '/base/system/school/membership/v1/review', body: { id: membershipId, approve: true }, token: adminB });
    expect(crossReview.status).toBe(404);
    const [unchanged] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(schoolMemberships).where(eq(schoolMemberships.id, membershipId)));
    expect(unchanged!.status).toBe('pending');

    const approved = await call(env.app, { url: '/base/system/school/membership/v1/review', body: { id: membershipId, approve: true }, token: adminA });
    expect(approved.body.code).toBe(1);
    const again = await call(env.app, { url: '/base/system/school/membership/v1/review', body: { id: membershipId, approve: false }, token: adminA });
    expect(again.body.errorKey).toBe('membership.notPending');

    const switched = await call<{ schoolId: string; identity: number }>(env.app, { url: '/base/login/v1/switch/school', body: { schoolId: env.schoolA.schoolId }, token });
    expect(switched.body.data).toMatchObject({ schoolId: env.schoolA.schoolId, identity: 4 });
  });

  it('rejects with a note, and a rejected person may apply again', async () => {
    const reg = await register(env, 'rejectme', '13700000002');
    await call(env.app, { url: '/base/system/user/user/apply/bind/school', body: { code: 'SECOND' }, token: reg.token });
    const adminB = await loginAs(env.app, 'admin2');
    const page = await call<{ list: { id: string; account: string }[] }>(env.app, { url: '/base/system/school/membership/v1/page?status=pending', token: adminB });
    const id = page.body.data.list.find((m) => m.account === 'rejectme')!.id;
    await call(env.app, { url: '/base/system/school/membership/v1/review', body: { id, approve: false, note: 'Not on staff' }, token: adminB });
    const mine = await call<{ status: string }[]>(env.app, { url: '/base/system/school/user/hero/get/school/list/current/user', token: reg.token });
    expect(mine.body.data[0]!.status).toBe('rejected');
    const reapply = await call<{ status: string }>(env.app, { url: `/base/system/user/user/apply/bind/school?schoolId=${env.schoolB.schoolId}`, token: reg.token, method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(reapply.body.data.status).toBe('pending');
  });

  it('a spoofed school id changes nothing: login hint, headers and switch stay within memberships', async () => {
    // A school hint the person does not belong to is ignored: they land in their own school.
    const spoof = await call<{ schoolId: string }>(env.app, { url: '/base/login/v1/do', body: { type: 'password', account: 'teacher', password: 'Demo@2026', schoolId: env.schoolB.schoolId } });
    expect(spoof.body.data.schoolId).toBe(env.schoolA.schoolId);
    const token = await loginAs(env.app, 'teacher');
    const info = await call<{ schoolId: string }>(env.app, { url: '/base/user/v1/info', token, headers: { 'tenant-id': env.schoolB.schoolId, schoolid: env.schoolB.schoolId } });
    expect(info.body.data.schoolId).toBe(env.schoolA.schoolId);
    const sw = await call(env.app, { url: '/base/login/v1/switch/school', body: { schoolId: env.schoolB.schoolId }, token });
    expect(sw.body.errorKey).toBe('auth.schoolNotMember');
    const adminB = await loginAs(env.app, 'admin2');
    const page = await call<{ list: { account: string }[] }>(env.app, { url: '/base/system/school/membership/v1/page', token: adminB, headers: { schoolid: env.schoolA.schoolId } });
    expect(page.body.data.list.every((m) => m.account.endsWith('2') || !['admin', 'teacher', 'leader', 'supervisor', 'student'].includes(m.account))).toBe(true);
  });

  it('a person in two schools acts in the active one only', async () => {
    const teacher = env.schoolA.users.teacher!;
    await platformTx(env.dbh.db, 'seed', async (tx) => {
      await tx.insert(schoolMemberships).values({ schoolId: env.schoolB.schoolId, accountId: teacher.id, identity: 1, status: 'approved' });
      await ensureBuiltinRoles(tx, env.schoolB.schoolId); // administrator role in school B
    });
    const tokenA = (await call<{ token: string }>(env.app, { url: '/base/login/v1/do', body: { type: 'password', account: 'teacher', password: 'Demo@2026', schoolId: env.schoolA.schoolId } })).body.data.token;
    expect((await call(env.app, { url: '/base/system/school/membership/v1/page', token: tokenA })).status).toBe(403);
    const tokenB = (await call<{ token: string }>(env.app, { url: '/base/login/v1/switch/school', body: { schoolId: env.schoolB.schoolId }, token: tokenA })).body.data.token;
    const pageB = await call<{ list: { account: string }[] }>(env.app, { url: '/base/system/school/membership/v1/page', token: tokenB });
    expect(pageB.body.data.list.map((m) => m.account)).toContain('admin2');
    expect(pageB.body.data.list.map((m) => m.account)).not.toContain('admin');
    // Switching ended the old session.
    expect((await call(env.app, { url: '/base/user/v1/info', token: tokenA })).status).toBe(401);
    await platformTx(env.dbh.db, 'seed', (tx) => tx.delete(schoolMemberships).where(and(eq(schoolMemberships.schoolId, env.schoolB.schoolId), eq(schoolMemberships.accountId, teacher.id))));
    // Removing the membership takes effect on the next request.
    expect((await call(env.app, { url: '/base/system/school/membership/v1/page', token: tokenB })).body.errorKey).toBe('auth.noSchool');
  });

  it('pages server-side and validates page sizes', async () => {
    const admin = await loginAs(env.app, 'admin');
    const p1 = await call<{ list: unknown[]; total: number; pageSize: number }>(env.app, { url: '/base/system/school/membership/v1/page?pageNum=1&pageSize=2', token: admin });
    expect(p1.body.data.list).toHaveLength(2);
    expect(p1.body.data.total).toBeGreaterThanOrEqual(5);
    const bad = await call(env.app, { url: '/base/system/school/membership/v1/page?pageSize=1000', token: admin });
    expect(bad.status).toBe(400);
  });
});

describe.each(DRIVERS)('registration with a school code on %s', (driver) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(driver);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('applies to the school as pending, never as administrator', async () => {
    const reg = await register(env, 'selfadmin', '13700000003', { schoolCode: 'demo', identity: 1 });
    expect(reg.schoolId).toBeNull();
    const mine = await call<{ status: string; identity: number; name: string }[]>(env.app, { url: '/base/system/school/user/hero/get/school/list/current/user', token: reg.token });
    expect(mine.body.data).toEqual([expect.objectContaining({ name: 'Demo School', status: 'pending', identity: 4 })]);
  });

  it('refuses a wrong school code and keeps nothing', async () => {
    const phone = '13700000004';
    await call(env.app, { url: `/base/login/v1/send/sms/code?phone=${phone}&purpose=register` });
    const r = await call(env.app, {
      url: '/base/login/v1/register',
      body: { account: 'wrongcode', name: 'W', phone, code: env.sms.last(phone), password: 'abc12345', schoolCode: 'NOPE' },
      headers: { language: 'zh' },
    });
    expect(r.body).toMatchObject({ code: 444, errorKey: 'school.incorrectCode', msg: '学校代码不正确' });
    const login = await call(env.app, { url: '/base/login/v1/do', body: { type: 'password', account: 'wrongcode', password: 'abc12345' } });
    expect(login.body.errorKey).toBe('auth.invalidCredentials');
  });

  it('refuses a taken account or phone and a weak password', async () => {
    const phone = '13700000005';
    await call(env.app, { url: `/base/login/v1/send/sms/code?phone=${phone}&purpose=register` });
    const code = env.sms.last(phone);
    const weak = await call(env.app, { url: '/base/login/v1/register', body: { account: 'weakpw', name: 'W', phone, code, password: 'abcdef' } });
    expect(weak.status).toBe(400);
    const taken = await call(env.app, { url: '/base/login/v1/register', body: { account: 'ADMIN', name: 'W', phone, code, password: 'abc12345' } });
    expect(taken.body.errorKey).toBe('register.accountTaken');
    const usedPhone = await call(env.app, { url: `/base/login/v1/send/sms/code?phone=${env.schoolA.users.admin!.phone}&purpose=register` });
    expect(usedPhone.body.errorKey).toBe('register.phoneTaken');
  });
});
