import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { launchBrowser, newContext, openMenuItem, screenshot, signInToShell, signInWithPassword, waitForPath, waitForToast, watchErrors } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { demoName } from '../apps/server/src/db/seed/seed.ts';

/** The deployment default (DEFAULT_RESET_PASSWORD): new people and reset passwords get it. */
const DEFAULT_PASSWORD = 'Reset@2026';
const shots = process.env.HXK_SCREENSHOTS === '1';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // The SCIM double below listens on loopback, which the outbound guard refuses unless allowed.
  [server, browser] = await Promise.all([startServer({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const signIn = (account: string, language?: 'zh' | 'en' | 'ja'): Promise<Page> => signInToShell(browser, server.url, account, language ? { language } : {});

const toast = waitForToast;
const confirmOk = (page: Page) => page.locator('.ant-modal-confirm .ant-modal-confirm-btns .ant-btn-primary').click();

async function search(page: Page, keyword: string) {
  const box = page.getByTestId('users-search').locator('input');
  await box.fill(keyword);
  await box.press('Enter');
}

describe('user management', () => {
  it('names every demo person realistically and uniquely, and shows the name beside the account (issue 20)', async () => {
    const admin = await signIn('admin');
    // Every member of the school, page by page, as the list serves them.
    const names: string[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const page = await admin.evaluate(async (n) => {
        const res = await fetch('/base/user/v1/list', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' }, body: JSON.stringify({ pageNum: n, pageSize: 100 }) });
        return ((await res.json()) as { data: { total: number; list: { name: string }[] } }).data;
      }, pageNum);
      names.push(...page.list.map((m) => m.name));
      if (names.length >= page.total || page.list.length === 0) break;
    }
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    // No one is called by a role ("Teacher", "Group Leader" …).
    expect(names.filter((n) => /^(Administrator|Group Leader|Supervisor|Teacher|Student)( \d)?$/.test(n))).toEqual([]);
    await admin.goto('/hxk/back/userManagement');
    await search(admin, 'teacher');
    await admin.locator('.ant-table-row', { hasText: demoName('teacher') }).first().waitFor();
    await admin.context().close();
  });

  it('adds, finds, edits, resets, disables and re-enables a user', async () => {
    const admin = await signIn('admin');
    const errors = watchErrors(admin);
    await openMenuItem(admin, 'userManagement');
    await waitForPath(admin, '/back/userManagement');
    await admin.getByTestId('user-management').locator('.ant-table-row').first().waitFor();

    // Add: the contract's rules first, then a valid person.
    await admin.getByTestId('user-add').click();
    const form = admin.getByTestId('user-form');
    await form.waitFor();
    await admin.getByTestId('user-account').fill('no spaces!');
    await admin.getByTestId('user-phone').fill('123');
    await admin.getByTestId('user-form-ok').click();
    await form.getByText('2-32 letters, digits, _ . or -', { exact: true }).waitFor();
    await form.getByText('Enter a valid phone number').waitFor();
    await form.getByText('This field is required').waitFor();
    await admin.getByTestId('user-account').fill('newstaff');
    await admin.getByTestId('user-name').fill('New Staff');
    await admin.getByTestId('user-phone').fill('13600000001');
    await admin.getByTestId('user-form-ok').click();
    await toast(admin, /User newstaff added\. .*must change it at first sign-in/);
    await form.waitFor({ state: 'hidden' });

    // Find by search; a teacher by default, with the built-in Teacher role.
    await search(admin, 'newstaff');
    const row = admin.locator('.ant-table-row', { hasText: 'newstaff' });
    await row.waitFor();
    await admin.waitForFunction(() => document.querySelectorAll('[data-testid="user-management"] .ant-table-row').length === 1);
    expect(await row.innerText()).toMatch(/New Staff[\s\S]*13600000001[\s\S]*Teacher[\s\S]*Active[\s\S]*Never/);

    // Edit the name.
    await admin.getByTestId('user-edit-newstaff').click();
    await expect.poll(() => admin.getByTestId('user-name').inputValue()).toBe('New Staff');
    await admin.getByTestId('user-name').fill('Staff Renamed');
    await admin.getByTestId('user-form-ok').click();
    await toast(admin, 'Saved');
    await row.getByText('Staff Renamed').waitFor();

    // Reset the password: the person signs in with the default and must change it first.
    await admin.getByTestId('user-reset-newstaff').click();
    await admin.locator('.ant-modal-confirm-title').getByText('Reset the password of Staff Renamed?').waitFor();
    await confirmOk(admin);
    await toast(admin, 'Password of Staff Renamed reset: they must set a new password at their next sign-in');

    const staffContext = await newContext(browser, server.url);
    const staff = await staffContext.newPage();
    await signInWithPassword(staff, 'newstaff', DEFAULT_PASSWORD);
    await staff.getByTestId('forced-password-change').waitFor();
    const pw = staff.getByTestId('change-password-form');
    await pw.getByLabel('Current password').fill(DEFAULT_PASSWORD);
    await pw.getByLabel('New password', { exact: true }).fill('Staff#2027');
    await pw.getByLabel('Confirm new password').fill('Staff#2027');
    await pw.getByRole('button', { name: 'Change password' }).click();
    await staff.getByTestId('forced-password-change').waitFor({ state: 'detached' });
    await staff.goto('/hxk/MeInfo');
    await staff.getByTestId('me-info').waitFor();

    // Disable (after a confirmation): the person's next request no longer enters the school.
    await admin.getByTestId('user-status-newstaff').click();
    await admin.locator('.ant-modal-confirm-title').getByText('Disable Staff Renamed?').waitFor();
    await confirmOk(admin);
    await toast(admin, 'Staff Renamed has been disabled');
    await row.getByText('Disabled').waitFor();
    await staff.reload();
    await toast(staff, 'Choose or bind a school first.');
    expect(await staff.getByTestId('me-info').count()).toBe(0);

    // Enable again: the person is back in.
    await admin.getByTestId('user-status-newstaff').click();
    await toast(admin, 'Staff Renamed has been enabled');
    await row.getByText('Active').waitFor();
    await staff.goto('/hxk/MeInfo');
    await staff.getByTestId('me-info').waitFor();

    // The filters reach the server: the new teacher is not among the disabled.
    await search(admin, '');
    await admin.getByTestId('users-filter-status').click();
    await admin.locator('.ant-select-item-option', { hasText: 'Disabled' }).click();
    await admin.getByTestId('user-management').getByText('No users match').waitFor();

    // You cannot disable yourself: there is no button on your own row.
    expect(await admin.getByTestId('user-status-admin').count()).toBe(0);
    expect(errors).toEqual([]);
    await Promise.all([admin.context().close(), staffContext.close()]);
  });

  it('adds an administrator with the identity fixed', async () => {
    const admin = await signIn('admin');
    await admin.goto('/hxk/back/userManagement');
    await admin.getByTestId('user-add-admin').click();
    await admin.locator('.ant-modal-title').getByText('Add administrator').waitFor();
    await admin.getByTestId('user-form').getByText('Administrator').waitFor();
    await admin.getByTestId('user-account').fill('deputy');
    await admin.getByTestId('user-name').fill('Deputy Head');
    await admin.getByTestId('user-form-ok').click();
    await toast(admin, /User deputy added/);
    await search(admin, 'deputy');
    await admin.locator('.ant-table-row', { hasText: 'Deputy Head' }).getByText('Administrator').first().waitFor();
    await admin.context().close();
  });

  it('keeps the profile of a person who is also in another school read-only', async () => {
    await server.app.deps.dbh.db.execute(
      sql`insert into school_memberships (school_id, account_id, identity, status) select s.id, a.id, 5, 'approved' from schools s, accounts a where s.code = 'SECOND' and a.account = 'student'`,
    );
    const admin = await signIn('admin');
    await admin.goto('/hxk/back/userManagement');
    await search(admin, 'student'); // the demo school's 60 teachers fill the first pages
    await admin.getByTestId('user-edit-student').click();
    await admin.getByTestId('user-profile-shared').waitFor();
    await expect.poll(() => admin.getByTestId('user-name').inputValue()).toBe(demoName('student'));
    expect(await admin.getByTestId('user-name').isDisabled()).toBe(true);
    expect(await admin.getByTestId('user-phone').isDisabled()).toBe(true);
    // Identity and roles still change.
    await admin.getByTestId('user-identity').click();
    await admin.locator('.ant-select-item-option', { hasText: 'Teacher' }).click();
    await admin.getByTestId('user-form-ok').click();
    await toast(admin, 'Saved');
    await admin.locator('.ant-table-row', { hasText: 'student' }).locator('.ant-tag', { hasText: 'Teacher' }).first().waitFor();
    await admin.context().close();
  });

  it('saves the single sign-on source and syncs its people in', async () => {
    // A tiny SCIM 2.0 identity system: two people, bearer-authenticated.
    const people = [
      { userName: 'sso.alice', name: { formatted: 'Alice SSO' }, active: true },
      { userName: 'sso.bob', name: { formatted: 'Bob SSO' }, active: true, userType: 'Student' },
      // Second School's teacher: not this school's account, so invited, never adopted or renamed.
      { userName: 'teacher2', name: { formatted: 'Renamed By Feed' }, active: true },
    ];
    const scim = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      res.setHeader('content-type', 'application/scim+json');
      if (req.headers.authorization !== 'Bearer e2e-token') {
        res.writeHead(401).end(JSON.stringify({ status: '401' }));
        return;
      }
      if (req.method !== 'GET' || url.pathname !== '/scim/v2/Users') {
        res.writeHead(404).end(JSON.stringify({ status: '404' }));
        return;
      }
      const startIndex = Number(url.searchParams.get('startIndex') ?? '1');
      const resources = startIndex > people.length ? [] : people;
      res.end(
        JSON.stringify({
          schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
          totalResults: people.length,
          startIndex,
          itemsPerPage: resources.length,
          Resources: resources,
        }),
      );
    });
    await new Promise<void>((resolve) => scim.listen(0, '127.0.0.1', resolve));
    const { port } = scim.address() as AddressInfo;
    try {
      const admin = await signIn('admin');
      const errors = watchErrors(admin);
      await admin.goto('/hxk/back/userManagement');
      await admin.getByTestId('user-sso-sync').click();
      await admin.locator('.ant-modal-title').getByText('Single sign-on', { exact: true }).waitFor();
      await admin.getByTestId('sso-url').fill(`http://127.0.0.1:${port}/scim/v2`);
      await admin.getByTestId('sso-token').fill('e2e-token');
      await admin.getByTestId('sso-save').click();
      await toast(admin, 'Sync source saved');
      await admin.getByTestId('sso-form').getByText('A token is stored; leave empty to keep it.').waitFor();
      await admin.getByTestId('sso-sync').click();
      await admin.getByTestId('sso-result').waitFor();
      expect(await admin.getByTestId('sso-result-created').innerText()).toBe('2');
      expect(await admin.getByTestId('sso-result-total').innerText()).toBe('3');
      expect(await admin.getByTestId('sso-result-invited').innerText()).toBe('1');
      if (shots) await screenshot(admin, 'users-sso-sync-en');
      await admin.getByTestId('sso-close').click();
      await admin.getByTestId('sso-form').waitFor({ state: 'hidden' });

      await search(admin, 'sso');
      await admin.locator('.ant-table-row', { hasText: 'Alice SSO' }).waitFor();
      // Bob's userType makes him a student (identity and built-in role).
      await admin.locator('.ant-table-row', { hasText: 'Bob SSO' }).getByText('Student').first().waitFor();
      await admin.waitForFunction(() => document.querySelectorAll('[data-testid="user-management"] .ant-table-row').length === 2);
      expect(errors).toEqual([]);
      await admin.context().close();
    } finally {
      await new Promise<void>((resolve) => scim.close(() => resolve()));
    }
  });

  it('gives a teacher neither the menu item nor the screen', async () => {
    const teacher = await signIn('teacher');
    expect(await teacher.getByTestId('side-menu').textContent()).not.toContain('User management');
    await teacher.goto('/hxk/back/userManagement');
    await teacher.getByTestId('no-permission').waitFor();
    expect(await teacher.getByTestId('user-management').count()).toBe(0);
    await teacher.context().close();
  });
});

/** `HXK_SCREENSHOTS=1 npx vitest run --project e2e users` writes the screen and its modal in each language. */
describe.skipIf(!shots)('user management screenshots', () => {
  for (const lng of ['zh', 'en', 'ja'] as const) {
    it(`captures the screen and the modal in ${lng}`, async () => {
      const page = await signIn('admin', lng);
      const settle = async () => {
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(400);
      };
      await page.goto('/hxk/back/userManagement');
      await page.getByTestId('user-management').locator('.ant-table-row').first().waitFor();
      await settle();
      await screenshot(page, `users-list-${lng}`);
      await page.getByTestId('user-add').click();
      await page.getByTestId('user-form').waitFor();
      await page.getByTestId('user-form-ok').click();
      await settle();
      await screenshot(page, `users-add-${lng}`);
      await page.locator('.ant-modal', { has: page.getByTestId('user-form') }).locator('.ant-modal-close').click();
      await page.getByTestId('user-form').waitFor({ state: 'hidden' });
      // Earlier tests add people, who come first: find the leader.
      await search(page, 'leader');
      await page.getByTestId('user-edit-leader').click();
      await expect.poll(() => page.getByTestId('user-name').inputValue()).not.toBe('');
      await settle();
      await screenshot(page, `users-edit-${lng}`);
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 390, height: 844 });
      await settle();
      await screenshot(page, `users-list-mobile-${lng}`);
      await page.context().close();
    });
  }
});
