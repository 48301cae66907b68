import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MENU_BY_KEY, MENU_NODES, builtinRoleMenus } from '@hxk/contracts';
import { roleMenus, roles, schoolMemberships } from '../../db/schema/index.ts';
import { ensureAllSchoolsHaveRoles, ensureBuiltinRoles } from './builtin-roles.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

const P = '/app/ddxk/role/v1';
const id = (key: string) => MENU_BY_KEY.get(key)!.menuId;
type Menu = { key: string; children: Menu[] };
const keys = (tree: Menu[]): string[] => tree.flatMap((n) => [n.key, ...keys(n.children)]);

describe.each(DRIVERS)('roles and menus on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let teacher: string;
  beforeAll(async () => {
    env = await createTestEnv(driver);
    admin = await loginAs(env.app, 'admin');
    teacher = await loginAs(env.app, 'teacher');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('tops up the built-in administrator role with menus of a newer release, and leaves other roles as the school set them', async () => {
    const roleOf = async (builtin: number) => (await platformTx(env.dbh.db, 'seed', (tx) =>
      tx.select({ id: roles.id }).from(roles).where(and(eq(roles.schoolId, env.schoolA.schoolId), eq(roles.builtin, builtin)))))[0]!.id;
    const adminRole = await roleOf(1);
    const leaderRole = await roleOf(2);
    const drop = (roleId: string, key: string) => platformTx(env.dbh.db, 'seed', (tx) =>
      tx.delete(roleMenus).where(and(eq(roleMenus.roleId, roleId), eq(roleMenus.menuId, id(key)))));
    // As if the database predated these buttons: the administrator lacks them, and the leader role
    // had one removed by the school.
    await drop(adminRole, 'org:edit');
    await drop(adminRole, 'assignment:edit');
    await drop(leaderRole, 'assignment:edit');
    await ensureAllSchoolsHaveRoles(env.dbh.db);
    const menusOf = async (roleId: string) => (await platformTx(env.dbh.db, 'seed', (tx) =>
      tx.select({ menuId: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId)))).map((r) => r.menuId);
    // The whole tree but a teacher's own Reports (issue 20).
    expect(new Set(await menusOf(adminRole))).toEqual(builtinRoleMenus(1));
    expect(await menusOf(leaderRole)).not.toContain(id('assignment:edit'));
  });

  it('gives each built-in role its default menus and buttons', async () => {
    const adminMenus = await call<Menu[]>(env.app, { url: `${P}/getRoleMenuByUserId`, token: admin });
    expect(keys(adminMenus.body.data)).toEqual(expect.arrayContaining(['organisation', 'roleManagement', 'rolePermission', 'MeInfo']));
    expect(keys(adminMenus.body.data)).not.toContain('role:add'); // buttons are not menus
    const teacherMenus = await call<Menu[]>(env.app, { url: `${P}/getRoleMenuByUserId`, token: teacher });
    expect(keys(teacherMenus.body.data)).toEqual(expect.arrayContaining(['personal', 'MeInfo', 'Report', 'MeAppeal']));
    expect(keys(teacherMenus.body.data)).not.toContain('roleManagement');
    const buttons = await call<string[]>(env.app, { url: `${P}/getRoleButtonByUserId`, token: admin });
    expect(buttons.body.data).toEqual(expect.arrayContaining(['role:add', 'role:delete', 'school:membership:review']));
    expect((await call<string[]>(env.app, { url: `${P}/getRoleButtonByUserId`, token: teacher })).body.data).toEqual([]);
    expect((await call<boolean>(env.app, { url: `${P}/isAdmin`, token: admin })).body.data).toBe(true);
    expect((await call<boolean>(env.app, { url: `${P}/isAdmin`, token: teacher })).body.data).toBe(false);
    const mine = await call<{ builtin: number }[]>(env.app, { url: `${P}/getRolesByUserId`, token: teacher });
    expect(mine.body.data.map((r) => r.builtin)).toEqual([4]);
  });

  it('filters the menu by name', async () => {
    const r = await call<Menu[]>(env.app, { url: `${P}/getRoleMenuByUserId?menuName=rolePerm`, token: admin });
    expect(keys(r.body.data)).toEqual(['settings', 'rolePermission']);
  });

  it('shows a screen moved to another group under its new group to a role saved before the move', async () => {
    const created = await call<{ roleId: string }>(env.app, { url: `${P}/saveOrUpdate`, body: { name: 'Roster keepers' }, token: admin });
    const roleId = created.body.data.roleId;
    // Rows as saved when the supervisor roster sat in "Recording and live" (160) and front-row
    // settings in "Settings" (170), each with the group it had then.
    await platformTx(env.dbh.db, 'seed', (tx) =>
      tx.insert(roleMenus).values([160, id('SteeringList'), 170, id('frontRowSettings')].map((menuId) => ({ schoolId: env.schoolA.schoolId, roleId, menuId }))));
    expect(MENU_BY_KEY.get('SteeringList')!.parentId).toBe(id('planning'));
    expect(MENU_BY_KEY.get('frontRowSettings')!.parentId).toBe(160);
    await call(env.app, { url: `${P}/authRole`, body: { userIds: [env.schoolA.users.student!.id], roleIds: [roleId], mode: 'add' }, token: admin });
    const student = await loginAs(env.app, 'student');

    const tree = (await call<Menu[]>(env.app, { url: `${P}/getRoleMenuByUserId`, token: student })).body.data;
    const groupOf = (key: string) => tree.filter((g) => g.children.some((c) => c.key === key)).map((g) => g.key);
    expect(groupOf('SteeringList')).toEqual(['planning']);
    expect(groupOf('frontRowSettings')).toEqual(['recording']);
    // No screen at the top level, and no group left empty by the move.
    expect(tree.every((g) => g.children.length > 0 && MENU_BY_KEY.get(g.key)!.kind === 'group')).toBe(true);
    expect(keys(tree)).not.toContain('settings');
    // The screens' own calls open as before.
    expect((await call(env.app, { url: '/app/ddxk/plan/v1/steering/pageList', body: { pageNum: 1, pageSize: 10 }, token: student })).body.code).toBe(1);
    expect((await call(env.app, { url: '/base/classroom/v1/frontRow/get', token: student })).body.code).toBe(1);
    // The role's grants read back under today's groups, so the permission tree ticks the right nodes.
    const grants = await call<{ menuIds: number[] }>(env.app, { url: `${P}/getRoleMenu?roleId=${roleId}`, token: admin });
    expect(grants.body.data.menuIds).toEqual([id('recording'), id('SteeringList'), id('frontRowSettings'), id('planning')].sort((a, b) => a - b));

    await call(env.app, { url: `${P}/deleteByIds`, body: { ids: [roleId] }, token: admin });
  });

  it('returns the whole tree to administrators', async () => {
    const r = await call<Menu[]>(env.app, { url: `${P}/getMenuTree`, token: admin });
    expect(keys(r.body.data).sort()).toEqual(MENU_NODES.map((n) => n.key).sort());
  });

  it('refuses every administrator endpoint to a teacher', async () => {
    const attempts: [string, unknown?][] = [
      [`${P}/getMenuTree`],
      [`${P}/rolePageList`, { pageNum: 1, pageSize: 10, filterFieldOne: 2 }],
      [`${P}/saveOrUpdate`, { name: 'Sneaky' }],
      [`${P}/deleteByIds`, { ids: ['1'] }],
      [`${P}/getRoleMenu?roleId=1`],
      [`${P}/authRoleMenu`, { roleId: '1', menuIds: [] }],
      [`${P}/authRole`, { userIds: [env.schoolA.users.teacher!.id], roleIds: ['1'] }],
      [`${P}/userList`, { pageNum: 1, pageSize: 10 }],
    ];
    for (const [url, body] of attempts) {
      const r = await call(env.app, { url, body, token: teacher });
      expect(r.status, url).toBe(403);
      expect(r.body.errorKey, url).toBe('auth.forbidden');
    }
  });

  it('adds, edits, grants, assigns and deletes a school role', async () => {
    const created = await call<{ roleId: string }>(env.app, { url: `${P}/saveOrUpdate`, body: { name: 'Observers', description: 'Read only' }, token: admin });
    const roleId = created.body.data.roleId;
    const dup = await call(env.app, { url: `${P}/saveOrUpdate`, body: { name: 'observers' }, token: admin, headers: { language: 'en' } });
    expect(dup.body).toMatchObject({ errorKey: 'role.nameTaken', msg: 'A role with this name exists already.' });
    await call(env.app, { url: `${P}/saveOrUpdate`, body: { roleId, name: 'Observers 2' }, token: admin });
    const page = await call<{ list: { roleId: string; name: string; userCount: number; builtin: number | null }[]; total: number }>(env.app, {
      url: `${P}/rolePageList`, body: { pageNum: 1, pageSize: 10, queryName: 'observ', filterFieldOne: 2 }, token: admin,
    });
    expect(page.body.data.list).toEqual([expect.objectContaining({ roleId, name: 'Observers 2', userCount: 0, builtin: null })]);

    await call(env.app, { url: `${P}/authRoleMenu`, body: { roleId, menuIds: [id('roleManagement')] }, token: admin });
    const grants = await call<{ menuIds: number[] }>(env.app, { url: `${P}/getRoleMenu?roleId=${roleId}`, token: admin });
    expect(grants.body.data.menuIds.sort()).toEqual([id('settings'), id('roleManagement')].sort()); // ancestors come along
    const bad = await call(env.app, { url: `${P}/authRoleMenu`, body: { roleId, menuIds: [999999] }, token: admin });
    expect(bad.status).toBe(400);

    // The teacher gets the role: role management opens, but no role:add button.
    await call(env.app, { url: `${P}/authRole`, body: { userIds: [env.schoolA.users.teacher!.id], roleIds: [roleId], mode: 'add' }, token: admin });
    const t2 = await loginAs(env.app, 'teacher');
    expect((await call(env.app, { url: `${P}/rolePageList`, body: { pageNum: 1, pageSize: 10 }, token: t2 })).body.code).toBe(1);
    expect((await call(env.app, { url: `${P}/saveOrUpdate`, body: { name: 'Nope' }, token: t2 })).status).toBe(403);
    const users = await call<{ list: { account: string; roles: { name: string }[] }[] }>(env.app, { url: `${P}/userList`, body: { roleId, pageNum: 1, pageSize: 10 }, token: admin });
    expect(users.body.data.list).toEqual([expect.objectContaining({ account: 'teacher', roles: expect.arrayContaining([{ roleId, name: 'Observers 2', builtin: null }]) })]);

    const all = await call<{ list: { roleId: string; builtin: number | null }[] }>(env.app, { url: `${P}/rolePageList`, body: { pageNum: 1, pageSize: 20 }, token: admin });
    const teacherRole = all.body.data.list.find((r) => r.builtin === 4)!;
    const refuse = await call(env.app, { url: `${P}/deleteByIds`, body: { ids: [teacherRole.roleId] }, token: admin });
    expect(refuse.body.errorKey).toBe('role.builtinDelete');
    const none = await call(env.app, { url: `${P}/deleteByIds`, body: { ids: [] }, token: admin, headers: { language: 'zh' } });
    expect(none.status).toBe(400);
    expect(none.body.msg).toContain('请至少选择一项');
    await call(env.app, { url: `${P}/deleteByIds`, body: { ids: [roleId] }, token: admin });
    expect((await call(env.app, { url: `${P}/rolePageList`, body: { pageNum: 1, pageSize: 10 }, token: t2 })).status).toBe(403); // grant gone with the role
  });

  it('removing a menu from the teacher role takes it away at once, in the menu and the API', async () => {
    const all = await call<{ list: { roleId: string; builtin: number | null }[] }>(env.app, { url: `${P}/rolePageList`, body: { pageNum: 1, pageSize: 20 }, token: admin });
    const teacherRole = all.body.data.list.find((r) => r.builtin === 4)!.roleId;
    const before = await call<{ menuIds: number[] }>(env.app, { url: `${P}/getRoleMenu?roleId=${teacherRole}`, token: admin });
    const without = before.body.data.menuIds.filter((m) => m !== id('MeInfo') && m !== id('personal'));
    await call(env.app, { url: `${P}/authRoleMenu`, body: { roleId: teacherRole, menuIds: without }, token: admin });
    const menus = await call<Menu[]>(env.app, { url: `${P}/getRoleMenuByUserId`, token: teacher });
    expect(keys(menus.body.data)).not.toContain('MeInfo');
    await call(env.app, { url: `${P}/authRoleMenu`, body: { roleId: teacherRole, menuIds: before.body.data.menuIds }, token: admin });
    expect(keys((await call<Menu[]>(env.app, { url: `${P}/getRoleMenuByUserId`, token: teacher })).body.data)).toContain('MeInfo');
  });

  it('keeps at least one administrator', async () => {
    const r = await call(env.app, { url: `${P}/authRole`, body: { userIds: [env.schoolA.users.admin!.id], roleIds: [], mode: 'replace' }, token: admin });
    expect(r.body.errorKey).toBe('role.lastAdmin');
    expect((await call<boolean>(env.app, { url: `${P}/isAdmin`, token: admin })).body.data).toBe(true);
  });

  it("a person in two schools gets the active school's menus and buttons only", async () => {
    const t = env.schoolA.users.teacher!;
    await platformTx(env.dbh.db, 'seed', async (tx) => {
      await tx.insert(schoolMemberships).values({ schoolId: env.schoolB.schoolId, accountId: t.id, identity: 1, status: 'approved' });
      await ensureBuiltinRoles(tx, env.schoolB.schoolId);
    });
    const inA = (await call<{ token: string }>(env.app, { url: '/base/login/v1/do', body: { type: 'password', account: 'teacher', password: 'Demo@2026', schoolId: env.schoolA.schoolId } })).body.data.token;
    expect((await call<string[]>(env.app, { url: `${P}/getRoleButtonByUserId`, token: inA })).body.data).toEqual([]);
    expect(keys((await call<Menu[]>(env.app, { url: `${P}/getRoleMenuByUserId`, token: inA })).body.data)).not.toContain('roleManagement');
    const inB = (await call<{ token: string }>(env.app, { url: '/base/login/v1/switch/school', body: { schoolId: env.schoolB.schoolId }, token: inA })).body.data.token;
    expect((await call<string[]>(env.app, { url: `${P}/getRoleButtonByUserId`, token: inB })).body.data).toContain('role:add');
    expect(keys((await call<Menu[]>(env.app, { url: `${P}/getRoleMenuByUserId`, token: inB })).body.data)).toContain('roleManagement');
    // Acting in B shows B's roles, never A's.
    const listB = await call<{ roleId: string }[]>(env.app, { url: `${P}/roleList`, token: inB });
    const rolesA = await platformTx(env.dbh.db, 'seed', (tx) => tx.select({ id: roles.id }).from(roles).where(eq(roles.schoolId, env.schoolA.schoolId)));
    expect(listB.body.data.some((r) => rolesA.some((a) => a.id === r.roleId))).toBe(false);
    await platformTx(env.dbh.db, 'seed', (tx) => tx.delete(schoolMemberships).where(and(eq(schoolMemberships.schoolId, env.schoolB.schoolId), eq(schoolMemberships.accountId, t.id))));
  });

  it("cannot touch another school's roles or people (404, nothing changed)", async () => {
    const adminB = await loginAs(env.app, 'admin2');
    const [roleA] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(roles).where(eq(roles.schoolId, env.schoolA.schoolId)).limit(1));
    const before = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(roleMenus).where(eq(roleMenus.roleId, roleA!.id)));
    const tries: [string, unknown?][] = [
      [`${P}/getRoleMenu?roleId=${roleA!.id}`],
      [`${P}/authRoleMenu`, { roleId: roleA!.id, menuIds: [] }],
      [`${P}/saveOrUpdate`, { roleId: roleA!.id, name: 'Hijacked' }],
      [`${P}/deleteByIds`, { ids: [roleA!.id] }],
      [`${P}/authRole`, { userIds: [env.schoolA.users.teacher!.id], roleIds: [], mode: 'replace' }],
    ];
    for (const [url, body] of tries) {
      const r = await call(env.app, { url, body, token: adminB });
      expect(r.status, url).toBe(404);
    }
    const [after] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(roles).where(eq(roles.id, roleA!.id)));
    expect(after!.name).toBe(roleA!.name);
    expect(await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(roleMenus).where(eq(roleMenus.roleId, roleA!.id)))).toHaveLength(before.length);
    const list = await call<{ roleId: string }[]>(env.app, { url: `${P}/roleList`, token: adminB });
    expect(list.body.data.map((r) => r.roleId)).not.toContain(roleA!.id);
  });
});
