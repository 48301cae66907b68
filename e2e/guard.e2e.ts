import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { appPath, launchBrowser, newContext, openMenuItem, signInWithPassword, waitForPath, waitForToast } from './support/browser.ts';
import { cookieValue, registerViaUi } from './support/flows.ts';
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

describe('navigation guard', () => {
  it('sends a visitor without a token to /login and lets the sign-in pages through', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    for (const target of ['/hxk/MeInfo', '/hxk/', '/hxk/back/schoolApplications', '/hxk/wenxiang/userInfo']) {
      await page.goto(target);
      await waitForPath(page, '/login');
    }
    for (const open of ['/register', '/qrlogin', '/qrRegister', '/awaitPage']) {
      await page.goto(`/hxk${open}`);
      await page.waitForLoadState('networkidle');
      expect(await appPath(page)).toBe(open);
    }
    await context.close();
  });

  it('clears stored cookies and remembers /SCADA/ShareDetail across the sign-in', async () => {
    const context = await newContext(browser, server.url);
    await context.addCookies([{ name: 'schoolId', value: '123', url: server.url }]);
    const page = await context.newPage();
    await page.goto('/hxk/SCADA/ShareDetail?id=7');
    await waitForPath(page, '/login');
    expect(await cookieValue(context, 'schoolId')).toBeUndefined();
    expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBe('/SCADA/ShareDetail?id=7');
    await page.getByTestId('login-account').fill('leader');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await waitForPath(page, '/SCADA/ShareDetail?id=7');
    await context.close();
  });

  it('sends a token without a school to /wenxiang/userInfo', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await registerViaUi(page, server.sms, { account: 'guard_noschool', name: 'No School', phone: '13600000001', password: 'abc12345' });
    await waitForPath(page, '/wenxiang/userInfo');
    expect(await cookieValue(context, 'hxk_signed_in')).toBe('1');
    expect(await cookieValue(context, 'schoolId')).toBeUndefined();
    for (const target of ['/hxk/MeInfo', '/hxk/', '/hxk/back/schoolApplications']) {
      await page.goto(target);
      await waitForPath(page, '/wenxiang/userInfo');
    }
    await page.getByTestId('choose-school').waitFor();
    await context.close();
  });

  it('goes to /login when the server answers 401, clearing the stored state', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signInWithPassword(page, 'admin', DEMO_PASSWORD);
    await waitForPath(page, '/Evaluate');
    await page.getByTestId('front-page').waitFor();
    // The session ends on the server (logout with the same cookie from another client).
    const session = await cookieValue(context, 'hxk_session');
    const res = await fetch(`${server.url}/base/login/v1/logout`, { headers: { cookie: `hxk_session=${session}`, 'x-requested-with': 'XMLHttpRequest' } });
    expect(((await res.json()) as { code: number }).code).toBe(1);
    // The next API call (opening another screen) is answered 401.
    await openMenuItem(page, 'schoolApplications');
    await waitForPath(page, '/login');
    expect(await cookieValue(context, 'hxk_signed_in')).toBeUndefined();
    expect(await cookieValue(context, 'schoolId')).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('Identity'))).toBeNull();
    // And the guard keeps it there.
    await page.goto('/hxk/MeInfo');
    await waitForPath(page, '/login');
    await context.close();
  });
});

describe('languages', () => {
  it('switches the login page to zh and ja, Ant Design texts included, and remembers the choice', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/hxk/register');
    await page.getByText('(optional)').first().waitFor();
    await page.goto('/hxk/login');
    expect(await page.getByTestId('login-tabs').textContent()).toContain('Account');

    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-zh').click();
    await page.getByTestId('login-tabs').getByText('账号登录').waitFor();
    expect(await page.getByTestId('login-tabs').textContent()).toContain('验证码登录');
    expect(await page.getByTestId('forgot-password').textContent()).toBe('忘记密码？');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('zh');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh');

    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ja').click();
    await page.getByTestId('login-tabs').getByText('アカウント').waitFor();
    expect(await page.getByTestId('login-submit').textContent()).toBe('ログイン');
    // Ant Design's own locale follows: the optional-field mark on the registration form.
    await page.getByRole('link', { name: '新規登録' }).click();
    await page.getByText('(オプション)').first().waitFor();

    // The choice survives a reload; the server answers in it too.
    await page.goto('/hxk/login');
    await page.getByTestId('login-tabs').getByText('アカウント').waitFor();
    await page.getByTestId('login-account').fill('nobody');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await waitForToast(page, 'アカウントまたはパスワードが正しくありません。');
    await context.close();
  });

  it('reads an unknown stored language as English', async () => {
    const context = await newContext(browser, server.url);
    await context.addInitScript(() => localStorage.setItem('language', 'fr'));
    const page = await context.newPage();
    await page.goto('/hxk/login');
    await page.getByTestId('login-tabs').getByText('Account').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
  });
});
