/**
 * Lesson plans (issue 18): the demo teacher hands in a plan for a collection due next week (a file
 * that only calls itself Word is refused by its content), a supervisor grades it level 1 with a
 * comment, and the teacher sees the level on the evaluated tab. The teacher works in Chinese, the
 * supervisor in English; `HXK_SCREENSHOTS=1` also photographs the four screens in zh, en and ja.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openMenuItem, screenshot as takeScreenshot, settle, signInToShell, waitForToast, watchErrors } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { simplePdf } from '../apps/server/src/db/seed/demo-lesson-plans.ts';

const shots = process.env.HXK_SCREENSHOTS === '1';
let server: TestServer;
let browser: Browser;
let tmpDir: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  tmpDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'hxk-e2e-plans-'));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (tmpDir) await fs.promises.rm(tmpDir, { recursive: true, force: true });
});

/** The support's screenshot once the page has settled (tables' loading fade, fonts). */
async function screenshot(page: Page, name: string) {
  await settle(page);
  await takeScreenshot(page, name);
}

const COLLECTION = 'Courseware for the mid-term review';

describe('lesson plans', () => {
  it('a teacher hands in a plan, a supervisor grades it, the teacher sees the level', async () => {
    const pdf = path.join(tmpDir, 'review-slides.pdf');
    fs.writeFileSync(pdf, simplePdf(['Mid-term review', 'Slides']));
    const fake = path.join(tmpDir, 'not-really-word.docx');
    fs.writeFileSync(fake, 'plain text that only calls itself a Word file');

    const teacher = await signInToShell(browser, server.url, 'teacher', { language: 'zh' });
    const errors = watchErrors(teacher);
    await openMenuItem(teacher, 'lessonPlan');
    const row = teacher.locator('tr', { hasText: COLLECTION }).first();
    await row.waitFor();
    const handIn = row.locator('[data-testid^="plan-handin-"]');
    const dueId = ((await handIn.getAttribute('data-testid')) ?? '').replace('plan-handin-', '');
    if (shots) await screenshot(teacher, 'i18-01-lesson-plans-zh');
    await handIn.click();
    const input = teacher.locator('.ant-modal input[type="file"]');
    // Refused by the server by its content, whatever its name says.
    await input.setInputFiles(fake);
    await waitForToast(teacher, '文件格式错误');
    await input.setInputFiles(pdf);
    await expect.poll(() => teacher.locator('.ant-modal .ant-upload-list-item-done').count(), { timeout: 30_000 }).toBe(1);
    if (shots) await screenshot(teacher, 'i18-02-hand-in-zh');
    await teacher.getByTestId('plan-handin-send').click();
    await waitForToast(teacher, '教案已提交');
    await teacher.locator(`[data-testid="plan-row-${dueId}"]`, { hasText: '已提交' }).waitFor();

    const supervisor = await signInToShell(browser, server.url, 'supervisor', { language: 'en' });
    const supErrors = watchErrors(supervisor);
    await openMenuItem(supervisor, 'lessonPlanEvaluation');
    await supervisor.getByRole('tab', { name: 'All courses' }).click();
    await supervisor.getByTestId(`plan-evaluate-${dueId}`).click();
    await supervisor.locator('.ant-modal').getByText('review-slides.pdf').waitFor();
    await supervisor.getByTestId('plan-evaluate-level-1').click();
    await supervisor.getByTestId('plan-evaluate-comment').fill('Well organised slides; add two practice questions.');
    if (shots) await screenshot(supervisor, 'i18-03-evaluate-en');
    await supervisor.getByTestId('plan-evaluate-save').click();
    await waitForToast(supervisor, 'Evaluation saved');
    await supervisor.getByTestId(`plan-row-${dueId}`).getByTestId('plan-level-1').waitFor();

    await teacher.goto('/hxk/lessonPlan?tab=evaluated');
    const graded = teacher.getByTestId(`plan-row-${dueId}`);
    await graded.getByTestId('plan-level-1').waitFor();
    expect(await graded.getByTestId('plan-level-1').textContent()).toContain('1 级');
    await graded.locator('.ant-table-row-expand-icon').click();
    await teacher.getByTestId('plan-comment').getByText('Well organised slides').waitFor();
    if (shots) await screenshot(teacher, 'i18-04-evaluated-zh');
    expect(errors).toEqual([]);
    expect(supErrors).toEqual([]);
    await teacher.context().close();
    await supervisor.context().close();
  });

  it.runIf(shots)('shows management and statistics in ja and en', async () => {
    for (const language of ['ja', 'en'] as const) {
      const leader = await signInToShell(browser, server.url, 'leader', { language });
      await leader.goto('/hxk/lessonPlanManagement');
      await leader.locator('[data-testid^="plan-collection-stats-"]').first().waitFor();
      await screenshot(leader, `i18-05-management-${language}`);
      await leader.locator('[data-testid^="plan-collection-stats-"]').last().click();
      await leader.getByTestId('plan-chart-departments').waitFor();
      await screenshot(leader, `i18-06-hand-ins-${language}`);
      await leader.goto('/hxk/lessonPlanStatistics');
      await leader.getByTestId('plan-chart-levels').waitFor();
      await screenshot(leader, `i18-07-statistics-${language}`);
      await leader.goto('/hxk/lessonPlanEvaluation');
      await leader.getByRole('tab', { name: language === 'ja' ? 'すべての授業' : 'All courses' }).click();
      await screenshot(leader, `i18-08-evaluation-${language}`);
      await leader.goto('/hxk/lessonPlanManagement');
      await leader.getByTestId('plan-release-open').click();
      await leader.getByTestId('plan-release-name').waitFor();
      await screenshot(leader, `i18-09-release-${language}`);
      await leader.context().close();
    }
  });
});
