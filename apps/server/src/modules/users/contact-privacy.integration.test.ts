import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_BY_KEY } from '@hxk/contracts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { demoName } from '../../db/seed/seed.ts';

/**
 * Finding 6: contact details are private. Phone and e-mail go to the person and to holders of user
 * management in the person's school; everyone else gets name, avatar and unit.
 */
type Info = { userId: string; name: string; phone: string | null; email: string | null; avatar: string | null };
type Person = { userId: string; account: string; phone: string | null };
const menuId = (key: string) => MENU_BY_KEY.get(key)!.menuId;

describe.each(DRIVERS)('contact privacy on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let teacher: string;
  let student: string;
  let supervisor: string;
  let teacherId: string;
  beforeAll(async () => {
    env = await createTestEnv(driver);
    admin = await loginAs(env.app, 'admin');
    teacher = await loginAs(env.app, 'teacher');
    student = await loginAs(env.app, 'student');
    supervisor = await loginAs(env.app, 'supervisor');
    teacherId = env.schoolA.users.teacher!.id;
    const set = await call(env.app, { url: '/base/user/v1/update/info', body: { email: 'teacher@example.edu' }, token: teacher });
    expect(set.body.code, JSON.stringify(set.body)).toBe(1);
  });
  afterAll(async () => {
    await env?.close();
  });

  const info = async (token: string, userId: string) => call<Info>(env.app, { url: `/base/user/v1/info?userId=${userId}`, token });

  it('a student and a teacher reading another member get name and avatar, no phone or e-mail', async () => {
    for (const [who, token] of [['student', student], ['supervisor', supervisor]] as const) {
      const r = await info(token, teacherId);
      expect(r.status, who).toBe(200);
      expect(r.body.data, who).toMatchObject({ userId: teacherId, name: demoName('teacher'), phone: null, email: null });
      expect(JSON.stringify(r.body), who).not.toContain(env.schoolA.users.teacher!.phone);
      expect(JSON.stringify(r.body), who).not.toContain('teacher@example.edu');
    }
    const byTeacher = await info(teacher, env.schoolA.users.student!.id);
    expect(byTeacher.body.data).toMatchObject({ phone: null, email: null });
  });

  it('the person themself and the administrator (user management) see them', async () => {
    const self = await info(teacher, teacherId);
    expect(self.body.data).toMatchObject({ phone: env.schoolA.users.teacher!.phone, email: 'teacher@example.edu' });
    const own = await call<Info>(env.app, { url: '/base/user/v1/info', token: teacher });
    expect(own.body.data).toMatchObject({ phone: env.schoolA.users.teacher!.phone, email: 'teacher@example.edu' });
    const byAdmin = await info(admin, teacherId);
    expect(byAdmin.body.data).toMatchObject({ phone: env.schoolA.users.teacher!.phone, email: 'teacher@example.edu' });
    // Another school's administrator does not reach the person at all.
    const adminB = await loginAs(env.app, env.schoolB.users.admin!.account);
    expect((await info(adminB, teacherId)).status).toBe(404);
  });

  it('people lists outside user management (organisation, role members, applications) carry no phone and do not search by it', async () => {
    // A role with the organisation, role-permission and application screens, but not user management.
    const role = await call<{ roleId: string }>(env.app, { url: '/app/ddxk/role/v1/saveOrUpdate', body: { name: 'Registrar' }, token: admin });
    const roleId = role.body.data.roleId;
    const granted = await call(env.app, {
      url: '/app/ddxk/role/v1/authRoleMenu',
      body: { roleId, menuIds: [menuId('ZZJGtrre'), menuId('rolePermission'), menuId('schoolApplications'), menuId('school:membership:review')] },
      token: admin,
    });
    expect(granted.body.code, JSON.stringify(granted.body)).toBe(1);
    await call(env.app, { url: '/app/ddxk/role/v1/authRole', body: { userIds: [env.schoolA.users.supervisor!.id], roleIds: [roleId], mode: 'add' }, token: admin });
    const registrar = await loginAs(env.app, 'supervisor');
    const teacherPhone = env.schoolA.users.teacher!.phone;

    const tree = await call<{ id: string }[]>(env.app, { url: '/base/org/v1/tree', token: registrar });
    expect(tree.status).toBe(200);
    const rootId = tree.body.data[0]!.id;
    const orgPeople = async (token: string, keyword?: string) =>
      (await call<{ list: Person[] }>(env.app, { url: '/base/org/v1/people', body: { orgUnitId: rootId, includeChildren: true, pageSize: 100, ...(keyword ? { keyword } : {}) }, token })).body.data.list;
    const seen = await orgPeople(registrar);
    expect(seen.find((p) => p.account === 'teacher')).toMatchObject({ phone: null });
    expect(seen.find((p) => p.account === 'supervisor')!.phone).toBe(env.schoolA.users.supervisor!.phone); // their own
    expect(await orgPeople(registrar, teacherPhone)).toEqual([]);
    expect((await orgPeople(admin)).find((p) => p.account === 'teacher')!.phone).toBe(teacherPhone);
    expect((await orgPeople(admin, teacherPhone)).map((p) => p.account)).toEqual(['teacher']);

    const roleUsers = async (token: string, keyword?: string) =>
      (await call<{ list: Person[] }>(env.app, { url: '/app/ddxk/role/v1/userList', body: { pageSize: 100, ...(keyword ? { keyword } : {}) }, token })).body.data.list;
    expect((await roleUsers(registrar)).find((p) => p.account === 'teacher')).toMatchObject({ phone: null });
    expect(await roleUsers(registrar, teacherPhone)).toEqual([]);
    expect((await roleUsers(admin)).find((p) => p.account === 'teacher')!.phone).toBe(teacherPhone);

    const memberships = async (token: string, keyword?: string) =>
      (await call<{ list: Person[] }>(env.app, { url: `/base/system/school/membership/v1/page?pageSize=100${keyword ? `&keyword=${keyword}` : ''}`, token })).body.data.list;
    const applications = await memberships(registrar);
    expect(applications.length).toBeGreaterThan(0);
    expect(applications.filter((p) => p.account !== 'supervisor').every((p) => p.phone === null)).toBe(true);
    expect(await memberships(registrar, teacherPhone)).toEqual([]);
    expect((await memberships(admin)).find((p) => p.account === 'teacher')!.phone).toBe(teacherPhone);
  });
});
