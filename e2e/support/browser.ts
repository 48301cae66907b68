/** One Chromium per test file (Debian's, never a downloaded one), and small page helpers. */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

export type ContextOptions = { language?: 'zh' | 'en' | 'ja'; mobile?: boolean };

/** A fresh browser profile; `language` is stored the way the app's language menu stores it. */
export async function newContext(browser: Browser, baseURL: string, opts: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    viewport: opts.mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    ...(opts.mobile ? { isMobile: true, hasTouch: true, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1' } : {}),
  });
  if (opts.language) {
    const lng = opts.language;
    await context.addInitScript((l) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', l);
    }, lng);
  }
  // Generous: in npm test the browser shares two cores with the API suites on two databases.
  context.setDefaultTimeout(30_000);
  return context;
}

/** Collects uncaught page errors so a test can assert the app ran cleanly. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

export async function appPath(page: Page): Promise<string> {
  const url = new URL(page.url());
  return url.pathname.replace(/^\/hxk/, '') + url.search;
}

/** What the page shows that may explain why it did not go on: toasts, form and alert texts. */
async function shownMessages(page: Page): Promise<string[]> {
  const texts = await page
    .locator('.ant-message-notice, .ant-notification-notice, .ant-form-item-explain-error, .ant-alert, .ant-modal-confirm-title, .ant-result-title')
    .allTextContents()
    .catch(() => []);
  return texts.map((t) => t.trim()).filter(Boolean);
}

/** Waits until the app's path (without /hxk) is `expected`; a timeout says where the page stayed and what it showed. */
export async function waitForPath(page: Page, expected: string | RegExp): Promise<void> {
  try {
    await page.waitForURL((u) => {
      const p = u.pathname.replace(/^\/hxk/, '') + u.search;
      return typeof expected === 'string' ? p === expected : expected.test(p);
    });
  } catch (err) {
    const at = await appPath(page).catch(() => '(closed)');
    throw new Error(`the page stayed at ${at}, not ${String(expected)}; it showed ${JSON.stringify(await shownMessages(page))}`, { cause: err });
  }
}

export async function signInWithPassword(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/hxk/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** A fresh profile signed in with the demo password, on the shell once its left menu is there. */
export async function signInToShell(browser: Browser, baseURL: string, account: string, opts: ContextOptions = {}): Promise<Page> {
  const context = await newContext(browser, baseURL, opts);
  const page = await context.newPage();
  await signInWithPassword(page, account, 'Demo@2026');
  await waitForPath(page, '/Evaluate');
  await page.getByTestId('side-menu').waitFor();
  return page;
}

/** Waits for an Ant Design message (toast) with this text. */
export const waitForToast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').getByText(text).first().waitFor();
