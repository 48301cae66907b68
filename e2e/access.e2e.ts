import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openMenuItem, signInToShell, waitForPath, waitForToast, watchErrors } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Signs in through the form in a fresh profile and waits for the shell's left menu. */
const signIn = (account: string): Promise<Page> => signInToShell(browser, server.url, account);

/** Every title of the menu, the screens of closed groups too (they stay in the page, hidden). */
const menuText = async (page: Page) => (await page.getByTestId('side-menu').textContent()) ?? '';
const toast = waitForToast;
const treeCheckbox = (page: Page, key: string) =>
  page.locator('.ant-tree-treenode', { has: page.getByTestId(`menu-node-${key}`) }).locator('.ant-tree-checkbox');

describe('left menu from the server', () => {
  it('shows the administrator the organisation screens and the teacher only their own', async () => {
    const admin = await signIn('admin');
    const errors = watchErrors(admin);
    const adminMenu = await menuText(admin);
    for (const title of ['School and people', 'Roles and settings', 'Role management', 'Role permissions', 'User management', 'School applications', 'Personal', 'Personal info']) {
      expect(adminMenu).toContain(title);
    }
    // Every screen the menu offers is built (issue 20), the statistics screens among them.
    expect(adminMenu).toContain('Three-rate statistics');
    expect(adminMenu).toContain('Evaluation templates');
    await admin.waitForFunction(() => sessionStorage.getItem('UserIsAdmin') === 'true');
    const adminButtons = JSON.parse((await admin.evaluate(() => localStorage.getItem('ButtonPermissionsXK'))) ?? '[]') as string[];
    expect(adminButtons).toEqual(expect.arrayContaining(['role:add', 'role:delete', 'role:grant', 'school:membership:review']));
    expect(adminButtons).not.toContain('roleManagement');

    const teacher = await signIn('teacher');
    const teacherMenu = await menuText(teacher);
    expect(teacherMenu).toContain('Personal info');
    for (const title of ['School and people', 'Roles and settings', 'Role management', 'Role permissions', 'School applications']) expect(teacherMenu).not.toContain(title);
    await teacher.waitForFunction(() => sessionStorage.getItem('UserIsAdmin') === 'false');
    await teacher.goto('/hxk/back/roleManagement');
    await teacher.getByTestId('no-permission').waitFor();
    expect(errors).toEqual([]);
    await Promise.all([admin.context().close(), teacher.context().close()]);
  });

  it('titles the menu in zh and ja', async () => {
    const page = await signIn('admin');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-zh').click();
    await page.getByTestId('side-menu').getByText('角色与设置').waitFor();
    expect(await menuText(page)).toContain('角色管理');
    expect(await menuText(page)).toContain('组织与人员');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ja').click();
    await page.getByTestId('side-menu').getByText('ロールと設定').waitFor();
    expect(await menuText(page)).toContain('ロール管理');
    expect(await menuText(page)).toContain('個人情報');
    await page.context().close();
  });
});

describe('role management', () => {
  it('adds, edits, deletes and batch-deletes roles; built-in roles cannot be selected', async () => {
    const page = await signIn('admin');
    await openMenuItem(page, 'roleManagement');
    await waitForPath(page, '/back/roleManagement');
    await page.getByTestId('role-management').waitFor();
    const add = async (name: string) => {
      await page.getByTestId('role-add').click();
      await page.getByTestId('role-name').fill(name);
      await page.getByTestId('role-description').fill(`${name} description`);
      await page.getByTestId('role-form-ok').click();
      await page.getByRole('row', { name: new RegExp(name) }).waitFor();
    };
    await add('Auditors');
    await toast(page, 'Saved');

    await page.getByTestId('role-edit-Auditors').click();
    await page.getByTestId('role-name').fill('Auditors Two');
    await page.getByTestId('role-form-ok').click();
    await page.getByTestId('role-edit-Auditors Two').waitFor();

    await page.getByTestId('role-delete-Auditors Two').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('role-edit-Auditors Two').waitFor({ state: 'detached' });

    await add('Temp A');
    await add('Temp B');
    const batch = page.getByTestId('role-batch-delete');
    expect(await batch.isDisabled()).toBe(true);
    expect(await page.getByRole('row', { name: /Administrator/ }).getByRole('checkbox').isDisabled()).toBe(true);
    await page.getByRole('row', { name: /Temp A/ }).getByRole('checkbox').check();
    await page.getByRole('row', { name: /Temp B/ }).getByRole('checkbox').check();
    expect(await batch.isDisabled()).toBe(false);
    await batch.click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Deleted');
    await page.getByRole('row', { name: /Temp A/ }).waitFor({ state: 'detached' });
    expect(await page.getByRole('row', { name: /Temp B/ }).count()).toBe(0);
    await page.context().close();
  });

  it('grants a screen without any of its buttons, and shows it so after a reload', async () => {
    const admin = await signIn('admin');
    await admin.goto('/hxk/back/roleManagement');
    await admin.getByTestId('role-add').click();
    await admin.getByTestId('role-name').fill('Screen only');
    await admin.getByTestId('role-form-ok').click();
    await admin.getByTestId('role-edit-Screen only').waitFor();
    await admin.goto('/hxk/back/rolePermission');
    await admin.getByTestId('role-item-Screen only').click();
    await treeCheckbox(admin, 'roleManagement-open').click();
    await admin.getByTestId('role-menu-save').click();
    await toast(admin, 'Permissions saved');
    await admin.reload();
    await admin.getByTestId('role-item-Screen only').click();
    await treeCheckbox(admin, 'roleManagement-open').and(admin.locator('.ant-tree-checkbox-checked')).waitFor();
    for (const button of ['role:add', 'role:edit', 'role:delete']) {
      expect(await treeCheckbox(admin, button).getAttribute('class')).not.toContain('ant-tree-checkbox-checked');
    }
    // The screen's own node is half-ticked: some of it is granted.
    expect(await treeCheckbox(admin, 'roleManagement').first().getAttribute('class')).toContain('ant-tree-checkbox-indeterminate');
    await admin.context().close();
  });

  it('hides the buttons a role does not grant: a custom role with roleManagement but not role:delete', async () => {
    const admin = await signIn('admin');
    await admin.goto('/hxk/back/roleManagement');
    await admin.getByTestId('role-add').click();
    await admin.getByTestId('role-name').fill('Role viewer');
    await admin.getByTestId('role-form-ok').click();
    await admin.getByTestId('role-edit-Role viewer').waitFor();

    await openMenuItem(admin, 'rolePermission');
    await admin.getByTestId('role-item-Role viewer').click();
    await treeCheckbox(admin, 'roleManagement').click();
    await treeCheckbox(admin, 'role:delete').click();
    await admin.getByTestId('role-menu-save').click();
    await toast(admin, 'Permissions saved');

    await admin.getByTestId('role-users-tab').click();
    await admin.getByTestId('role-users-add').click();
    await admin.getByTestId('add-users-search').locator('input').fill('supervisor');
    await admin.getByTestId('add-users-search').locator('input').press('Enter');
    await admin.locator('.ant-modal').getByRole('row', { name: /supervisor/ }).getByRole('checkbox').check();
    await admin.getByTestId('add-users-ok').click();
    await toast(admin, 'Users added');
    await admin.getByRole('row', { name: /supervisor/ }).waitFor();

    const supervisor = await signIn('supervisor');
    expect(await menuText(supervisor)).toContain('Role management');
    expect(await menuText(supervisor)).not.toContain('Role permissions');
    await openMenuItem(supervisor, 'roleManagement');
    await supervisor.getByTestId('role-edit-Role viewer').waitFor();
    await supervisor.getByTestId('role-add').waitFor();
    expect(await supervisor.getByTestId('role-delete-Role viewer').count()).toBe(0);
    expect(await supervisor.getByTestId('role-batch-delete').count()).toBe(0);
    await Promise.all([admin.context().close(), supervisor.context().close()]);
  });

  it('says "privilege grant failed" with the reason when a grant is refused', async () => {
    const admin = await signIn('admin');
    const api = (url: string, body: unknown) =>
      admin.evaluate(async ([u, b]) => {
        const res = await fetch(u as string, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' }, body: JSON.stringify(b) });
        return (await res.json()) as { code: number; data: { roleId: string } | null };
      }, [url, body] as const);
    const made = await api('/app/ddxk/role/v1/saveOrUpdate', { name: 'Gone soon' });
    expect(made.code).toBe(1);
    await admin.goto('/hxk/back/rolePermission');
    await admin.getByTestId('role-permission').getByRole('menuitem', { name: 'Gone soon' }).click();
    await treeCheckbox(admin, 'MeInfo').click();
    // Someone else deletes the role meanwhile: the grant is refused, and the toast says what failed and why.
    expect((await api('/app/ddxk/role/v1/deleteByIds', { ids: [made.data!.roleId] })).code).toBe(1);
    await admin.getByTestId('role-menu-save').click();
    await toast(admin, /^Privilege grant failed: .+/);
    await admin.context().close();
  });

  it('takes a menu away from the teacher role: gone from the menu, and admin APIs refuse the teacher', async () => {
    const admin = await signIn('admin');
    await admin.goto('/hxk/back/rolePermission');
    await admin.getByTestId('role-permission').getByRole('menuitem', { name: 'Teacher' }).click();
    const meInfo = treeCheckbox(admin, 'MeInfo');
    await meInfo.waitFor();
    expect(await meInfo.getAttribute('class')).toContain('ant-tree-checkbox-checked');
    await meInfo.click();
    await admin.getByTestId('role-menu-save').click();
    await toast(admin, 'Permissions saved');

    const teacher = await signIn('teacher');
    expect(await menuText(teacher)).not.toContain('Personal info');
    await teacher.goto('/hxk/MeInfo');
    await teacher.getByTestId('no-permission').waitFor();
    const calls = await teacher.evaluate(async () => {
      const headers = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
      const info = await fetch('/base/user/v1/info', { headers });
      const save = await fetch('/app/ddxk/role/v1/saveOrUpdate', { method: 'POST', headers, body: JSON.stringify({ name: 'Sneaky' }) });
      const del = await fetch('/app/ddxk/role/v1/deleteByIds', { method: 'POST', headers, body: JSON.stringify({ ids: ['1'] }) });
      return { info: (await info.json()) as { code: number; data: { permissions: string[] } }, save: save.status, del: del.status };
    });
    expect(calls.info.code).toBe(1);
    expect(calls.info.data.permissions).not.toContain('MeInfo');
    expect(calls.save).toBe(403);
    expect(calls.del).toBe(403);
    await Promise.all([admin.context().close(), teacher.context().close()]);
  });
});
