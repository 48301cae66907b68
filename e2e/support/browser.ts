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

/** The browsers this test file launched, so a failed test can photograph their pages (support/on-failure). */
export const openBrowsers = new Set<Browser>();

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  openBrowsers.add(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  return browser;
}

type ToastEntry = { text: string; taken: boolean };
declare global {
  interface Window {
    __hxkToasts?: ToastEntry[];
  }
}

/**
 * Runs in every page before the app: keeps the text of each Ant Design message (toast) as it appears,
 * so a wait cannot miss one that came and went (3 s) while a loaded machine was slow to look.
 */
function recordToasts() {
  const shown = new WeakMap<Element, string>();
  const log: ToastEntry[] = [];
  window.__hxkToasts = log;
  const scan = () => {
    for (const el of Array.from(document.querySelectorAll('.ant-message-notice'))) {
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (!text || shown.get(el) === text) continue;
      shown.set(el, text);
      log.push({ text, taken: false });
    }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
}

export type ContextOptions = {
  language?: 'zh' | 'en' | 'ja';
  mobile?: boolean;
  /** The system's motion setting; 'reduce' (the default here) makes the app open dialogs and menus without animation. */
  motion?: 'reduce' | 'no-preference';
};

/** What a browser profile keeps (cookies, local storage), as playwright saves it. */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A fresh browser profile; `language` is stored the way the app's language menu stores it. `state` starts it with saved cookies and storage. */
export async function newContext(browser: Browser, baseURL: string, opts: ContextOptions = {}, state?: StorageState): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...(state ? { storageState: state } : {}),
    baseURL,
    locale: 'en-US',
    viewport: opts.mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    // The app turns Ant Design's motion off for it: a click never lands on a dialog or menu still moving in.
    reducedMotion: opts.motion ?? 'reduce',
    ...(opts.mobile ? { isMobile: true, hasTouch: true, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1' } : {}),
  });
  if (opts.language) {
    const lng = opts.language;
    await context.addInitScript((l) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', l);
    }, lng);
  }
  await context.addInitScript(recordToasts);
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

/** A URL's path within the app (without /hxk), with its query. */
const appPathOf = (u: URL) => u.pathname.replace(/^\/hxk/, '') + u.search;

export async function appPath(page: Page): Promise<string> {
  return appPathOf(new URL(page.url()));
}

/** What the page shows that may explain why it did not go on: form, alert and dialog texts, and every toast so far. */
async function shownMessages(page: Page): Promise<string[]> {
  const texts = await page
    .locator('.ant-notification-notice, .ant-form-item-explain-error, .ant-alert, .ant-modal-confirm-title, .ant-result-title')
    .allTextContents()
    .catch(() => []);
  const toasts = await page.evaluate(() => (window.__hxkToasts ?? []).map((t) => `toast: ${t.text}`)).catch(() => []);
  return [...texts.map((t) => t.trim()).filter(Boolean), ...toasts];
}

/** Where the page is and what it shows, for a failure's message. */
export async function describePage(page: Page): Promise<string> {
  if (page.isClosed()) return '(closed)';
  return `at ${await appPath(page)} showing ${JSON.stringify(await shownMessages(page))}`;
}

/** Waits until the app's path (without /hxk) is `expected`; a timeout says where the page stayed and what it showed. */
export async function waitForPath(page: Page, expected: string | RegExp): Promise<void> {
  try {
    await page.waitForURL((u) => {
      const p = appPathOf(u);
      return typeof expected === 'string' ? p === expected : expected.test(p);
    });
  } catch (err) {
    throw new Error(`the page did not reach ${String(expected)}: ${await describePage(page)}`, { cause: err });
  }
}

const DEMO_PASSWORD = 'Demo@2026';

export async function signInWithPassword(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/hxk/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/** Before a screenshot of a screen with charts: requests done, fonts loaded, animations over. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(500);
}

/** A GET of the API as the signed-in page makes it (its session cookie): the reply's data. */
export const apiGet = <T,>(page: Page, url: string) => page.evaluate(async (u) => ((await (await fetch(u)).json()) as { data: unknown }).data, url) as Promise<T>;

/** The parts of a sign-in reply that decide what the app shows (school, identity, person, forced change). */
type SessionSummary = { schoolId: unknown; identity: unknown; userId: unknown; name: unknown; mustChangePassword: unknown };
const summary = (d: Partial<SessionSummary>): string =>
  JSON.stringify([d.schoolId ?? null, d.identity ?? null, d.userId ?? null, d.name ?? null, d.mustChangePassword ?? null]);

const LOGIN_API = '/base/login/v1/do';

/** Per server and account, the profile of this file's first sign-in through the form, and what its reply said. */
const savedSignIns = new Map<string, { state: StorageState; session: string }>();

/**
 * A new profile of an account already signed in once in this file: the saved cookies and local storage
 * of that sign-in, a session of its own from the sign-in API (so logging out or anything else done to
 * one session leaves the others alone), then the app loaded on /Evaluate. Null when the reply differs
 * from the saved one's (another school, identity, a forced password change...): sign in through the form.
 */
async function resumeSignIn(browser: Browser, baseURL: string, account: string, password: string, opts: ContextOptions): Promise<Page | null> {
  const saved = savedSignIns.get(`${baseURL} ${account}`);
  if (!saved) return null;
  const context = await newContext(browser, baseURL, opts, saved.state);
  // The school the form sent as its hint: the one the first sign-in landed in.
  const schoolId = saved.state.cookies.find((c) => c.name === 'schoolId')?.value;
  const res = await context.request.post(`${baseURL}${LOGIN_API}`, {
    data: { type: 'password', account, password, ...(schoolId ? { schoolId } : {}) },
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
  const body = (await res.json().catch(() => null)) as { code?: number; data?: Partial<SessionSummary> } | null;
  if (body?.code !== 1 || !body.data || summary(body.data) !== saved.session) {
    await context.close();
    return null;
  }
  const page = await context.newPage();
  await page.goto('/hxk/Evaluate');
  return page;
}

/** Where a member lands after sign-in: /Evaluate, or a student's questionnaires (issue 20). */
const LANDING = /^\/(Evaluate|feeQuestionnaire)(\?|$)/;

/**
 * A fresh profile signed in with the demo password, on its landing once `ready` (default: the left
 * menu) is there. The first sign-in of an account in a test file goes through the sign-in form; later
 * ones reuse its cookies and storage with a session of their own (tests of signing in itself use
 * signInWithPassword).
 */

export async function signInToShell(browser: Browser, baseURL: string, account: string, opts: ContextOptions & { ready?: (page: Page) => Promise<unknown> } = {}): Promise<Page> {
  const { ready = (p: Page) => p.getByTestId('side-menu').waitFor(), ...contextOpts } = opts;
  let page = await resumeSignIn(browser, baseURL, account, DEMO_PASSWORD, contextOpts);
  if (!page) {
    const context = await newContext(browser, baseURL, contextOpts);
    page = await context.newPage();
    // Kept for the reply's summary; a sign-in that fails fails below, not here.
    const reply = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(LOGIN_API)).catch(() => null);
    await signInWithPassword(page, account, DEMO_PASSWORD);
    await waitForPath(page, LANDING);
    await ready(page);
    const body = (await (await reply)?.json().catch(() => null)) as { data?: Partial<SessionSummary> } | null;
    if (body?.data) {
      // The language is each profile's own (ContextOptions), not the account's.
      const state = await context.storageState();
      const origins = state.origins.map((o) => ({ ...o, localStorage: o.localStorage.filter((e) => e.name !== 'language') }));
      savedSignIns.set(`${baseURL} ${account}`, { state: { ...state, origins }, session: summary(body.data) });
    }
    return page;
  }
  await waitForPath(page, LANDING);
  await ready(page);
  return page;
}

/**
 * Opens a screen from the left menu by its menu key (data-testid `menu-<key>`), the way a person
 * does: its group first when the accordion has it closed.
 */
export async function openMenuItem(page: Page, key: string): Promise<void> {
  // Within the left menu: Ant Design also keeps hidden pop-up copies of the groups in the page.
  const menu = page.getByTestId('side-menu');
  const item = menu.getByTestId(`menu-${key}`);
  if (!(await item.isVisible())) {
    await menu.locator('[data-testid^="menu-group-"]', { has: page.getByTestId(`menu-${key}`) }).locator('.ant-menu-submenu-title').click();
  }
  await item.click();
}

/**
 * Waits for an Ant Design message (toast) with this text (a string matches as getByText does: part of
 * the text, any case), shown since the page loaded and not yet waited for: each toast answers one wait,
 * so the same message after a second action needs a second toast.
 */
export async function waitForToast(page: Page, text: string | RegExp): Promise<void> {
  const want = typeof text === 'string' ? { part: text.replace(/\s+/g, ' ').trim().toLowerCase(), source: '', flags: '' } : { part: null, source: text.source, flags: text.flags };
  try {
    await page.waitForFunction((w) => {
      const hit = (window.__hxkToasts ?? []).find((t) => !t.taken && (w.part !== null ? t.text.toLowerCase().includes(w.part) : new RegExp(w.source, w.flags).test(t.text)));
      if (hit) hit.taken = true;
      return Boolean(hit);
    }, want);
  } catch (err) {
    throw new Error(`no toast "${String(text)}": ${await describePage(page)}`, { cause: err });
  }
}
