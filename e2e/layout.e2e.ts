/**
 * Layouts that used the screen badly (issue 20, item 11): the role-permission tree in a fixed-height
 * box above an empty page, the timetable's Today column under the sticky Actions column, and the
 * report's trend chart in half its card. Measured at a 1280 x 800 desktop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, signInToShell, waitForPath, watchErrors } from './support/browser.ts';
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

describe('layout', () => {
  it('lets the role-permission tree take the page, with Save in view', async () => {
    const page = await signInToShell(browser, server.url, 'admin');
    const errors = watchErrors(page);
    await page.goto('/hxk/back/rolePermission');
    const tree = page.getByTestId('role-menu-tree');
    await tree.locator('.ant-tree-treenode').first().waitFor();
    // No box of its own scrolls the tree: the page does.
    const boxed = await tree.evaluate((el) => {
      for (let n = el.parentElement; n && n !== document.body; n = n.parentElement) {
        const style = getComputedStyle(n);
        if (/(auto|scroll)/.test(style.overflowY) && n.scrollHeight > n.clientHeight + 1) return n.className || n.tagName;
      }
      return null;
    });
    expect(boxed).toBeNull();
    expect((await tree.boundingBox())!.height).toBeGreaterThan(800);
    // At the end of the tree, Save is still in view under the header.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const save = (await page.getByTestId('role-menu-save').boundingBox())!;
    expect(save.y).toBeGreaterThanOrEqual(56);
    expect(save.y + save.height).toBeLessThanOrEqual(800);
    const last = (await tree.locator('.ant-tree-treenode').last().boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(800);
    if (shots) await screenshot(page, 'layout-role-permission-en');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows the timetable's Today column beside the sticky Actions column", async () => {
    const page = await signInToShell(browser, server.url, 'admin');
    await page.goto('/hxk/back/scheduleManage');
    const table = page.getByTestId('courses-table');
    await table.locator('.ant-table-row').first().waitFor();
    const header = async (name: string) => (await table.locator('th', { hasText: name }).first().boundingBox())!;
    const today = await header('Today');
    const actions = await header('Actions');
    expect(today.x + today.width).toBeLessThanOrEqual(actions.x + 0.5);
    // The whole table fits its card: nothing hides behind Actions until one scrolls sideways.
    const overflow = await table.locator('.ant-table-content').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    if (shots) await screenshot(page, 'layout-timetable-en');
    await page.context().close();
  });

  it("draws the report's trend chart across its card", async () => {
    const page = await signInToShell(browser, server.url, 'teacher');
    await page.goto('/hxk/Report');
    await page.locator('[data-testid^="report-course-row-"]').first().locator('[data-testid^="report-course-"]').click();
    await waitForPath(page, /^\/CourseEvaluationReport\?courseId=\d+$/);
    const chart = page.getByTestId('report-history-chart');
    await chart.waitFor();
    const card = (await page.getByTestId('report-history').locator('xpath=ancestor::div[contains(@class, "ant-card-body")][1]').boundingBox())!;
    const drawn = (await chart.boundingBox())!;
    // The card body's padding (12 px each side) aside, the chart takes its width.
    expect(drawn.width).toBeGreaterThanOrEqual(card.width - 24 - 2);
    if (shots) await screenshot(page, 'layout-report-chart-en');
    await page.context().close();
  });
});
