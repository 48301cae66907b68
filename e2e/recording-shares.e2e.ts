import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TRecordingListItem, TRecordingPage } from '@hxk/contracts/recordings';
import { launchBrowser, newContext, screenshot, signInToShell, waitForPath, watchErrors } from './support/browser.ts';
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

const anonymous = async (language: 'zh' | 'en' | 'ja' = 'en', mobile = false): Promise<Page> => (await newContext(browser, server.url, { language, mobile })).newPage();
const apiGet = <T,>(page: Page, url: string) => page.evaluate(async (u) => ((await (await fetch(u)).json()) as { data: unknown }).data, url) as Promise<T>;

/** A demo class with its camera recording ready (the job worker draws them after start). */
async function readyClass(page: Page): Promise<TRecordingListItem> {
  const until = Date.now() + 120_000;
  for (;;) {
    const list = (await apiGet<TRecordingPage>(page, '/app/recordings/v1/page?recorded=1&pageSize=50')).list;
    const found = list.find((c) => c.readySources.includes(2));
    if (found) return found;
    if (Date.now() > until) throw new Error('no demo recording became ready');
    await page.waitForTimeout(500);
  }
}

const clipTime = (page: Page) => page.getByTestId('clip-video').evaluate((v: HTMLVideoElement) => v.currentTime);

/** Opens the share dialog on the class's recording player and creates a share of [from, to] for `audience`. */
async function shareClip(page: Page, cls: TRecordingListItem, from: string, to: string, audience: 'public' | 'members', shot?: string): Promise<string> {
  await page.goto(`/hxk/SCADA/Recording?courseSessionId=${cls.courseSessionId}&source=2`);
  await page.getByTestId('recording-video').waitFor();
  await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="recording-video"]')?.currentTime ?? 0) > 1);
  await page.getByTestId('recording-share').click();
  await page.getByTestId('share-create').waitFor();
  // "From here" takes the player's position; the range can be typed as well.
  await page.getByTestId('share-clipStart-here').click();
  expect(await page.getByTestId('share-clip-start').inputValue()).toMatch(/^0:\d\d$/);
  await page.getByTestId('share-clip-start').fill(from);
  await page.getByTestId('share-clip-end').fill(to);
  await page.getByTestId('share-audience').locator('label').filter({ has: page.locator(`input[value="${audience}"]`) }).click();
  await page.getByTestId('share-create').click();
  await page.getByTestId('share-poster').waitFor();
  if (shot) await screenshot(page, shot);
  return page.getByTestId('share-link').inputValue();
}

describe('sharing recording clips', () => {
  it('shares a clip from the recording player; a visitor plays it from its start, without sign-in', async () => {
    const page = await signInToShell(browser, server.url, 'admin');
    const errors = watchErrors(page);
    const cls = await readyClass(page);

    // A range outside the recording is refused in the dialog.
    await page.goto(`/hxk/SCADA/Recording?courseSessionId=${cls.courseSessionId}&source=2`);
    await page.getByTestId('recording-share').click();
    await page.getByTestId('share-clip-end').fill('9:00');
    await page.getByTestId('share-create').click();
    await page.getByText('Must be within the recording (0:00–0:20)').waitFor();
    await page.keyboard.press('Escape');

    const link = await shareClip(page, cls, '0:05', '0:15', 'public', shots ? 'recording-share-dialog-en' : undefined);
    expect(link).toMatch(/\/hxk\/back\/liveListDetail\?school=\d+&share=[\w-]{22}$/);
    await page.getByTestId('share-range').getByText('Clip 0:05–0:15').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('share-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^recording-\d+-[\w-]{6}\.png$/);
    const png = fs.readFileSync((await download.path())!);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // The dialog lists it with its range.
    await page.getByTestId('share-list').getByText('0:05–0:15').first().waitFor();

    // A fresh, signed-out browser opens the link: the clip's class and time, and the video from 0:05.
    const visitor = await anonymous('en');
    const visitorErrors = watchErrors(visitor);
    await visitor.goto(link);
    await visitor.getByTestId('clip-title').getByText(cls.courseName).waitFor();
    await visitor.getByTestId('clip-room').getByText(cls.classroomName, { exact: false }).waitFor();
    await visitor.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="clip-video"]');
      return !!v && v.videoWidth > 0 && v.currentTime >= 5 && !v.paused;
    }, undefined, { timeout: 60_000 });
    const t0 = await clipTime(visitor);
    expect(t0).toBeGreaterThanOrEqual(5);
    expect(t0).toBeLessThan(10);
    await visitor.waitForFunction((t) => (document.querySelector<HTMLVideoElement>('[data-testid="clip-video"]')?.currentTime ?? 0) > t + 1, t0);
    if (shots) await screenshot(visitor, 'recording-share-viewer-en');

    // Seeking before the clip is pulled back to its start; it stops at its end.
    await visitor.getByTestId('clip-video').evaluate((v: HTMLVideoElement) => {
      v.currentTime = 1;
    });
    await visitor.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="clip-video"]');
      return !!v && !v.seeking && v.currentTime >= 4.7;
    });
    await visitor.getByTestId('clip-video').evaluate((v: HTMLVideoElement) => {
      v.currentTime = 14;
    });
    await visitor.getByTestId('clip-ended').waitFor({ timeout: 20_000 });
    const end = await visitor.getByTestId('clip-video').evaluate((v: HTMLVideoElement) => ({ t: v.currentTime, paused: v.paused }));
    expect(end.paused).toBe(true);
    expect(end.t).toBeLessThan(15.6);
    expect(visitorErrors).toEqual([]);
    await visitor.context().close();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('sends a visitor of a members-only clip to sign in and back to it', async () => {
    const page = await signInToShell(browser, server.url, 'admin', { language: 'zh' });
    const cls = await readyClass(page);
    const link = await shareClip(page, cls, '0:02', '0:12', 'members', shots ? 'recording-share-dialog-zh' : undefined);
    expect(link).toMatch(/\/hxk\/SCADA\/ShareDetail\?school=\d+&share=[\w-]{22}$/);
    await page.context().close();

    const visitor = await anonymous('ja');
    const target = link.slice(link.indexOf('/hxk') + 4);
    await visitor.goto(link);
    await waitForPath(visitor, '/login');
    await visitor.getByTestId('login-account').fill('teacher');
    await visitor.getByTestId('login-password').fill('Demo@2026');
    await visitor.getByTestId('login-submit').click();
    await waitForPath(visitor, target);
    await visitor.getByTestId('clip-title').getByText(cls.courseName).waitFor();
    await visitor.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="clip-video"]');
      return !!v && v.videoWidth > 0 && v.currentTime >= 2;
    }, undefined, { timeout: 60_000 });
    if (shots) await screenshot(visitor, 'recording-share-viewer-ja');
    await visitor.context().close();
  }, 180_000);

  it.runIf(shots)('shows the dialog in Japanese and the viewer on a phone', async () => {
    const page = await signInToShell(browser, server.url, 'admin', { language: 'ja' });
    const cls = await readyClass(page);
    const link = await shareClip(page, cls, '0:00', '0:20', 'public', 'recording-share-dialog-ja');
    await page.context().close();
    for (const language of ['zh', 'en'] as const) {
      const phone = await anonymous(language, true);
      await phone.goto(link);
      await phone.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="clip-video"]')?.currentTime ?? 0) > 1, undefined, { timeout: 60_000 });
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(phone, `recording-share-viewer-phone-${language}`);
      await phone.context().close();
    }
  }, 180_000);
});
