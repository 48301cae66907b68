import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import path from 'node:path';
import { launchBrowser, openMenuItem, SCREENSHOT_DIR, signInToShell, waitForPath, watchErrors } from './support/browser.ts';
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

/** A people sheet as someone would fill the template in (Chinese headers). */
async function peopleFile(rows: (string | null)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('数据');
  ws.addRow(['*账号', '*姓名', '手机号', '性别', '*身份', '部门']);
  for (const r of rows) ws.addRow(r);
  return { name: 'people.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await wb.xlsx.writeBuffer()) };
}

const signIn = (account: string, language: 'zh' | 'en' | 'ja' = 'en'): Promise<Page> => signInToShell(browser, server.url, account, { language });

/** Chooses the file as a person does: a click on the drop area opens the file chooser. */
async function uploadInto(page: Page, file: Awaited<ReturnType<typeof peopleFile>>) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('import-modal').locator('.ant-upload-drag').click()]);
  await chooser.setFiles(file);
}

/** The viewport only: after a full-page shot (which resizes the window) the dialog's file chooser did not open again. */
const screenshot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

describe('Excel import of people', () => {
  it('reports a bad row and refuses to import; the fixed file imports and the people appear', async () => {
    const admin = await signIn('admin');
    const errors = watchErrors(admin);
    await openMenuItem(admin, 'userManagement');
    await waitForPath(admin, '/back/userManagement');
    await admin.getByTestId('user-import').click();
    await admin.getByTestId('import-modal').waitFor();

    // The template downloads as an .xlsx file.
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByTestId('import-template').click()]);
    if (!download.suggestedFilename().endsWith('.xlsx')) throw new Error(`template named ${download.suggestedFilename()}`);

    await uploadInto(admin, await peopleFile([
      ['e2e.one', 'E2E One', '13655550001', '男', '教师', 'College of Science'],
      ['e2e two', 'E2E Two', null, '女', '教师', null],
    ]));
    await admin.getByTestId('import-has-errors').waitFor();
    const report = admin.getByTestId('import-report');
    await report.getByText('must be 2-32 letters, digits, _ . or -').waitFor();
    await report.locator('.ant-table-row').filter({ hasText: '3' }).filter({ hasText: 'Account' }).waitFor();
    if (!(await admin.getByTestId('import-run').isDisabled())) throw new Error('Import must stay disabled while the check has errors');

    await uploadInto(admin, await peopleFile([
      ['e2e.one', 'E2E One', '13655550001', '男', '教师', 'College of Science'],
      ['e2e.two', 'E2E Two', null, '女', '教师', null],
    ]));
    await admin.getByTestId('import-clean').waitFor();
    await admin.getByTestId('import-run').click();
    await admin.getByTestId('import-result').getByText('2 rows: 2 new, 0 updated.').waitFor();
    await admin.getByTestId('import-close').click();

    const box = admin.getByTestId('users-search').locator('input');
    await box.fill('e2e.');
    await box.press('Enter');
    await admin.getByTestId('user-management').getByText('E2E Two').waitFor();
    await admin.getByTestId('user-management').getByText('E2E One').waitFor();

    // The export of the filtered list downloads too.
    const [exported] = await Promise.all([admin.waitForEvent('download'), admin.getByTestId('user-export').click()]);
    if (!exported.suggestedFilename().startsWith('people-')) throw new Error(`export named ${exported.suggestedFilename()}`);
    // The same buttons on the course and classroom screens.
    await admin.goto('/hxk/back/scheduleManage');
    await admin.getByTestId('course-import').waitFor();
    await admin.getByTestId('course-export').waitFor();
    await admin.goto('/hxk/back/transcribeManagement');
    await admin.getByTestId('classroom-import').click();
    await admin.locator('.ant-modal-title', { hasText: 'Import classrooms' }).waitFor();
    if (errors.length) throw new Error(errors.join('\n'));
  });

  it.skipIf(!shots)('screenshots of the import dialog with its report in zh, en and ja', async () => {
    for (const lng of ['zh', 'en', 'ja'] as const) {
      const page = await signIn('admin', lng);
      await page.goto('/hxk/back/userManagement');
      await page.getByTestId('user-import').click();
      await uploadInto(page, await peopleFile([
        ['shot.one', 'Shot One', '1365555', '男', '教师', 'Nowhere'],
        ['shot.one', '', null, 'x', 'wizard', null],
      ]));
      await page.getByTestId('import-has-errors').waitFor();
      await page.waitForTimeout(400);
      await screenshot(page, `imports-report-${lng}`);
      await uploadInto(page, await peopleFile([[`shot.${lng}`, 'Shot', null, null, '学生', null]]));
      await page.getByTestId('import-clean').waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, `imports-clean-${lng}`);
      await page.getByTestId('import-run').click();
      await page.getByTestId('import-result').waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, `imports-result-${lng}`);
      await page.goto('/hxk/back/scheduleManage');
      await page.getByTestId('course-import').waitFor();
      await page.waitForTimeout(500);
      await screenshot(page, `imports-schedule-${lng}`);
      await page.goto('/hxk/back/transcribeManagement');
      await page.getByTestId('classroom-import').waitFor();
      await page.waitForTimeout(500);
      await screenshot(page, `imports-transcribe-${lng}`);
      await page.context().close();
    }
  });
});
