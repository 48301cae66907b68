import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import type { TEvaluationStats } from '@hxk/contracts/statistics';
import { STATS_EXPORT_TEXT } from '@hxk/contracts/statistics-exports';
import { apiGet, appPath, launchBrowser, openMenuItem, settle, signInToShell, watchErrors } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

/** `HXK_SHOTS_DIR=/some/dir` also writes each step (and a printed PDF) there, in every language asked. */
const shotsDir = process.env.HXK_SHOTS_DIR;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The downloaded workbook's sheets by name, as rows of values (the header first). */
async function readBook(file: string): Promise<Map<string, unknown[][]>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const out = new Map<string, unknown[][]>();
  wb.eachSheet((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (row) => {
      const values = row.values as unknown[];
      rows.push(Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => values[i + 1] ?? null));
    });
    out.set(ws.name, rows);
  });
  return out;
}

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await settle(page);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

const languages = shotsDir ? (['en', 'zh', 'ja'] as const) : (['en', 'zh'] as const);

/** Issue 17: a statistics view exported with its filters as a background job, downloaded and read back; and printed without the shell. */
describe('statistics export', () => {
  it.each(languages)('exports the evaluation statistics on screen and downloads the workbook (%s)', async (language) => {
    const page = await signInToShell(browser, server.url, 'leader', { language });
    const errors = watchErrors(page);
    await openMenuItem(page, 'evaluateStatistics');
    await page.getByTestId('stats-groups').waitFor();
    await expect.poll(() => appPath(page)).toMatch(/^\/back\/evaluateStatistics\?semesterId=\d+$/);
    const semesterId = new URLSearchParams((await appPath(page)).split('?')[1]).get('semesterId')!;
    // A filter on screen: free listening only (in the address, as the filter bar keeps it).
    await page.goto(`/hxk/back/evaluateStatistics?semesterId=${semesterId}&kind=free`);
    await page.getByTestId('stats-groups').locator('[data-testid^="stats-group-"]').first().waitFor();
    const screen = await apiGet<TEvaluationStats>(page, `/app/ddxk/statistics/v1/evaluation?semesterId=${semesterId}&kind=free&groupBy=unit`);
    await expect.poll(() => page.getByTestId('figure-evaluations').innerText()).toBe(String(screen.scope.evaluations));

    // Export: progress while the job runs, then the download.
    await page.getByTestId('stats-export').click();
    const ready = page.getByTestId('stats-export-download');
    await ready.waitFor({ timeout: 60_000 });
    await shot(page, `export-ready-${language}`);
    const [download] = await Promise.all([page.waitForEvent('download'), ready.click()]);
    expect(download.suggestedFilename()).toMatch(/^evaluation-statistics-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = await readBook((await download.path())!);

    // The workbook, in the reader's language, holds the screen's numbers and every evaluation behind them.
    const w = (k: keyof typeof STATS_EXPORT_TEXT) => STATS_EXPORT_TEXT[k][language];
    const summary = book.get(w('sheetSummary'))!;
    expect(summary.find((r) => r[0] === w('evaluations'))!.slice(1, 3)).toEqual([screen.scope.evaluations, screen.school.evaluations]);
    expect(summary.find((r) => r[0] === w('kind'))![1]).toBe(w('kindFree'));
    expect(book.get(w('sheetGroups'))!.slice(1).map((r) => r[2])).toEqual(screen.groups.map((g) => g.evaluations));
    const rows = book.get(w('sheetEvaluations'))!.slice(1);
    expect(rows.length).toBe(screen.scope.evaluations);
    expect(rows.every((r) => r[11] === w('kindFree'))).toBe(true);

    // Another filter: the finished export no longer matches the screen, so a new one is offered.
    await page.goto(`/hxk/back/evaluateStatistics?semesterId=${semesterId}`);
    await page.getByTestId('stats-export').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('prints a statistics view without the shell, the menu or the filters', async () => {
    const page = await signInToShell(browser, server.url, 'leader', { language: 'en' });
    await openMenuItem(page, 'threeRateStatistics');
    await page.getByTestId('three-rate-page-school').waitFor();
    await page.getByTestId('three-rate-figures').waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('side-menu').isVisible()).toBe(false);
    expect(await page.getByTestId('three-rate-filters').isVisible()).toBe(false);
    expect(await page.getByTestId('stats-export').isVisible()).toBe(false);
    expect(await page.getByTestId('three-rate-figures').isVisible()).toBe(true);
    expect(await page.locator('.assistant-fab').isVisible()).toBe(false);
    await shot(page, 'print-three-rate-en');
    if (shotsDir) await page.pdf({ path: path.join(shotsDir, 'print-three-rate-en.pdf'), format: 'A4', printBackground: true });
    await page.context().close();
  });

  if (shotsDir) {
    it('fits the export button on a phone', async () => {
      const page = await signInToShell(browser, server.url, 'leader', { language: 'zh', mobile: true, ready: (p) => p.getByTestId('app-content').or(p.locator('.app-content')).first().waitFor() });
      await page.goto('/hxk/back/sensitiveTopic');
      await page.getByTestId('stats-export').waitFor();
      await shot(page, 'export-sensitive-zh-390');
      await page.context().close();
    });
  }
});
