import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { launchBrowser, newContext, signInWithPassword, waitForPath, waitForToast } from './support/browser.ts';
import { bindSchool, cookieValue, registerViaUi } from './support/flows.ts';
import { DEMO_PASSWORD, startServer, type TestServer } from './support/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function openApplications(page: Page) {
  await page.goto('/hxk/back/schoolApplications');
  await page.getByTestId('school-applications').waitFor();
}

describe('schools', () => {
  it('binds a new account by school code, waits for approval, then enters the school', async () => {
    const user = await newContext(browser, server.url);
    const page = await user.newPage();
    await registerViaUi(page, server.sms, { account: 'newteacher', name: 'New Teacher', phone: '13500000001', password: 'abc12345' });
    await waitForPath(page, '/wenxiang/userInfo');
    await page.getByTestId('choose-school').getByText('You have not joined any school yet.').waitFor();

    // A wrong code reads as "incorrect school code".
    await page.getByTestId('school-code').fill('NOPE');
    await page.getByTestId('bind-submit').click();
    await waitForToast(page, 'Incorrect school code.');

    await bindSchool(page, 'DEMO');
    await page.getByTestId('await-page').getByText('Binding pending approval').waitFor();
    await page.getByTestId('school-DEMO').getByText('Pending').waitFor();

    // The Demo School administrator approves it.
    const admin = await newContext(browser, server.url);
    const adminPage = await admin.newPage();
    await signInWithPassword(adminPage, 'admin', DEMO_PASSWORD);
    await waitForPath(adminPage, '/Evaluate');
    await openApplications(adminPage);
    await adminPage.getByTestId('approve-newteacher').click();
    // The confirmation has opened before its button is pressed (a click during its entrance can miss under load).
    await adminPage.locator('.ant-modal-confirm').waitFor();
    await adminPage.locator('.ant-modal-confirm .ant-btn-primary').click();
    await waitForToast(adminPage, 'Approved');
    await adminPage.getByTestId('approve-newteacher').waitFor({ state: 'detached' });

    await page.getByTestId('await-refresh').click();
    await page.getByTestId('await-page').getByText('Your binding has been approved').waitFor();
    await page.getByTestId('school-DEMO').getByRole('button', { name: 'Enter' }).click();
    await waitForPath(page, '/Evaluate');
    expect(await page.getByTestId('product-title').textContent()).toContain('Demo School');
    expect(await cookieValue(user, 'schoolId')).toMatch(/^\d+$/);
    expect(await page.evaluate(() => localStorage.getItem('Identity'))).toBe('4');
    await Promise.all([user.close(), admin.close()]);
  });

  it('lets an administrator reject an application with a reason, and filter and search the list', async () => {
    const user = await newContext(browser, server.url);
    const page = await user.newPage();
    await registerViaUi(page, server.sms, { account: 'applicant2', name: 'Second Applicant', phone: '13500000002', password: 'abc12345', schoolCode: 'DEMO' });
    await waitForPath(page, '/wenxiang/userInfo');
    await page.getByTestId('school-DEMO').getByText('Pending').waitFor();

    const admin = await newContext(browser, server.url);
    const adminPage = await admin.newPage();
    await signInWithPassword(adminPage, 'admin', DEMO_PASSWORD);
    await waitForPath(adminPage, '/Evaluate');
    await openApplications(adminPage);
    await adminPage.getByTestId('reject-applicant2').click();
    await adminPage.getByTestId('reject-note').fill('no');
    await adminPage.locator('.ant-modal-footer .ant-btn-dangerous').click();
    await adminPage.getByText('The reason must be at least 5 characters').waitFor();
    await adminPage.getByTestId('reject-note').fill('Not a member of our staff');
    await adminPage.locator('.ant-modal-footer .ant-btn-dangerous').click();
    await waitForToast(adminPage, 'Rejected');

    await adminPage.getByText('Rejected', { exact: true }).first().click();
    await adminPage.getByText('Not a member of our staff').waitFor();
    await adminPage.getByText('All', { exact: true }).click();
    await adminPage.getByPlaceholder('Search name, account or phone').fill('applicant2');
    await adminPage.getByPlaceholder('Search name, account or phone').press('Enter');
    // Polled: the unfiltered rows stay until the search answers.
    await expect.poll(() => adminPage.locator('.ant-table-row').count()).toBe(1);
    await adminPage.locator('.ant-table-row', { hasText: 'applicant2' }).waitFor();

    await page.reload();
    await page.getByTestId('school-DEMO').getByText('Rejected').waitFor();
    await Promise.all([user.close(), admin.close()]);
  });

  it('hides the applications screen from members without the review permission', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signInWithPassword(page, 'supervisor', DEMO_PASSWORD);
    await waitForPath(page, '/Evaluate');
    await page.goto('/hxk/back/schoolApplications');
    await page.getByTestId('no-permission').waitFor();
    await context.close();
  });
});

describe('personal info', () => {
  it('edits the profile, uploads an avatar (with a fallback image when broken) and changes the password', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signInWithPassword(page, 'leader', DEMO_PASSWORD);
    await waitForPath(page, '/Evaluate');
    await page.goto('/hxk/MeInfo');
    const form = page.getByTestId('profile-form');
    await form.getByLabel('Name').fill('Group Leader Li');
    await form.getByLabel('E-mail').fill('not-an-email');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Enter a valid e-mail address').waitFor();
    await form.getByLabel('E-mail').fill('li@example.com');
    await form.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Saved');
    await page.getByTestId('user-menu').getByText('Group Leader Li').waitFor();

    // Avatar: the type is checked before upload, then the header shows the new image.
    const input = page.locator('input[type=file]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await waitForToast(page, /File format is wrong/);
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await waitForToast(page, 'Avatar updated');
    const headerImg = page.getByTestId('header-avatar').locator('img');
    await page.waitForFunction(() => document.querySelector('[data-testid="header-avatar"] img')?.getAttribute('src')?.includes('/base/user/v1/avatar'));
    // A broken avatar image is replaced by the bundled default.
    await page.route('**/base/user/v1/avatar**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.reload();
    await page.waitForFunction(() => document.querySelector('[data-testid="header-avatar"] img')?.getAttribute('src')?.startsWith('data:image/svg+xml'));
    expect(await headerImg.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await page.unroute('**/base/user/v1/avatar**');

    // Password change: the rules of the contract, then the new password works.
    await page.getByRole('tab', { name: 'Password' }).click();
    const pw = page.getByTestId('change-password-form');
    await pw.getByLabel('Current password').fill(DEMO_PASSWORD);
    await pw.getByLabel('New password', { exact: true }).fill('abcdefgh');
    await pw.getByLabel('Confirm new password').fill('abcdefgi');
    await pw.getByRole('button', { name: 'Change password' }).click();
    await pw.getByText('8-16 characters with at least two of digits, letters and symbols', { exact: true }).waitFor();
    await pw.getByText('The two passwords do not match').waitFor();
    await pw.getByLabel('New password', { exact: true }).fill('Leader#2027');
    await pw.getByLabel('Confirm new password').fill('Leader#2027');
    await pw.getByRole('button', { name: 'Change password' }).click();
    await waitForToast(page, 'Password changed');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(page, '/login');
    await signInWithPassword(page, 'leader', 'Leader#2027');
    await waitForPath(page, '/Evaluate');
    await context.close();
  });

  it('puts a required password change before anything else', async () => {
    await server.app.deps.dbh.db.execute(sql`update accounts set must_change_password = true where account = 'student'`);
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signInWithPassword(page, 'student', DEMO_PASSWORD);
    await page.getByTestId('forced-password-change').waitFor();
    await page.goto('/hxk/back/schoolApplications');
    await page.getByTestId('forced-password-change').waitFor();
    const pw = page.getByTestId('change-password-form');
    await pw.getByLabel('Current password').fill(DEMO_PASSWORD);
    await pw.getByLabel('New password', { exact: true }).fill('Student#2027');
    await pw.getByLabel('Confirm new password').fill('Student#2027');
    await pw.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('no-permission').waitFor();
    await page.goto('/hxk/MeInfo');
    await page.getByTestId('me-info').waitFor();
    await context.close();
  });
});
