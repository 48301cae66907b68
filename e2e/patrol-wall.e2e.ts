import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signInToShell, signInWithPassword, waitForPath, watchErrors } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { schoolMorning } from './support/clock.ts';

const shots = process.env.HXK_SCREENSHOTS === '1';


let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ now: schoolMorning() }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const tiles = (page: Page) => page.getByTestId('patrol-tile');
const tileRooms = (page: Page) => page.locator('[data-testid="patrol-tile"] [data-testid="tile-room"]').allTextContents();
const count = async (page: Page, filter: string) => Number(await page.getByTestId(`filter-${filter}`).locator('.ant-scroll-number').getAttribute('title'));

/** Every tile on the page plays: its video's time moves on (polled in the page). */
async function everyTilePlays(page: Page, expected: number): Promise<void> {
  await page.waitForFunction((n) => {
    const videos = Array.from(document.querySelectorAll<HTMLVideoElement>('[data-testid="patrol-tile"] video'));
    return videos.length === n && videos.every((v) => v.currentTime > 0.5 && v.videoWidth > 0);
  }, expected, { timeout: 90_000, polling: 500 });
  const before = await page.$$eval('[data-testid="patrol-tile"] video', (vs) => vs.map((v) => (v as HTMLVideoElement).currentTime));
  await page.waitForFunction((b) => {
    const now = Array.from(document.querySelectorAll<HTMLVideoElement>('[data-testid="patrol-tile"] video')).map((v) => v.currentTime);
    return now.length === b.length && now.every((t, i) => t > b[i]! + 1);
  }, before, { timeout: 30_000, polling: 500 });
}

async function openWall(account: string, language: 'zh' | 'en' | 'ja' = 'en', mobile = false): Promise<Page> {
  let page: Page;
  if (mobile) {
    page = await (await newContext(browser, server.url, { language, mobile })).newPage();
    await signInWithPassword(page, account, 'Demo@2026');
    await waitForPath(page, '/Evaluate');
  } else {
    page = await signInToShell(browser, server.url, account, { language });
  }
  await page.goto('/hxk/SCADA');
  await page.getByTestId('patrol-toolbar').waitFor();
  return page;
}

async function chooseRooms(page: Page, names: string[]): Promise<void> {
  await page.getByTestId('pick-rooms').click();
  const drawer = page.getByTestId('room-picker');
  await drawer.getByText('Teaching Building A').waitFor();
  for (const name of names) await drawer.getByText(name, { exact: true }).click();
  await page.getByTestId('picker-apply').click();
  await page.getByTestId('pick-rooms').getByText(`${names.length} rooms chosen`).waitFor();
}

describe('real-time patrol wall', () => {
  it('filters the rooms, warnings first, and opens a room\'s detail', async () => {
    const page = await openWall('admin');
    const errors = watchErrors(page);
    await page.getByTestId('page-indicator').getByText('Page 1 / 8').waitFor();
    expect(await count(page, 'all')).toBe(30);
    expect(await count(page, 'online')).toBe(30);
    expect(await count(page, 'inClass')).toBeGreaterThan(0);
    expect(await count(page, 'warning')).toBe(1);
    // The warned room leads the rotation.
    await tiles(page).first().getByTestId('tile-warning').waitFor();
    expect((await tileRooms(page))[0]).toBe('Teaching Building B · B101');

    await page.getByTestId('filter-warning').click();
    await page.getByTestId('page-indicator').getByText('Page 1 / 1').waitFor();
    await expect.poll(() => tiles(page).count()).toBe(1);
    await tiles(page).first().getByText('Moderate warning').waitFor();

    await page.getByTestId('filter-inClass').click();
    await expect.poll(async () => (await tileRooms(page)).length).toBe(4);
    for (const state of await page.locator('[data-testid="patrol-tile"] [data-testid="tile-state"]').allTextContents()) {
      expect(['In class', 'Warning in progress']).toContain(state);
    }

    // By course: only classes in session now.
    await page.getByTestId('view-course').click();
    await expect.poll(() => count(page, 'all')).toBe(await count(page, 'inClass'));

    // By supervision team: the administrator is in no supervision group, and is told so.
    await page.getByTestId('view-team').click();
    await page.getByTestId('patrol-empty').getByText('Your supervision teams have no rooms').waitFor();
    await page.getByTestId('view-course').click();

    // Double-click opens the detail page of the room.
    const first = tiles(page).first();
    const id = await first.getAttribute('data-classroom-id');
    await first.dblclick();
    await waitForPath(page, `/SCADA/Detail?classroomId=${id}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('plays every tile of 1, 2 and 3 screens, focuses one on the main stream, and rotates pages', async () => {
    const page = await openWall('admin');
    const errors = watchErrors(page);
    const nine = ['A101', 'A102', 'A103', 'A104', 'B101', 'B102', 'B103', 'B104', 'C101'];
    await chooseRooms(page, nine);
    // The label changes at once; the counts with the rooms' next reply.
    await expect.poll(() => count(page, 'all')).toBe(9);

    // One screen: 2×2.
    await page.getByTestId('page-indicator').getByText('Page 1 / 3').waitFor();
    await everyTilePlays(page, 4);
    if (shots) await screenshot(page, 'patrol-wall-1-screen-en');

    // Focus: the tile changes to the main stream and keeps playing.
    const focus = tiles(page).nth(1);
    await focus.click();
    await expect.poll(() => focus.getAttribute('data-quality')).toBe('main');
    await everyTilePlays(page, 4);
    await focus.click();
    await expect.poll(() => focus.getAttribute('data-quality')).toBe('sub');

    // Two screens: eight tiles.
    await page.getByTestId('screens-2').click();
    await page.getByTestId('page-indicator').getByText('Page 1 / 2').waitFor();
    expect(await page.getByTestId('patrol-screen').count()).toBe(2);
    await everyTilePlays(page, 8);

    // Three screens: all nine rooms, the third screen holds one; players of rooms gone are torn down.
    await page.getByTestId('screens-3').click();
    await page.getByTestId('page-indicator').getByText('Page 1 / 1').waitFor();
    expect(await page.getByTestId('patrol-screen').count()).toBe(3);
    await everyTilePlays(page, 9);
    expect(await page.locator('video').count()).toBe(9);
    expect(await page.getByTestId('patrol-slot-empty').count()).toBe(3);
    if (shots) await screenshot(page, 'patrol-wall-3-screens-en');

    // Rotation: one screen, every 5 seconds the next page, round again after the last.
    await page.getByTestId('screens-1').click();
    await page.getByTestId('page-indicator').getByText('Page 1 / 3').waitFor();
    const firstPage = await tileRooms(page);
    const interval = page.locator('input[data-testid="rotate-interval"], [data-testid="rotate-interval"] input');
    await interval.fill('5');
    await interval.blur();
    await page.getByTestId('auto-rotate').click();
    const started = Date.now();
    await page.getByTestId('page-indicator').getByText('Page 2 / 3').waitFor({ timeout: 15_000 });
    expect(Date.now() - started).toBeGreaterThan(4_000);
    const second = await tileRooms(page);
    expect(second.some((r) => firstPage.includes(r))).toBe(false);
    expect(await page.locator('video').count()).toBe(4);
    await page.getByTestId('page-indicator').getByText('Page 3 / 3').waitFor({ timeout: 15_000 });
    await expect.poll(() => tileRooms(page)).toEqual(['Teaching Building C · C101']);
    await page.getByTestId('page-indicator').getByText('Page 1 / 3').waitFor({ timeout: 15_000 });
    await page.getByTestId('auto-rotate').click();
    await everyTilePlays(page, 4);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('explains a missing patrol permission', async () => {
    // Without the permission, their own or a group's, a supervisor is told why and what to ask for.
    const { platformTx } = await import('../apps/server/src/platform/tenancy.ts');
    const { schoolMemberships, supervisionGroups } = await import('../apps/server/src/db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await platformTx(server.app.deps.dbh.db, 'seed', async (tx) => {
      await tx.update(supervisionGroups).set({ realtimePatrol: false });
      await tx.update(schoolMemberships).set({ realtimePatrol: false }).where(eq(schoolMemberships.realtimePatrol, true));
    });
    const supervisor = await openWall('supervisor');
    await supervisor.getByTestId('patrol-no-permission').getByText('No real-time patrol permission').waitFor();
    await supervisor.context().close();
  });

  it('fits a phone: one tile under another, nothing wider than the screen', async () => {
    const phone = await openWall('admin', 'en', true);
    await everyTilePlays(phone, 4);
    const width = await tiles(phone).first().evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(300);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (shots) await screenshot(phone, 'patrol-wall-phone-en');
    await phone.context().close();
  });

  it.runIf(shots)('looks right in zh and ja', async () => {
    for (const language of ['zh', 'ja'] as const) {
      const page = await openWall('admin', language);
      await page.getByTestId('patrol-tile').first().waitFor();
      await page.waitForTimeout(4000);
      await screenshot(page, `patrol-wall-${language}`);
      await page.context().close();
    }
  });
});
