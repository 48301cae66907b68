/**
 * Issue 12 in the browser: a link or image on another site cannot end a session (finding 9), and no
 * main screen logs a console error or a Content-Security-Policy violation (finding 11). Issue 20: nor
 * has a serious or critical accessibility violation (axe-core), the sign-in page included.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { axeViolations, type AxeFinding } from './support/axe.ts';
import { launchBrowser, newContext, signInToShell, waitForPath } from './support/browser.ts';
import { cookieValue } from './support/flows.ts';
import { startServer, type TestServer } from './support/server.ts';

let server: TestServer;
let browser: Browser;
let other: http.Server;
let otherUrl: string;

/** Another origin (another port) serving pages that try to sign the visitor out of hxk. */
function startOtherSite(target: string): Promise<http.Server> {
  const pages: Record<string, string> = {
    '/img': `<!doctype html><title>other</title><img id="x" src="${target}/base/login/v1/logout"><p>images</p>`,
    '/link': `<!doctype html><title>other</title><a id="go" href="${target}/base/login/v1/logout">a link</a>`,
  };
  const srv = http.createServer((req, res) => {
    const body = pages[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  return new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve(srv)));
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  other = await startOtherSite(server.url);
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise((r) => other?.close(r));
});

/** The session still answers: the page's own API client asks who is signed in. */
async function sessionAlive(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const res = await fetch('/base/user/v1/info', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, credentials: 'include' });
    return ((await res.json()) as { code: number }).code === 1;
  });
}

describe('cross-site logout', () => {
  it('an image or a link on another site leaves the session alive; the app\'s own logout still ends it', async () => {
    const page = await signInToShell(browser, server.url, 'teacher');
    const context = page.context();
    const session = await cookieValue(context, 'hxk_session');
    expect(session).toBeTruthy();

    // An <img> on another origin (same site: the cookie goes along) requests the logout.
    const sawImage = page.waitForRequest((r) => r.url().endsWith('/base/login/v1/logout'));
    await page.goto(`${otherUrl}/img`);
    await sawImage;
    await page.waitForLoadState('load');
    // A link on another site, followed: a top-level GET, which SameSite=Lax lets the cookie join.
    await page.goto(`${otherUrl}/link`);
    const answered = page.waitForResponse((r) => r.url().endsWith('/base/login/v1/logout'));
    await page.locator('#go').click();
    const res = await answered;
    expect(res.status()).toBe(403);
    expect(await cookieValue(context, 'hxk_session')).toBe(session);

    await page.goto('/hxk/Evaluate');
    await page.getByTestId('front-page').waitFor();
    expect(await sessionAlive(page)).toBe(true);

    // The product's own logout (a GET with its header) ends the session.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(page, '/login');
    expect(await cookieValue(context, 'hxk_session')).toBeUndefined();
    expect(await sessionAlive(page)).toBe(false);
    // And the old cookie is dead on the server too.
    const after = await fetch(`${server.url}/base/user/v1/info`, { headers: { cookie: `hxk_session=${session}` } });
    expect(after.status).toBe(401);
    await context.close();
  });
});

type Problem = { kind: string; text: string; at: string };

/** Records console errors, uncaught errors and CSP violations of a page (and of every later navigation). */
async function watchProblems(page: Page): Promise<Problem[]> {
  const problems: Problem[] = [];
  const at = () => new URL(page.url()).pathname;
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push({ kind: 'console', text: m.text(), at: at() });
  });
  page.on('pageerror', (e) => problems.push({ kind: 'pageerror', text: e.message, at: at() }));
  await page.exposeFunction('__hxkCspViolation', (text: string) => problems.push({ kind: 'csp', text, at: at() }));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __hxkCspViolation(t: string): void }).__hxkCspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return problems;
}

/** How many of the page's requests are still waiting for their answer, counted from its events. */
function requestsInFlight(page: Page): () => number {
  const open = new Set<Request>();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return () => open.size;
}

/**
 * Waits until the screen has settled: no request in flight for QUIET_MS and no loading spinner, so
 * axe reads the screen with its data (a screen that never settles is read after SETTLE_CAP_MS).
 * Playwright's 'networkidle' waits a fixed 500 ms after the last request: half the time of a screen.
 */
async function settled(page: Page, inFlight: () => number): Promise<void> {
  const cap = Date.now() + SETTLE_CAP_MS;
  let quietSince = 0;
  while (Date.now() < cap) {
    if (inFlight() > 0) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS && !(await page.locator('.ant-spin-spinning, .ant-skeleton-active').count())) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}
const QUIET_MS = 250;
const SETTLE_CAP_MS = 10_000;

/** The menu item the app shows as selected ('' for none). Runs in the page. */
function selectedMenuItem(): string {
  return document.querySelector('[data-testid="side-menu"] .ant-menu-item-selected')?.getAttribute('data-menu-id') ?? '';
}

/**
 * Whether the menu shows the screen whose address ends in `segment`: its item selected, or, for a
 * screen outside the menu, no item where the screen `before` had one. Runs in the page.
 */
function menuShows({ segment, before }: { segment: string; before: string }): boolean {
  const selected = document.querySelector('[data-testid="side-menu"] .ant-menu-item-selected')?.getAttribute('data-menu-id') ?? '';
  return selected ? selected.endsWith(`-${segment}`) : before !== '';
}

/**
 * Opens each screen and waits for it to settle, then checks it with axe: the screens it landed on,
 * and each screen's serious or critical violations. The first screen is loaded by its address (as a
 * bookmark opens it), the others through the app's router as the menu opens them (a history entry
 * and popstate): a reload of the whole app per screen was a third of this file's time.
 */
async function visit(page: Page, paths: string[]): Promise<{ landed: string[]; a11y: Record<string, AxeFinding[]> }> {
  const landed: string[] = [];
  const a11y: Record<string, AxeFinding[]> = {};
  const inFlight = requestsInFlight(page);
  let shownBefore = '';
  for (const [i, p] of paths.entries()) {
    if (i === 0) {
      await page.goto(`/hxk${p}`);
      await page.getByTestId('side-menu').waitFor();
    } else {
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, `/hxk${p}`);
      // The router has shown the screen once the menu selects it (the address changes at once, the
      // screen after its code and data are loaded); on a busy machine that took over 250 ms.
      await page.waitForFunction(menuShows, { segment: p.split('/').at(-1)!, before: shownBefore }, { timeout: 15_000 }).catch(() => undefined);
    }
    await settled(page, inFlight);
    // Where the app is, as its address and as its menu shows it: the router's screen, not only the
    // address. A screen outside the account's menu (a teacher's records) selects nothing, which the
    // screen before it, in the menu, did not.
    const at = new URL(page.url()).pathname.replace(/^\/hxk/, '');
    const menu = await page.evaluate(selectedMenuItem);
    const shown = (i === 0 && !menu) || (await page.evaluate(menuShows, { segment: at.split('/').at(-1)!, before: shownBefore }));
    landed.push(shown ? at : `${at} (the menu shows ${menu || 'nothing'})`);
    shownBefore = menu;
    const found = await axeViolations(page);
    if (found.length) a11y[p] = found;
  }
  return { landed, a11y };
}

const ADMIN_SCREENS = [
  '/Evaluate',
  '/back/userManagement',
  '/back/roleManagement',
  '/back/GlobalSettings',
  '/back/ZZJGtrre',
  '/back/schoolApplications',
  '/back/scheduleManage',
  '/back/supervisionScheme',
  '/back/evaluationTemplate',
  '/back/indexManagement',
  '/back/questionManagement',
  '/back/SupervisionGroupManagement',
  '/back/assignmentsTask',
  '/CourseEvaluationReport',
  '/LessonEvaluationPlan',
  '/LessonEvaluationRecord',
  '/MeAppeal',
  '/MeInfo',
  // The screens of the supervision half (issues 14-19).
  '/SCADA',
  '/SCADA/InspectionRecords',
  '/ClassroomUsageSituation',
  '/back/transcribeManagement',
  '/back/rolePermission',
  '/back/aiWarningSettings',
  '/back/evaluateStatistics',
  '/back/threeRateStatistics',
  '/back/sensitiveTopic',
  '/back/assignmentsEchartsTeport',
  '/back/assignmentsProgress',
  '/back/targetAdvance',
  '/back/assignmentsQuestionnaire',
  '/lessonPlanManagement',
  '/feeQuestionnaire',
];
const TEACHER_SCREENS = ['/Evaluate', '/LessonEvaluationRecord', '/MeAppeal', '/InviteMeToListen', '/Report', '/teacherFeedback', '/lessonPlan', '/feeQuestionnaire', '/MeInfo'];
// A student lands on their questionnaires (issue 20).
const STUDENT_SCREENS = ['/feeQuestionnaire', '/MeInfo'];

/**
 * The account's screens in runs of at most `size`, each run one test that fits its time on a busy
 * machine; each names the account and the screen the account lands on after signing in (the first).
 */
const inRuns = (account: string, screens: string[], size = 12): [string, string, string, string[]][] => {
  const count = Math.ceil(screens.length / size);
  return Array.from({ length: count }, (_, n) => [count > 1 ? `${account} (${n + 1}/${count})` : account, account, screens[0]!, screens.slice(n * size, (n + 1) * size)]);
};

describe('no console error on any main screen', () => {
  it.each([...inRuns('admin', ADMIN_SCREENS), ...inRuns('teacher', TEACHER_SCREENS), ...inRuns('student', STUDENT_SCREENS)])('as %s', async (_run, account, home, screens) => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const problems = await watchProblems(page);
    await page.goto('/hxk/login');
    await page.getByTestId('login-page').waitFor();
    const signIn = await axeViolations(page);
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill('Demo@2026');
    await page.getByTestId('login-submit').click();
    await waitForPath(page, home);
    const { landed, a11y } = await visit(page, screens);
    if (signIn.length) a11y['/login'] = signIn;
    // Each screen opened as itself, its menu item selected (none bounced to a refusal, which would prove nothing).
    expect(landed).toEqual(screens);
    expect(problems).toEqual([]);
    expect(a11y).toEqual({});
    await context.close();
  });
});
