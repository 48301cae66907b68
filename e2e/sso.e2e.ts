import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, settle, signInToShell, waitForPath, watchErrors } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { startCasDouble } from '../apps/server/src/test/cas-double.ts';
import { startOidcDouble } from '../apps/server/src/test/oidc-double.ts';
import { demoName } from '../apps/server/src/db/seed/seed.ts';

/** `HXK_SCREENSHOTS=1` also writes the settings and the SSO pages (zh, en, ja) to e2e/screenshots. */
const shots = process.env.HXK_SCREENSHOTS === '1';

const cas = startCasDouble();
let casUrl: string;
const idp = startOidcDouble({ clientId: 'hxk-e2e', clientSecret: 'e2e-client-secret' });
let issuer: string;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [casUrl, issuer] = await Promise.all([cas.listen(), idp.listen()]);
  [server, browser] = await Promise.all([startServer({ env: { OUTBOUND_ALLOW_HOSTS: `${new URL(casUrl).host},${new URL(issuer).host}` } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await cas.close();
  await idp.close();
});

/** Through the CAS double's login form as `user`, back to hxk. */
async function casLogin(page: Page, user: string): Promise<void> {
  await page.waitForURL((u) => u.href.startsWith(`${casUrl}/login`));
  await page.locator('#username').fill(user);
  await page.locator('#cas-submit').click();
}

describe('single sign-on by CAS', () => {
  it('the administrator turns CAS on; a teacher signs in through it and logs out at the CAS server; /SSOBS lands in the back office', async () => {
    const admin = await signInToShell(browser, server.url, 'admin', { language: 'en' });
    await admin.goto('/hxk/back/userManagement');
    await admin.getByTestId('user-sso-sync').click();
    await admin.getByTestId('sso-signin-form').getByText('CAS', { exact: true }).click();
    await admin.getByTestId('sso-cas-url').fill(casUrl);
    await admin.getByTestId('sso-signin-save').click();
    await admin.getByText('Single sign-on saved').waitFor();
    if (shots) await screenshot(admin, 'sso-settings-en');
    await admin.context().close();

    const context = await newContext(browser, server.url, { language: 'en' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/hxk/SSO');
    await casLogin(page, 'teacher');
    await waitForPath(page, '/Evaluate');
    await page.getByTestId('side-menu').waitFor();
    await expect(page.getByTestId('user-menu').textContent()).resolves.toContain(demoName('teacher'));

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: /log out/i }).click();
    await waitForPath(page, '/login');
    expect(cas.state.logouts).toEqual([`${server.url}/hxk/login`]);

    await page.goto('/hxk/SSOBS');
    await casLogin(page, 'admin');
    await waitForPath(page, /^\/back\//);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a refused sign-in says why, in the person\'s language', async () => {
    // All three languages when screenshots are taken; one otherwise, to keep the suite short.
    for (const language of shots ? (['zh', 'en', 'ja'] as const) : (['ja'] as const)) {
      const context = await newContext(browser, server.url, { language });
      const page = await context.newPage();
      await page.goto('/hxk/SSO');
      await casLogin(page, 'nobody-here');
      await page.getByTestId('sso-error').waitFor();
      const text = await page.getByTestId('sso-error').textContent();
      expect(text).toMatch({ zh: /本校没有您的账号/, en: /no account for you/, ja: /アカウントがありません/ }[language]);
      if (shots) {
        await settle(page);
        await screenshot(page, `sso-refused-${language}`);
      }
      await context.close();
    }
  });
});

describe('single sign-on by OpenID Connect', () => {
  it('the administrator switches the school to OpenID Connect; a teacher signs in through the provider (code + PKCE) and logs out at its end-session endpoint', async () => {
    const admin = await signInToShell(browser, server.url, 'admin', { language: 'en' });
    await admin.goto('/hxk/back/userManagement');
    await admin.getByTestId('user-sso-sync').click();
    await admin.getByTestId('sso-signin-form').getByText('OpenID Connect', { exact: true }).click();
    await admin.getByTestId('sso-oidc-issuer').fill(issuer);
    await admin.getByTestId('sso-oidc-client-id').fill('hxk-e2e');
    await admin.getByTestId('sso-oidc-secret').fill('e2e-client-secret');
    await admin.getByTestId('sso-signin-save').click();
    await admin.getByText('Single sign-on saved').waitFor();
    await admin.context().close();

    idp.state.user = 'teacher';
    const context = await newContext(browser, server.url, { language: 'en' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // The provider double signs its user in at once and sends the browser back with a code.
    const authorize = page.waitForRequest((r) => r.url().startsWith(`${issuer}/authorize`));
    await page.goto('/hxk/SSO');
    const auth = new URL((await authorize).url());
    expect(auth.searchParams.get('redirect_uri')).toBe(`${server.url}/hxk/SSO`);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    await waitForPath(page, '/Evaluate');
    await page.getByTestId('side-menu').waitFor();
    await expect(page.getByTestId('user-menu').textContent()).resolves.toContain(demoName('teacher'));
    expect(idp.state.tokenRequests).toBeGreaterThan(0);

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: /log out/i }).click();
    await waitForPath(page, '/login');
    expect(idp.state.endSessions).toHaveLength(1);
    const end = new URLSearchParams(idp.state.endSessions[0]);
    expect(end.get('client_id')).toBe('hxk-e2e');
    expect(end.get('post_logout_redirect_uri')).toBe(`${server.url}/hxk/login`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
