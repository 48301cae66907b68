import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { launchBrowser, openMenuItem, screenshot, signInToShell, waitForPath, waitForToast, watchErrors } from './support/browser.ts';
import { pick } from './support/select.ts';
import { startServer, type TestServer } from './support/server.ts';

const shots = process.env.HXK_SCREENSHOTS === '1';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const signIn = (account: string, language?: 'zh' | 'en' | 'ja'): Promise<Page> => signInToShell(browser, server.url, account, language ? { language } : {});

/** The parent of a unit, read from the database. */
async function parentOf(name: string): Promise<string | undefined> {
  const r = await server.app.deps.dbh.db.execute(sql`select p.name from org_units c join org_units p on p.school_id = c.school_id and p.id = c.parent_id where c.name = ${name}`);
  return (r as unknown as { rows: { name: string }[] }).rows[0]?.name;
}

const toast = waitForToast;
const node = (page: Page, name: string) => page.getByTestId(`org-node-${name}`);
const selected = (page: Page) => page.getByTestId('org-selected').innerText();

async function addUnit(page: Page, name: string, kind?: 'College' | 'Department' | 'Office') {
  await page.getByTestId('org-add').click();
  await page.getByTestId('org-name').fill(name);
  if (kind) {
    await page.getByTestId('org-kind').click();
    await page.locator('.ant-select-item-option', { hasText: kind }).click();
    // The closing dropdown would take the OK click under load.
    await page.locator('.ant-select-item-option', { hasText: kind }).waitFor({ state: 'hidden' });
  }
  await page.getByTestId('org-form-ok').click();
  await page.getByTestId('org-form').waitFor({ state: 'hidden' });
  await node(page, name).waitFor();
  await expect.poll(() => selected(page)).toBe(name);
}

describe('organisation tree', () => {
  it('adds a college and a department, renames, moves, refuses deleting a unit with people, deletes an empty one', async () => {
    const admin = await signIn('admin');
    const errors = watchErrors(admin);
    await openMenuItem(admin, 'ZZJGtrre');
    await waitForPath(admin, '/back/ZZJGtrre');
    await node(admin, 'College of Science').waitFor();
    expect(await selected(admin)).toBe('Demo School');
    // The school's people are listed with the sub-units switch on.
    await admin.getByTestId('org-people').locator('.ant-table-row').first().waitFor();

    // Add a college under the school, then a department under it.
    await addUnit(admin, 'E2E College', 'College');
    await addUnit(admin, 'E2E Dept');
    await admin.getByTestId('org-people').getByText('No people in this unit').waitFor();

    // A sibling with the same name is refused with the server's message.
    await node(admin, 'E2E College').click();
    await admin.getByTestId('org-add').click();
    await admin.getByTestId('org-name').fill('E2E Dept');
    await admin.getByTestId('org-form-ok').click();
    await toast(admin, 'A unit with this name already exists at this level.');
    await admin.locator('.ant-modal').getByRole('button', { name: 'Cancel' }).click();

    // Rename the department.
    await node(admin, 'E2E Dept').click();
    await admin.getByTestId('org-rename').click();
    await expect.poll(() => admin.getByTestId('org-name').inputValue()).toBe('E2E Dept');
    await admin.getByTestId('org-name').fill('E2E Department');
    await admin.getByTestId('org-form-ok').click();
    await node(admin, 'E2E Department').waitFor();

    // Move it by dragging onto another college.
    await node(admin, 'E2E Department').dragTo(node(admin, 'College of Humanities'));
    await toast(admin, 'Unit moved');
    await expect.poll(() => parentOf('E2E Department')).toBe('College of Humanities');
    // E2E College is now empty.
    await node(admin, 'E2E College').click();
    await admin.getByTestId('org-people').getByText('No people in this unit').waitFor();
    await node(admin, 'E2E Department').click();

    // A unit added below a collapsed one is shown, its ancestors opened; empty, it can go again.
    await addUnit(admin, 'E2E Lab', 'Office');
    await node(admin, 'E2E Lab').waitFor({ state: 'visible' });
    await admin.getByTestId('org-delete').click();
    await admin.getByTestId('org-delete-ok').click();
    await toast(admin, 'Unit deleted');
    await node(admin, 'E2E Lab').waitFor({ state: 'detached' });
    expect(await selected(admin)).toBe('E2E Department');

    // Put a person in the department: then it cannot be deleted.
    await admin.getByTestId('org-add-people').click();
    await pick(admin, 'org-people-pick', 'student', '(student)');
    await admin.getByTestId('org-people-ok').click();
    await toast(admin, 'People added');
    await admin.getByTestId('org-people').locator('.ant-table-row', { hasText: 'student' }).waitFor();
    await admin.getByTestId('org-delete').click();
    await admin.locator('.ant-modal-confirm-title').getByText('Delete "E2E Department"?').waitFor();
    await admin.getByTestId('org-delete-ok').click();
    await toast(admin, 'This unit still has 1 people. Move them out before deleting it.');
    await node(admin, 'E2E Department').waitFor();

    // The empty college goes.
    await node(admin, 'E2E College').click();
    await admin.getByTestId('org-delete').click();
    await admin.getByTestId('org-delete-ok').click();
    await toast(admin, 'Unit deleted');
    await node(admin, 'E2E College').waitFor({ state: 'detached' });
    expect(await selected(admin)).toBe('Demo School');

    // Search finds a unit and hides the rest.
    await admin.getByTestId('org-search').locator('input').fill('Physics');
    await node(admin, 'Department of Physics').waitFor();
    await node(admin, 'College of Humanities').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await admin.context().close();
  });

  it('shows a teacher no organisation menu', async () => {
    const teacher = await signIn('teacher');
    expect(await teacher.getByTestId('side-menu').getByText('Organisation structure').count()).toBe(0);
    await teacher.context().close();
  });
});

describe('global settings', () => {
  it('saves the settings with the window rules checked, and adds an application entry', async () => {
    const admin = await signIn('admin');
    const errors = watchErrors(admin);
    await admin.goto('/hxk/back/GlobalSettings');
    await admin.getByTestId('settings-form').waitFor();
    await admin.getByTestId('settings-password-state').getByText("Resets and new people get the deployment's default password.").waitFor();

    // An upload window that ends before it starts is refused in the form.
    await admin.getByTestId('settings-uploadStart').fill('08:00');
    await admin.getByTestId('settings-uploadEnd').fill('07:00');
    await admin.getByTestId('settings-save').click();
    await admin.getByText('The end time must be later than the start time').waitFor();
    await admin.getByTestId('settings-uploadEnd').fill('18:30');
    await admin.getByTestId('settings-modifyStart').fill('09:00');
    await admin.getByTestId('settings-save').click();
    await admin.locator('#modifyEnd_help').getByText('Enter both a start and an end time, or neither').waitFor();
    await admin.getByTestId('settings-modifyEnd').fill('17:00');
    await admin.getByTestId('settings-password').fill('weakweak');
    await admin.getByTestId('settings-save').click();
    await admin.getByTestId('settings-form').getByText('8-16 characters with at least two of digits, letters and symbols', { exact: true }).waitFor();
    await admin.getByTestId('settings-password').fill('School#2026');
    await admin.getByTestId('settings-anonymous').click();
    await admin.getByTestId('settings-waiting').fill('15');
    // AI analyses are kept apart from recordings.
    await admin.getByTestId('settings-ai-retention').fill('30');
    // Uploads: the school's rate and quota, with what its files take now.
    await admin.getByTestId('settings-storage-used').getByText(/^In use: \d+ MB of 20 GB$/).waitFor();
    await admin.getByTestId('settings-upload-files').fill('10');
    await admin.getByTestId('settings-storage-quota').fill('5120');
    await admin.getByTestId('settings-save').click();
    await toast(admin, 'Saved');
    await admin.getByTestId('settings-password-state').getByText('The school has its own default reset password.', { exact: false }).waitFor();

    // What was saved comes back after a reload; the password itself never does.
    await admin.reload();
    await admin.getByTestId('settings-form').waitFor();
    await expect.poll(() => admin.getByTestId('settings-uploadEnd').inputValue()).toBe('18:30');
    expect(await admin.getByTestId('settings-modifyStart').inputValue()).toBe('09:00');
    expect(await admin.getByTestId('settings-waiting').inputValue()).toBe('15');
    expect(await admin.getByTestId('settings-ai-retention').inputValue()).toBe('30');
    expect(await admin.getByTestId('settings-upload-files').inputValue()).toBe('10');
    await admin.getByTestId('settings-storage-used').getByText(/^In use: \d+ MB of 5 GB$/).waitFor();
    expect(await admin.getByTestId('settings-anonymous').getAttribute('aria-checked')).toBe('true');
    expect(await admin.getByTestId('settings-password').inputValue()).toBe('');

    // An application entry: added, listed, then deleted after a confirmation.
    await admin.getByTestId('app-add').click();
    await admin.getByTestId('app-category').fill('Library');
    await admin.getByTestId('app-name').fill('E2E Catalogue');
    // A protocol-relative link would leave the site: refused like javascript:.
    await admin.getByTestId('app-webpath').fill('//evil.example/');
    await admin.getByTestId('app-form-ok').click();
    await admin.getByText('Enter an https:// address, or a path starting with a single / (not // or /\\)').waitFor();
    await admin.getByTestId('app-webpath').fill('https://lib.example.edu/');
    await admin.getByTestId('app-form-ok').click();
    await toast(admin, 'Saved');
    const row = admin.getByTestId('settings-apps').locator('.ant-table-row', { hasText: 'E2E Catalogue' });
    await row.waitFor();
    expect(await row.innerText()).toContain('https://lib.example.edu/');
    await admin.getByTestId('app-delete-E2E Catalogue').click();
    await admin.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await toast(admin, 'Entry deleted');
    await row.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await admin.context().close();
  });
});

describe.skipIf(!shots)('organisation and settings screenshots', () => {
  it.each(['zh', 'en', 'ja'] as const)('in %s', async (lng) => {
    const page = await signIn('admin', lng);
    await page.goto('/hxk/back/ZZJGtrre');
    await node(page, 'Department of Physics').waitFor();
    await node(page, 'College of Science').click();
    await page.getByTestId('org-people').locator('.ant-table-row').first().waitFor();
    await screenshot(page, `org-tree-${lng}`);
    await page.getByTestId('org-add').click();
    await page.getByTestId('org-form').waitFor();
    await screenshot(page, `org-add-${lng}`);
    await page.keyboard.press('Escape');
    await page.goto('/hxk/back/GlobalSettings');
    await page.getByTestId('settings-form').waitFor();
    await page.getByTestId('settings-apps').locator('.ant-table-row').first().waitFor();
    await screenshot(page, `global-settings-${lng}`);
    await page.context().close();
  });
});
