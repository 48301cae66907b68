/**
 * Screenshots of every screen in zh, en and ja, written to e2e/screenshots/ (gitignored) for people
 * to look at. Runs only when HXK_SCREENSHOTS=1: `HXK_SCREENSHOTS=1 npx vitest run --project e2e screenshots`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, openMenuItem, screenshot, signInWithPassword, waitForPath } from './support/browser.ts';
import { bindSchool, registerViaUi, showLoginQr } from './support/flows.ts';
import { DEMO_PASSWORD, startServer, type TestServer } from './support/server.ts';

const enabled = process.env.HXK_SCREENSHOTS === '1';
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  if (!enabled) return;
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Lets fonts, motion and lazy chunks settle before a shot. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

describe.skipIf(!enabled)('screenshots', () => {
  const languages = ['zh', 'en', 'ja'] as const;
  for (const [i, lng] of languages.entries()) {
    it(`captures every screen in ${lng}`, async () => {
      const context = await newContext(browser, server.url, { language: lng });
      const page = await context.newPage();
      const shot = async (name: string) => {
        await settle(page);
        await screenshot(page, `${name}-${lng}`);
      };

      await page.goto('/hxk/login');
      await page.getByTestId('login-page').waitFor();
      await shot('01-login');
      await page.getByTestId('login-submit').click();
      await shot('02-login-validation');
      await page.goto('/hxk/login?tab=sms');
      await shot('03-login-sms');
      await page.goto('/hxk/login');
      await page.getByTestId('forgot-password').click();
      await page.getByTestId('forgot-form').waitFor();
      await shot('04-forgot-password');
      await page.keyboard.press('Escape');
      await showLoginQr(page);
      await shot('05-qrlogin');
      await page.goto('/hxk/register');
      await shot('06-register');
      await page.goto('/hxk/qrRegister');
      await page.getByTestId('qr-image').waitFor();
      await shot('07-qr-register');

      // A new account without a school: choose or bind one, then wait for approval.
      await registerViaUi(page, server.sms, { account: `shot_${lng}`, name: `Shot ${lng}`, phone: `1370000000${i}`, password: 'abc12345' });
      await waitForPath(page, '/wenxiang/userInfo');
      await page.getByTestId('choose-school').waitFor();
      await shot('08-choose-school');
      await page.getByTestId('school-code').fill('NOPE');
      await page.getByTestId('bind-submit').click();
      await page.locator('.ant-message-notice').waitFor();
      await shot('09-wrong-school-code');
      await bindSchool(page, 'DEMO');
      await page.getByTestId('await-page').waitFor();
      await shot('10-await-page');
      await page.getByTestId('logout').click();
      await waitForPath(page, '/login');

      // The administrator: personal info, schools, applications.
      await signInWithPassword(page, 'admin', DEMO_PASSWORD);
      await waitForPath(page, '/Evaluate');
      await page.goto('/hxk/MeInfo');
      await page.getByTestId('me-info').waitFor();
      await shot('11-me-info');
      await page.getByRole('tab').nth(1).click();
      await shot('12-me-info-password');
      await page.getByRole('tab').nth(2).click();
      await page.getByTestId('my-schools').waitFor();
      await shot('13-me-info-schools');
      await openMenuItem(page, 'schoolApplications');
      await waitForPath(page, '/back/schoolApplications');
      await page.getByTestId(`reject-shot_${lng}`).waitFor();
      await shot('14-school-applications');
      await page.getByTestId(`reject-shot_${lng}`).click();
      await page.getByTestId('reject-note').waitFor();
      await shot('15-reject-dialog');
      await page.keyboard.press('Escape');
      // Roles: the list, the add form, the menu tree and the role's users.
      await openMenuItem(page, 'roleManagement');
      await page.getByTestId('role-management').locator('.ant-table-row').first().waitFor();
      await shot('20-role-management');
      await page.getByTestId('role-add').click();
      await page.getByTestId('role-form').waitFor();
      await shot('21-role-form');
      await page.keyboard.press('Escape');
      await openMenuItem(page, 'rolePermission');
      await page.getByTestId('role-menu-tree').waitFor();
      await shot('22-role-permission-menus');
      await page.getByTestId('role-users-tab').click();
      await page.getByTestId('role-users-add').waitFor();
      await shot('23-role-permission-users');
      await page.getByTestId('role-users-add').click();
      await page.getByTestId('add-users-search').waitFor();
      await shot('24-role-add-users');
      await page.keyboard.press('Escape');
      await page.goto('/hxk/nowhere');
      await shot('16-not-found');

      // A phone approving a QR sign-in.
      const desktop = await newContext(browser, server.url, { language: lng });
      const confirmUrl = await showLoginQr(await desktop.newPage());
      const phone = await newContext(browser, server.url, { language: lng, mobile: true });
      const mobile = await phone.newPage();
      await signInWithPassword(mobile, 'teacher', DEMO_PASSWORD);
      await waitForPath(mobile, '/Evaluate');
      await mobile.goto('/hxk/MeInfo');
      await mobile.getByTestId('me-info').waitFor();
      await mobile.screenshot({ path: `${import.meta.dirname}/screenshots/17-me-info-mobile-${lng}.png`, fullPage: true });
      await mobile.goto(confirmUrl);
      await mobile.getByTestId('qr-confirm').waitFor();
      await settle(mobile);
      await screenshot(mobile, `18-qr-confirm-mobile-${lng}`);
      await mobile.goto('/hxk/login');
      await settle(mobile);
      await screenshot(mobile, `19-login-mobile-${lng}`);
      await Promise.all([desktop.close(), phone.close(), context.close()]);
    });
  }
});
