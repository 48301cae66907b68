import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SCREENSHOT_DIR, launchBrowser, newContext, openMenuItem, screenshot, signInToShell, signInWithPassword, waitForPath, watchErrors } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const shots = process.env.HXK_SCREENSHOTS === '1';
/** The drawer is fixed to the window: a picture of the window shows it as a person sees it. */
const windowShot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

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

const rowNames = (page: Page) => page.getByTestId('usage-heatmap').locator('.ant-table-row td:first-child strong').allInnerTexts();
const cell = (page: Page, room: string, index: number) => page.locator(`[data-testid="usage-cell"][data-room="${room}"]`).nth(index);

async function openUsage(page: Page) {
  await openMenuItem(page, 'ClassroomUsageSituation');
  await waitForPath(page, '/ClassroomUsageSituation');
  await page.getByTestId('usage-heatmap').locator('.ant-table-row').first().waitFor();
}

describe('classroom usage situation', () => {
  it('shows the week as a heatmap, filters by building and shows a cell\'s classes', async () => {
    const page = await signIn('admin');
    const errors = watchErrors(page);
    await openUsage(page);

    // The demo: 30 rooms in three buildings, every room in class Monday to Friday sessions 1-8.
    expect(await rowNames(page)).toHaveLength(30);
    await page.getByTestId('usage-legend').waitFor();
    expect(await page.getByTestId('usage-slot').count()).toBe(70);
    const overall = await page.getByTestId('usage-total-occupancy').innerText();
    // B101 has evening classes every day and weekend classes: all ten sessions on Monday and Saturday.
    expect(await cell(page, 'B101', 0).innerText()).toBe('10/10');
    expect(await cell(page, 'B101', 5).innerText()).toBe('10/10');
    expect(await cell(page, 'A102', 5).innerText()).toBe('0/10');
    // A cell's colour follows its use: a free day is grey, a full day dark blue.
    const bg = (room: string, i: number) => cell(page, room, i).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await bg('A102', 5)).toBe('rgb(245, 245, 245)');
    expect(await bg('B101', 0)).toBe('rgb(0, 62, 179)');

    // Only Teaching Building B.
    await page.getByTestId('usage-building').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Teaching Building B', { exact: true }).click();
    await expect.poll(() => rowNames(page)).toHaveLength(10);
    expect((await rowNames(page)).every((n) => n.startsWith('B'))).toBe(true);
    expect(await page.getByTestId('usage-summary').innerText()).toContain('(10)');
    await expect.poll(() => page.getByTestId('usage-total-occupancy').innerText()).not.toBe(overall);

    // Saturday in B101: the weekend course in sessions 1-8, the evening class in 9-10.
    await cell(page, 'B101', 5).click();
    const drawer = page.getByTestId('usage-day-drawer');
    await drawer.getByTestId('usage-day-slots').waitFor();
    const slots = drawer.getByTestId('usage-day-slot');
    expect(await slots.count()).toBe(10);
    expect(await slots.nth(0).innerText()).toMatch(/Session 1[\s\S]*08:00-08:45[\s\S]*In use[\s\S]*Continuing Education: Accounting/);
    expect(await slots.nth(8).innerText()).toContain('Evening Self-Study');
    expect(await drawer.getByTestId('usage-day-camera').count()).toBe(4);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // Saturday in A102 is free all day.
    await page.getByTestId('usage-building').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Teaching Building A', { exact: true }).click();
    await expect.poll(async () => (await rowNames(page))[0]).toBe('A101');
    await cell(page, 'A102', 5).click();
    await drawer.getByTestId('usage-day-slots').waitFor();
    expect(await drawer.locator('[data-testid="usage-day-slot"][data-used="yes"]').count()).toBe(0);
    expect(await drawer.getByTestId('usage-day-slot').first().innerText()).toContain('Free');
    await page.keyboard.press('Escape');

    // The offline camera of C103 shows in its row.
    await page.getByTestId('usage-building').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Teaching Building C', { exact: true }).click();
    await expect.poll(async () => (await rowNames(page))[0]).toBe('C101');
    const c103 = page.getByTestId('usage-heatmap').locator('.ant-table-row').filter({ hasText: 'C103' });
    expect(await c103.getByTestId('usage-devices').innerText()).toContain('Cameras offline: 1');

    // Another week.
    const before = await page.getByTestId('usage-week').innerText();
    await page.getByTestId('usage-prev').click();
    await expect.poll(() => page.getByTestId('usage-week').innerText()).not.toBe(before);
    await page.getByTestId('usage-this-week').click();
    await expect.poll(() => page.getByTestId('usage-week').innerText()).toBe(before);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('is not offered to a teacher', async () => {
    const page = await signIn('teacher');
    expect(await page.getByTestId('side-menu').getByText('Classroom usage').count()).toBe(0);
    await page.context().close();
  });
});

/** `HXK_SCREENSHOTS=1 npx vitest run --project e2e e2e/usage.e2e.ts` writes the screen in each language and at phone width. */
describe.skipIf(!shots)('classroom usage screenshots', () => {
  const settle = async (page: Page) => {
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(400);
  };
  for (const lng of ['zh', 'en', 'ja'] as const) {
    it(`captures the week and a room's day in ${lng}`, async () => {
      const page = await signIn('admin', { language: lng });
      await page.goto('/hxk/ClassroomUsageSituation');
      await page.getByTestId('usage-heatmap').locator('.ant-table-row').first().waitFor();
      await settle(page);
      await screenshot(page, `usage-${lng}-week`);
      await cell(page, 'B101', 5).click();
      await page.getByTestId('usage-day-slots').waitFor();
      await settle(page);
      await windowShot(page, `usage-${lng}-day`);
      await page.context().close();
    });
  }
  it('captures the screen at phone width', async () => {
    const page = await (await newContext(browser, server.url, { mobile: true })).newPage();
    await signInWithPassword(page, 'admin', 'Demo@2026');
    await waitForPath(page, '/Evaluate');
    await page.goto('/hxk/ClassroomUsageSituation');
    await page.getByTestId('usage-heatmap').locator('.ant-table-row').first().waitFor();
    await settle(page);
    await screenshot(page, 'usage-en-phone');
    await cell(page, 'B101', 5).click();
    await page.getByTestId('usage-day-slots').waitFor();
    await settle(page);
    await windowShot(page, 'usage-en-phone-day');
    await page.context().close();
  });
});
