import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TRecordingListItem, TRecordingPage } from '@hxk/contracts/recordings';
import { launchBrowser, newContext, screenshot, signInToShell, signInWithPassword, waitForPath, waitForToast, watchErrors } from './support/browser.ts';
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

const signIn = (account: string, opts: { language?: 'zh' | 'en' | 'ja'; mobile?: boolean } = {}): Promise<Page> => signInToShell(browser, server.url, account, opts);

/** The API as the signed-in page calls it (its session cookie). */
const apiGet = <T,>(page: Page, url: string) => page.evaluate(async (u) => ((await (await fetch(u)).json()) as { data: unknown }).data, url) as Promise<T>;

/** A demo class with its camera recording ready (the job worker draws them after start). */
async function readyClass(page: Page): Promise<TRecordingListItem | undefined> {
  const until = Date.now() + 120_000;
  for (;;) {
    const list = (await apiGet<TRecordingPage>(page, '/app/recordings/v1/page?recorded=1&pageSize=50')).list;
    const found = list.find((c) => c.readySources.includes(2));
    if (found || Date.now() > until) return found;
    await page.waitForTimeout(500);
  }
}

const video = (page: Page) => page.getByTestId('recording-video');
const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

describe('class recordings', () => {
  it('plays a recording from the moment asked for, and downloads it with the download log', async () => {
    const page = await signIn('admin');
    const errors = watchErrors(page);
    const ready = await readyClass(page);
    expect(ready, 'a demo recording is ready').toBeTruthy();
    const at = new Date(Date.parse(ready!.startAt!) + 8_000).toISOString();
    await page.goto(`/hxk/SCADA/Recording?courseSessionId=${ready!.courseSessionId}&at=${encodeURIComponent(at)}`);
    await page.getByTestId('recording-title').getByText(ready!.courseName).waitFor();
    await video(page).waitFor();

    // It lands near the moment asked for (key frames every second), then plays on.
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="recording-video"]');
      return !!v && v.videoWidth > 0 && v.currentTime >= 7.5;
    });
    const first = await currentTime(page);
    expect(first).toBeGreaterThanOrEqual(7.5);
    expect(first).toBeLessThan(12);
    await page.waitForFunction((t0) => (document.querySelector<HTMLVideoElement>('[data-testid="recording-video"]')?.currentTime ?? 0) > t0 + 1, first);
    await page.getByTestId('recording-clock').getByText(new RegExp(`${ready!.startTime}:\\d\\d`)).waitFor();

    // Seeking by hand works too: the server answers Range requests.
    await video(page).evaluate((v: HTMLVideoElement) => {
      v.currentTime = 2;
    });
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="recording-video"]');
      return !!v && v.currentTime >= 2 && v.currentTime < 6 && !v.seeking;
    });

    // Both sources are offered (the demo's settings); the other one is prepared or ready.
    await page.getByTestId('recording-source').getByText('Recorder recording').waitFor();
    if (shots) await screenshot(page, 'recordings-player-en');

    const download = page.waitForEvent('download');
    await page.getByTestId('recording-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.mp4$/);
    await waitForToast(page, 'recorded in the download log');
    const log = await page.evaluate(async () => {
      const res = await fetch('/base/video/download/log/v1/page', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pageNum: 1, pageSize: 10 }) });
      return ((await res.json()) as { data: { list: { account: string; fileName: string | null }[] } }).data.list;
    });
    expect(log[0]).toMatchObject({ account: 'admin' });
    expect(log[0]!.fileName).toMatch(/\.mp4$/);

    // The room's other ended classes, by date, paged by the server.
    const list = page.getByTestId('recording-list').first();
    await list.locator('.ant-table-row').first().waitFor();
    // Without a class: the recorded classes to choose from; a row opens its recording.
    await page.goto('/hxk/SCADA/Recording');
    const all = page.getByTestId('recording-list');
    await all.getByTestId(`recording-open-${ready!.courseSessionId}`).waitFor();
    if (shots) await screenshot(page, 'recordings-list-en');
    await all.getByTestId(`recording-open-${ready!.courseSessionId}`).click();
    await video(page).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('prepares a recording on first opening, showing its progress, then plays it', async () => {
    const page = await signIn('admin');
    const fresh = (await apiGet<TRecordingPage>(page, '/app/recordings/v1/page?pageSize=50')).list.find((c) => c.readySources.length === 0);
    expect(fresh).toBeTruthy();
    await page.goto(`/hxk/SCADA/Recording?courseSessionId=${fresh!.courseSessionId}&source=2`);
    await page.getByTestId('recording-preparing').getByText('Preparing the recording…').waitFor();
    await video(page).waitFor({ timeout: 90_000 });
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="recording-video"]');
      return !!v && v.videoWidth > 0 && v.currentTime > 1;
    }, undefined, { timeout: 30_000 });
    await page.context().close();
  }, 180_000);

  it('reads in Chinese and Japanese, and fits a phone', async () => {
    const admin = await signIn('admin');
    const ready = (await readyClass(admin))!;
    await admin.context().close();
    for (const [language, title] of [['zh', '摄像头录像'], ['ja', 'カメラの録画']] as const) {
      const page = await signIn('admin', { language });
      await page.goto(`/hxk/SCADA/Recording?courseSessionId=${ready.courseSessionId}&source=2`);
      await page.getByTestId('recording-source').getByText(title).waitFor();
      await video(page).waitFor();
      if (shots) await screenshot(page, `recordings-player-${language}`);
      await page.context().close();
    }
    // On a phone the left menu is folded away: signed in without waiting for it.
    const phone = await (await newContext(browser, server.url, { mobile: true })).newPage();
    await signInWithPassword(phone, 'admin', 'Demo@2026');
    await waitForPath(phone, '/Evaluate');
    await phone.goto(`/hxk/SCADA/Recording?courseSessionId=${ready.courseSessionId}`);
    await video(phone).waitFor();
    const width = await video(phone).evaluate((v) => v.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(390);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (shots) await screenshot(phone, 'recordings-player-phone');
    await phone.context().close();
  }, 180_000);
});
