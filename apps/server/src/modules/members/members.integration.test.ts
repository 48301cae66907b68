import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts, schoolMemberships } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { demoName } from '../../db/seed/seed.ts';

type Member = { userId: string; account: string; name: string; status: string; identity: number; roles: { name: string; builtin: number | null }[]; editableProfile: boolean; mustChangePassword: boolean };
type Page = { list: Member[]; total: number };

describe.each(DRIVERS)('user management on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  beforeAll(async () => {
    env = await createTestEnv(driver);
    admin = await loginAs(env.app, 'admin');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('lists, searches and pages the school\'s members with their roles', async () => {
    const all = await call<Page>(env.app, { url: '/base/user/v1/list', body: { pageNum: 1, pageSize: 20 }, token: admin });
    expect(all.body.data.total).toBe(5 + env.schoolA.directory.teachers.length);
    expect(all.body.data.list.find((m) => m.account === 'teacher')!.roles).toEqual([expect.objectContaining({ builtin: 4 })]);
    const found = await call<Page>(env.app, { url: '/base/user/v1/list', body: { keyword: 'superv' }, token: admin });
    expect(found.body.data.list.map((m) => m.account)).toEqual(['supervisor']);
    const byIdentity = await call<Page>(env.app, { url: '/base/user/v1/list', body: { identity: 5 }, token: admin });
    expect(byIdentity.body.data.list.map((m) => m.account)).toEqual(['student']);
    const paged = await call<Page>(env.app, { url: '/base/user/v1/list', body: { pageNum: 2, pageSize: 2 }, token: admin });
    expect(paged.body.data.list).toHaveLength(2);
  });

  it('adds a person who must set a password at first sign-in', async () => {
    const added = await call<Member>(env.app, { url: '/base/system/user/v1/save', body: { account: 'newteacher', name: 'New Teacher', phone: '13500000001', sex: 'female', identity: 4 }, token: admin });
    expect(added.body.data).toMatchObject({ account: 'newteacher', identity: 4, status: 'approved', mustChangePassword: true, roles: [expect.objectContaining({ builtin: 4 })] });
    const login = await call<{ mustChangePassword: boolean; token: string }>(env.app, { url: '/base/login/v1/do', body: { type: 'password', account: 'newteacher', password: env.config.defaultResetPassword } });
    expect(login.body.data.mustChangePassword).toBe(true);
    const blocked = await call(env.app, { url: '/base/system/title/v1/get', token: login.body.data.token });
    expect(blocked.body.errorKey).toBe('auth.mustChangePassword');
    const taken = await call(env.app, { url: '/base/system/user/v1/save', body: { account: 'NEWTEACHER', name: 'X', identity: 4 }, token: admin });
    expect(taken.body.errorKey).toBe('register.accountTaken');
  });

  it('edits a member, but not the profile of someone who also belongs to another school', async () => {
    const list = await call<Page>(env.app, { url: '/base/user/v1/list', body: { keyword: 'leader' }, token: admin });
    const leader = list.body.data.list[0]!;
    const edited = await call<Member>(env.app, { url: '/base/system/user/v1/save', body: { userId: leader.userId, name: 'Leader Li', sex: 'male', identity: 2 }, token: admin });
    expect(edited.body.data.name).toBe('Leader Li');
    await platformTx(env.dbh.db, 'seed', (tx) => tx.insert(schoolMemberships).values({ schoolId: env.schoolB.schoolId, accountId: leader.userId, identity: 4, status: 'approved' }));
    const shared = await call(env.app, { url: '/base/system/user/v1/save', body: { userId: leader.userId, name: 'Renamed', sex: 'male', identity: 2 }, token: admin });
    expect(shared.body.errorKey).toBe('member.profileShared');
    const rolesOnly = await call<Member>(env.app, { url: '/base/system/user/v1/save', body: { userId: leader.userId, name: 'Leader Li', sex: 'male', identity: 3 }, token: admin });
    expect(rolesOnly.body.data).toMatchObject({ identity: 3, editableProfile: false, roles: [expect.objectContaining({ builtin: 3 })] });
  });

  it('disables a member in this school only, and re-enables them', async () => {
    const student = env.schoolA.users.student!;
    const session = await loginAs(env.app, 'student');
    expect((await call(env.app, { url: '/base/system/user/v1/status', body: { userId: student.id, enabled: false }, token: admin })).body.code).toBe(1);
    expect((await call(env.app, { url: '/base/system/title/v1/get', token: session })).body.errorKey).toBe('auth.noSchool');
    const self = await call(env.app, { url: '/base/system/user/v1/status', body: { userId: env.schoolA.users.admin!.id, enabled: false }, token: admin });
    expect(self.body.errorKey).toBe('member.self');
    await call(env.app, { url: '/base/system/user/v1/status', body: { userId: student.id, enabled: true }, token: admin });
    expect((await call(env.app, { url: '/base/system/title/v1/get', token: session })).body.code).toBe(1);
  });

  it('resets a password to the default: sessions end, a change is required', async () => {
    const supervisor = env.schoolA.users.supervisor!;
    const session = await loginAs(env.app, 'supervisor');
    const r = await call(env.app, { url: '/base/user/v1/reset/pwd', body: { userId: supervisor.id }, token: admin });
    expect(r.body.data).toEqual({ mustChangePassword: true });
    expect((await call(env.app, { url: '/base/user/v1/info', token: session })).status).toBe(401);
    const fresh = await call<{ token: string; mustChangePassword: boolean }>(env.app, { url: '/base/login/v1/do', body: { type: 'password', account: 'supervisor', password: env.config.defaultResetPassword } });
    expect(fresh.body.data.mustChangePassword).toBe(true);
    await call(env.app, { url: '/base/user/v1/update/pwd', body: { oldPassword: env.config.defaultResetPassword, newPassword: 'mine#2026', confirmPassword: 'mine#2026' }, token: fresh.body.data.token });
    expect((await call(env.app, { url: '/base/system/title/v1/get', token: fresh.body.data.token })).body.code).toBe(1);
  });

  it('refuses every user-management call to a teacher, and making an administrator without user:addAdmin', async () => {
    const teacher = await loginAs(env.app, 'teacher');
    const t = env.schoolA.users.student!.id;
    for (const [url, body] of [
      ['/base/user/v1/list', { pageNum: 1 }],
      ['/base/system/user/v1/save', { account: 'x1', name: 'X', identity: 4 }],
      ['/base/system/user/v1/status', { userId: t, enabled: false }],
      ['/base/user/v1/reset/pwd', { userId: t }],
    ] as const) {
      expect((await call(env.app, { url, body, token: teacher })).status, url).toBe(403);
    }
    expect((await call(env.app, { url: `/base/system/user/detail?userId=${t}`, token: teacher })).status).toBe(403);
  });

  it("cannot see or change another school's people (404, nothing changed)", async () => {
    const adminB = await loginAs(env.app, 'admin2');
    const teacherA = env.schoolA.users.teacher!;
    expect((await call(env.app, { url: `/base/system/user/detail?userId=${teacherA.id}`, token: adminB })).status).toBe(404);
    expect((await call(env.app, { url: '/base/system/user/v1/save', body: { userId: teacherA.id, name: 'Hijacked', identity: 4 }, token: adminB })).status).toBe(404);
    expect((await call(env.app, { url: '/base/system/user/v1/status', body: { userId: teacherA.id, enabled: false }, token: adminB })).status).toBe(404);
    expect((await call(env.app, { url: '/base/user/v1/reset/pwd', body: { userId: teacherA.id }, token: adminB })).status).toBe(404);
    const [row] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(accounts).where(eq(accounts.id, teacherA.id)));
    expect(row).toMatchObject({ name: demoName('teacher'), mustChangePassword: false });
    await loginAs(env.app, 'teacher'); // password unchanged
  });
});
