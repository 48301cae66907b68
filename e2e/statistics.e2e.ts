import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TEvaluationStats } from '@hxk/contracts/statistics';
import { apiGet, appPath, launchBrowser, openMenuItem, screenshot, settle, signInToShell, waitForPath, watchErrors } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

/** `HXK_SCREENSHOTS=1` also writes each level (zh, en, ja) to e2e/screenshots. */
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

const FREE = { en: 'Free listening', zh: '自由听课', ja: '自由参観' } as const;
const selectedMenu = (page: Awaited<ReturnType<typeof signInToShell>>) => page.getByTestId('side-menu').locator('.ant-menu-item-selected').getAttribute('data-testid');

/** Issue 17: school → department → teacher and back, with the filters kept in the address both ways. */
describe('evaluation statistics', () => {
  it.each([['en'], ['zh'], ...(shots ? [['ja'] as const] : [])] as const)('drills down from the school to a teacher and back, filters kept (%s)', async (language) => {
    const page = await signInToShell(browser, server.url, 'leader', { language });
    const errors = watchErrors(page);
    await openMenuItem(page, 'evaluateStatistics');
    await page.getByTestId('stats-groups').waitFor();
    // The current semester is put in the address; a filter joins it.
    await expect.poll(() => appPath(page)).toMatch(/^\/back\/evaluateStatistics\?semesterId=\d+$/);
    const semesterId = new URLSearchParams((await appPath(page)).split('?')[1]).get('semesterId')!;
    const school = await apiGet<TEvaluationStats>(page, `/app/ddxk/statistics/v1/evaluation?semesterId=${semesterId}`);
    expect(school.school.evaluations).toBeGreaterThan(100);
    expect(await page.getByTestId('figure-evaluations').innerText()).toBe(String(school.scope.evaluations));
    expect(await page.getByTestId('stats-figures-how').innerText()).toBeTruthy();
    await page.getByTestId('chart-stats-trend').locator('canvas').waitFor();
    // The template filter offers the templates the semester's evaluations used; one chosen narrows the figures.
    {
      const { templates } = await apiGet<{ templates: { id: string; name: string }[] }>(page, `/app/ddxk/statistics/v1/evaluation/options?semesterId=${semesterId}`);
      const other = await page.context().newPage();
      await other.goto(`/hxk/back/evaluateStatistics?semesterId=${semesterId}`);
      await other.getByTestId('stats-groups').waitFor();
      await other.getByTestId('stats-template').click();
      await other.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: templates[0]!.name }).first().click();
      await waitForPath(other, `/back/evaluateStatistics?semesterId=${semesterId}&templateId=${templates[0]!.id}`);
      const byTemplate = await apiGet<TEvaluationStats>(other, `/app/ddxk/statistics/v1/evaluation?semesterId=${semesterId}&templateId=${templates[0]!.id}`);
      await expect.poll(() => other.getByTestId('figure-evaluations').innerText()).toBe(String(byTemplate.scope.evaluations));
      // Reset straight after a choice (before the figures for it have drawn) clears the choice on
      // screen and in the address, and the next filter does not bring it back.
      await other.getByTestId('stats-plan').click();
      await other.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      await other.getByTestId('stats-reset').click();
      await waitForPath(other, `/back/evaluateStatistics?semesterId=${semesterId}`);
      await other.getByTestId('stats-kind').click();
      await other.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: FREE[language] }).click();
      await waitForPath(other, `/back/evaluateStatistics?semesterId=${semesterId}&kind=free`);
      for (const id of ['stats-template', 'stats-plan']) await expect.poll(() => other.getByTestId(id).locator('.ant-select-placeholder').count()).toBe(1);
      await other.close();
    }
    await page.getByTestId('stats-kind').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: FREE[language] }).click();
    await waitForPath(page, `/back/evaluateStatistics?semesterId=${semesterId}&kind=free`);
    await page.getByTestId('stats-groups').locator('[data-testid^="stats-group-"]').first().waitFor();
    if (shots) {
      await settle(page);
      await screenshot(page, `i17-01-school-${language}`);
    }

    // Down to the department with the most evaluations: the menu keeps "evaluation statistics" lit.
    const filtered = await apiGet<TEvaluationStats>(page, `/app/ddxk/statistics/v1/evaluation?semesterId=${semesterId}&kind=free`);
    const unit = [...filtered.groups].sort((a, b) => b.evaluations - a.evaluations)[0]!;
    await page.getByTestId(`stats-open-${unit.id}`).click();
    await waitForPath(page, `/back/evaluateStatisticsDetails?semesterId=${semesterId}&kind=free&unitId=${unit.id}`);
    await page.getByTestId('stats-page-unit').waitFor();
    await expect.poll(() => page.getByTestId('figure-evaluations').innerText()).toBe(String(unit.evaluations));
    expect(await selectedMenu(page)).toBe('menu-evaluateStatistics');
    // The inherited highlight is the stored breadcrumb (spec section 3): a reload keeps it.
    await page.reload();
    await page.getByTestId('stats-page-unit').waitFor();
    await expect.poll(() => selectedMenu(page)).toBe('menu-evaluateStatistics');
    if (shots) {
      await settle(page);
      await screenshot(page, `i17-02-department-${language}`);
    }

    // Down to a teacher: their evaluations, with the filters still on.
    const teacherRow = page.getByTestId('stats-groups').locator('[data-testid^="stats-open-"]').first();
    const teacherId = (await teacherRow.getAttribute('data-testid'))!.replace('stats-open-', '');
    await teacherRow.click();
    await waitForPath(page, `/back/evaluateStatisticsDetailss?semesterId=${semesterId}&kind=free&unitId=${unit.id}&teacherId=${teacherId}`);
    await page.getByTestId('stats-records').waitFor();
    expect(await selectedMenu(page)).toBe('menu-evaluateStatistics');
    const n = Number(await page.getByTestId('figure-evaluations').innerText());
    if (n > 0) await page.getByTestId('stats-records').locator('[data-testid^="stats-record-"]').first().waitFor();
    if (shots) {
      await settle(page);
      await screenshot(page, `i17-03-teacher-${language}`);
    }

    // Back up, level by level, with the filters as they were.
    await page.getByTestId('stats-back').click();
    await waitForPath(page, `/back/evaluateStatisticsDetails?semesterId=${semesterId}&kind=free&unitId=${unit.id}`);
    await page.getByTestId('crumb-school').click();
    await waitForPath(page, `/back/evaluateStatistics?semesterId=${semesterId}&kind=free`);
    await page.getByTestId('stats-groups').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
