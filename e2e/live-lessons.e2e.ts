import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, openMenuItem, screenshot, signInToShell, signInWithPassword, waitForPath, waitForToast, watchErrors } from './support/browser.ts';
import { chooseFirst } from './support/select.ts';
import { startServer, type TestServer } from './support/server.ts';

const shots = process.env.HXK_SCREENSHOTS === '1';

let server: TestServer;
let browser: Browser;
let adminToken: string;

type Lesson = { lessonId: string; title: string; schoolId: string; state: string; cameraId: string };
type Rooms = { classroomId: string; cameras: { cameraId: string }[] }[];

/** The API as the demo administrator (fixtures and look-ups the screens under test do not make). */
async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/app/live-lessons/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', language: 'en' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 1) throw new Error(`${path}: ${env.msg}`);
  return env.data;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const res = await fetch(`${server.url}/base/login/v1/do`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'password', account: 'admin', password: 'Demo@2026' }) });
  adminToken = ((await res.json()) as { data: { token: string } }).data.token;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const anonymous = async (language: 'zh' | 'en' | 'ja' = 'en', mobile = false): Promise<Page> => (await newContext(browser, server.url, { language, mobile })).newPage();

/** The page's video plays: its time moves on by more than a second. */
async function videoPlays(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const v = document.querySelector<HTMLVideoElement>('[data-testid="live-player"] video');
    return Boolean(v && v.currentTime > 0.5 && v.videoWidth > 0);
  }, undefined, { timeout: 90_000, polling: 500 });
  const before = await page.$eval('[data-testid="live-player"] video', (v) => (v as HTMLVideoElement).currentTime);
  await page.waitForFunction((b) => (document.querySelector<HTMLVideoElement>('[data-testid="live-player"] video')?.currentTime ?? 0) > b + 1, before, { timeout: 30_000, polling: 500 });
}

/** A free camera: neither of the first two rooms (the demo's lessons use them). */
async function freeCamera(n: number): Promise<string> {
  const rooms = await api<Rooms>('/rooms');
  return rooms[2]!.cameras[n]!.cameraId;
}

const fmt = (d: Date) => {
  const p = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

describe('live lessons and sharing', () => {
  it('schedules a public live class in the back office, shares it and downloads its poster', async () => {
    const page = await signInToShell(browser, server.url, 'admin');
    const errors = watchErrors(page);
    await openMenuItem(page, 'LiveManagement');
    await waitForPath(page, '/back/LiveManagement');
    // The demo's lessons: one on air, one upcoming, one ended, one cancelled.
    await page.getByTestId('live-manage-page').locator('.ant-table-row').first().waitFor();
    expect(await page.locator('[data-testid^="lesson-state-"][data-state="live"]').count()).toBeGreaterThanOrEqual(1);
    if (shots) await screenshot(page, 'live-lessons-manage-en');

    await page.getByTestId('lesson-add').click();
    await waitForPath(page, '/back/LiveManagementAdd');
    // Saving empty says what is missing.
    await page.getByTestId('lesson-save').click();
    await page.getByText('Enter a title').waitFor();
    await page.getByTestId('lesson-title-input').fill('Open class: geometry');
    await chooseFirst(page, 'lesson-room');
    const start = new Date(Date.now() + 2 * 86_400_000);
    start.setHours(9, 0, 0, 0);
    const end = new Date(start.getTime() + 45 * 60_000);
    await page.getByTestId('lesson-audience-public').click();
    const inputs = page.getByTestId('live-add-page').locator('.ant-picker-range input');
    await inputs.nth(0).click();
    await inputs.nth(0).fill(fmt(start));
    await page.keyboard.press('Enter');
    await inputs.nth(1).fill(fmt(end));
    if (shots) await screenshot(page, 'live-lessons-add-en');
    // Enter confirms the end and submits the form (as a keyboard user saves it).
    await page.keyboard.press('Enter');
    await waitForToast(page, 'Live class scheduled');
    await waitForPath(page, '/back/LiveManagement');
    const state = page.getByTestId('lesson-state-Open class: geometry');
    await state.waitFor();
    expect(await state.getAttribute('data-state')).toBe('upcoming');

    // Share it for a day: a link to the open viewer and a poster to download.
    await page.getByTestId('lesson-share-Open class: geometry').click();
    await page.getByTestId('share-expiry').getByText('1 day').click();
    await page.getByTestId('share-create').click();
    const link = await page.getByTestId('share-link').inputValue();
    expect(link).toMatch(/\/hxk\/back\/liveListDetail\?school=\d+&share=[\w-]{22}$/);
    await page.getByTestId('share-poster').waitFor();
    if (shots) await screenshot(page, 'live-lessons-share-en');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('share-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^live-lesson-\d+-[\w-]{6}\.png$/);
    const file = fs.readFileSync((await download.path())!);
    expect(file.subarray(1, 4).toString()).toBe('PNG');
    expect(file.length).toBeGreaterThan(20_000);

    // Anyone opens the link: the class has not started yet.
    const visitor = await anonymous();
    await visitor.goto(link);
    await visitor.getByTestId('lesson-title').getByText('Open class: geometry').waitFor();
    await visitor.getByTestId('lesson-message').getByText('Not started yet. It starts at').waitFor();
    await visitor.getByTestId('lesson-countdown').getByText(/Starts in \d day/).waitFor();
    expect(await visitor.locator('[data-testid="live-player"]').count()).toBe(0);
    await visitor.context().close();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('plays a public live class without sign-in, and only its camera', async () => {
    const list = await api<{ list: Lesson[] }>('/watchable', { state: 'live', keyword: '公开课' });
    const lesson = list.list[0]!;
    const page = await anonymous('zh');
    const errors = watchErrors(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(`/hxk/back/liveListDetail?school=${lesson.schoolId}&id=${lesson.lessonId}`);
    await waitForPath(page, `/back/liveListDetail?school=${lesson.schoolId}&id=${lesson.lessonId}`);
    await page.getByTestId('lesson-title').getByText(lesson.title).waitFor();
    expect(await page.getByTestId('lesson-state').getAttribute('data-state')).toBe('live');
    await videoPlays(page);
    const streams = new Set(requests.filter((p) => p.startsWith('/live/hls/')).map((p) => p.split('/')[3]));
    expect([...streams]).toEqual([lesson.cameraId]);
    expect(requests.some((p) => p.startsWith('/app/live/v1/play'))).toBe(false);
    if (shots) await screenshot(page, 'live-lessons-viewer-zh');
    expect(errors).toEqual([]);
    await page.context().close();

    if (shots) {
      for (const language of ['en', 'ja'] as const) {
        const p = await anonymous(language);
        await p.goto(`/hxk/back/liveListDetail?school=${lesson.schoolId}&id=${lesson.lessonId}`);
        await videoPlays(p);
        await screenshot(p, `live-lessons-viewer-${language}`);
        await p.context().close();
      }
      const phone = await anonymous('zh', true);
      await phone.goto(`/hxk/back/liveListDetail?school=${lesson.schoolId}&id=${lesson.lessonId}`);
      await videoPlays(phone);
      await screenshot(phone, 'live-lessons-viewer-phone-zh');
      await phone.context().close();
    }
  });

  it('says the program has ended once the class is over', async () => {
    const now = Date.now();
    const lesson = await api<Lesson>('/save', { title: 'Short broadcast', audience: 'public', cameraId: await freeCamera(0), startsAt: new Date(now - 60_000).toISOString(), endsAt: new Date(now + 15_000).toISOString() });
    const page = await anonymous('en');
    await page.goto(`/hxk/back/liveListDetail?school=${lesson.schoolId}&id=${lesson.lessonId}`);
    await page.getByTestId('live-player').waitFor();
    // By itself, at the end: no reload.
    await page.getByTestId('lesson-message').getByText('The program has ended.').waitFor({ timeout: 40_000 });
    expect(await page.getByTestId('lesson-state').getAttribute('data-state')).toBe('ended');
    expect(await page.locator('[data-testid="live-player"]').count()).toBe(0);
    if (shots) await screenshot(page, 'live-lessons-ended-en');
    await page.context().close();
  });

  it('asks for sign-in for a members-only share, comes back to it, and says when it was revoked', async () => {
    const now = Date.now();
    const lesson = await api<Lesson>('/save', { title: 'Staff demo lesson', audience: 'members', cameraId: await freeCamera(1), startsAt: new Date(now - 60_000).toISOString(), endsAt: new Date(now + 3_600_000).toISOString() });
    const share = await api<{ shareId: string; code: string }>('/shares/create', { lessonId: lesson.lessonId, audience: 'members', expiry: '7d' });
    const target = `/SCADA/ShareDetail?school=${lesson.schoolId}&share=${share.code}`;

    // The lesson's own open link asks a visitor to sign in.
    const page = await anonymous('ja');
    await page.goto(`/hxk/back/liveListDetail?school=${lesson.schoolId}&id=${lesson.lessonId}`);
    await page.getByTestId('lesson-sign-in').waitFor();
    if (shots) await screenshot(page, 'live-lessons-sign-in-ja');

    // The share: the guard sends the visitor to sign in and brings them back.
    await page.goto(`/hxk${target}`);
    await waitForPath(page, '/login');
    await page.getByTestId('login-account').fill('teacher');
    await page.getByTestId('login-password').fill('Demo@2026');
    await page.getByTestId('login-submit').click();
    await waitForPath(page, target);
    await page.getByTestId('lesson-title').getByText('Staff demo lesson').waitFor();
    await videoPlays(page);

    await api('/shares/revoke', { shareId: share.shareId });
    await page.reload();
    await page.getByTestId('lesson-refused').getByText('この共有リンクは取り消されました。').waitFor();
    if (shots) await screenshot(page, 'live-lessons-revoked-ja');
    await page.context().close();
  });

  it('lists live classes on a phone', async () => {
    const page = await (await newContext(browser, server.url, { language: 'zh', mobile: true })).newPage();
    await signInWithPassword(page, 'admin', 'Demo@2026');
    await waitForPath(page, '/Evaluate');
    await page.goto('/hxk/back/liveListPage');
    await page.locator('[data-testid^="watch-card-"]').first().waitFor();
    if (shots) await screenshot(page, 'live-lessons-watch-list-phone-zh');
    await page.getByTestId('watch-card-公开课：函数的图像与性质').click();
    await waitForPath(page, /^\/back\/liveListDetail\?id=\d+$/);
    await videoPlays(page);
    if (shots) await screenshot(page, 'live-lessons-list-phone-zh');
    await page.context().close();
  });

  it.runIf(shots)('shows the back office in Chinese and Japanese', async () => {
    for (const language of ['zh', 'ja'] as const) {
      const page = await signInToShell(browser, server.url, 'admin', { language });
      await page.goto('/hxk/back/LiveManagement');
      await page.getByTestId('live-manage-page').locator('.ant-table-row').first().waitFor();
      await screenshot(page, `live-lessons-manage-${language}`);
      await page.getByTestId('lesson-share-公开课：函数的图像与性质').click();
      await page.getByTestId('share-create').click();
      await page.getByTestId('share-poster').waitFor();
      await screenshot(page, `live-lessons-share-${language}`);
      await page.goto('/hxk/back/LiveManagementAdd');
      await page.getByTestId('lesson-save').click();
      await page.locator('.ant-form-item-explain-error').first().waitFor();
      await screenshot(page, `live-lessons-add-${language}`);
      await page.context().close();
    }
  });
});
