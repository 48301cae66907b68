/**
 * Appeals and teachers' reports (issue 6): the teacher appeals the score of an evaluation of their
 * class with a reason and two images (an eleventh image is refused in the form), sees it pending;
 * the group leader resolves it with a score after appeal; the teacher sees it resolved with the new
 * score. The course's report shows the indicator bars against the school. English for the appeal,
 * Chinese for the report, and Japanese screenshots of the three screens.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openMenuItem, screenshot as takeScreenshot, signInToShell, waitForPath, waitForToast, watchErrors } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { demoName } from '../apps/server/src/db/seed/seed.ts';

const shots = process.env.HXK_SCREENSHOTS === '1';
let server: TestServer;
let browser: Browser;
let tmpDir: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  tmpDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'hxk-e2e-appeal-'));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (tmpDir) await fs.promises.rm(tmpDir, { recursive: true, force: true });
});

/** Lets a table's loading fade finish (antd's spin container fades over 0.3 s) before the picture. */
async function screenshot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await takeScreenshot(page, name);
}

/** A real PNG of one colour (RGB, no filter), small enough for any upload limit. */
function png(size: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** Writes PNG files into the temp dir and returns their paths. */
function pngFiles(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const file = path.join(tmpDir, `${prefix}-${i + 1}.png`);
    fs.writeFileSync(file, png(48, [40 + i * 20, 120, 200 - i * 15]));
    return file;
  });
}

const uploadInput = (page: Page) => page.getByTestId('appeal-images-upload').locator('input[type="file"]');
const doneImages = (page: Page) => page.locator('[data-testid="appeal-create-form"] .ant-upload-list-item-done');

/** The status tag of an appeal in a list. */
const statusOf = (page: Page, appealId: string) => page.getByTestId(`appeal-status-${appealId}`).getAttribute('data-status');

describe('appeals and reports', () => {
  let appealId = '';
  let evaluationId = '';
  let courseName = '';

  it('appeal with images and resolve it', async () => {
    const teacher = await signInToShell(browser, server.url, 'teacher', { language: 'en' });
    const errors = watchErrors(teacher);

    // An evaluation of my class by the supervisor (the leader who handles it below must not have
    // made it: nobody judges an appeal of their own evaluation), from the reports' "Evaluations received".
    await teacher.goto('/hxk/Report');
    await teacher.getByTestId('report-tab-received').click();
    const open = teacher.locator('tr', { hasText: demoName('supervisor') }).locator('[data-testid^="received-record-"]').first();
    await open.waitFor();
    evaluationId = ((await open.getAttribute('data-testid')) ?? '').replace('received-record-', '');
    await open.click();
    await waitForPath(teacher, `/TeachingRecordDetail?evaluationId=${evaluationId}`);
    await teacher.locator('[data-testid="record-page"][data-editable="false"]').waitFor();
    // The class's AI classroom report opens from the record: the teacher may read their own class's
    // (this one was not analysed, and says so), then comes back to the record.
    await teacher.getByTestId('record-ai-report').click();
    await waitForPath(teacher, /^\/ClassroomReport\?courseSessionId=\d+$/);
    await teacher.getByTestId('report-empty').waitFor();
    await teacher.goBack();
    await teacher.locator('[data-testid="record-page"][data-editable="false"]').waitFor();

    // The reason is checked (at least 5 characters), and an eleventh image is refused in the form.
    await teacher.getByTestId('record-appeal').click();
    await teacher.getByTestId('appeal-create-reason').fill('bad');
    await teacher.getByTestId('appeal-create-ok').click();
    await teacher.getByText('Write at least 5 characters.').waitFor();
    await uploadInput(teacher).setInputFiles(pngFiles('extra', 11));
    await waitForToast(teacher, 'Up to 10 images per appeal');
    await expect.poll(() => doneImages(teacher).count(), { timeout: 30_000 }).toBe(10);
    // Ten listed: no more can be added.
    await expect.poll(() => teacher.getByTestId('appeal-images-upload').getByText('Add image').count()).toBe(0);
    await teacher.locator('.ant-modal-footer').getByText('Cancel').click();
    await teacher.getByTestId('appeal-create-form').waitFor({ state: 'hidden' });

    // The appeal itself: a reason and two images.
    await teacher.getByTestId('record-appeal').click();
    await teacher.getByTestId('appeal-create-reason').fill('Question 2 was answered in the second half of the class; please look at the photos of the board.');
    await uploadInput(teacher).setInputFiles(pngFiles('evidence', 2));
    await expect.poll(() => doneImages(teacher).count()).toBe(2);
    if (shots) await screenshot(teacher, 'i6-app-01-appeal-form-en');
    const created = teacher.waitForResponse((r) => r.url().includes('/app/ddxk/appeal/v1/create'));
    await teacher.getByTestId('appeal-create-ok').click();
    const body = (await (await created).json()) as { code: number; data: { appealId: string } };
    expect(body.code).toBe(1);
    appealId = body.data.appealId;
    await waitForToast(teacher, 'Appeal submitted');
    await teacher.getByTestId('record-appeal-pending').waitFor();

    // Pending on /MeAppeal.
    await teacher.goto('/hxk/MeAppeal');
    await teacher.getByTestId(`appeal-row-${appealId}`).waitFor();
    expect(await statusOf(teacher, appealId)).toBe('pending');
    courseName = ((await teacher.getByTestId(`appeal-row-${appealId}`).locator('td').nth(1).locator('strong').textContent()) ?? '').trim();
    if (shots) await screenshot(teacher, 'i6-app-02-my-appeals-pending-en');

    // The group leader (appeal:handle) resolves it from /Evaluate/Appeal.
    const leader = await signInToShell(browser, server.url, 'leader', { language: 'en' });
    const leaderErrors = watchErrors(leader);
    await leader.goto('/hxk/Evaluate/Appeal');
    await leader.getByTestId(`appeal-row-${appealId}`).waitFor();
    if (shots) await screenshot(leader, 'i6-app-03-handlers-list-en');
    await leader.getByTestId(`appeal-detail-${appealId}`).click();
    await waitForPath(leader, `/Appeal/Detail?appealId=${appealId}`);
    await expect.poll(() => leader.getByTestId('appeal-images').locator('img').count()).toBe(2);
    expect(await leader.getByTestId('appeal-conflict').count()).toBe(0);
    await leader.getByTestId('appeal-handle').click();
    await leader.getByTestId('appeal-handle-score').fill('95');
    await leader.getByTestId('appeal-handle-opinion').fill('Checked the photos: question 2 is fully met.');
    if (shots) await screenshot(leader, 'i6-app-04-handle-en');
    await leader.getByTestId('appeal-handle-ok').click();
    await waitForToast(leader, 'Appeal resolved');
    await leader.locator('[data-testid="appeal-detail"][data-status="resolved"]').waitFor();
    expect(await leader.getByTestId('appeal-opinion').textContent()).toContain('question 2 is fully met');
    expect(leaderErrors).toEqual([]);
    await leader.context().close();

    // The teacher sees it resolved, with the score after appeal.
    await teacher.reload();
    await teacher.getByTestId(`appeal-row-${appealId}`).waitFor();
    await expect.poll(() => statusOf(teacher, appealId)).toBe('resolved');
    expect(await teacher.getByTestId(`appeal-score-after-${appealId}`).textContent()).toMatch(/^95 \/ \d+/);
    if (shots) await screenshot(teacher, 'i6-app-05-my-appeals-resolved-en');
    await teacher.getByTestId(`appeal-detail-${appealId}`).click();
    await teacher.locator('[data-testid="appeal-detail"][data-status="resolved"]').waitFor();
    expect(await teacher.getByTestId('appeal-score-after').textContent()).toMatch(/^95 \/ \d+/);
    if (shots) await screenshot(teacher, 'i6-app-06-appeal-detail-en');
    expect(errors).toEqual([]);
    await teacher.context().close();
  });

  it("the course's report shows the indicators against the school (zh)", async () => {
    const page = await signInToShell(browser, server.url, 'teacher', { language: 'zh' });
    const errors = watchErrors(page);
    await page.goto('/hxk/Report');
    const row = page.locator('[data-testid^="report-course-row-"]', { hasText: courseName });
    await row.first().waitFor();
    if (shots) await screenshot(page, 'i6-app-07-report-list-zh');
    await row.first().locator('[data-testid^="report-course-"]').click();
    await waitForPath(page, /^\/CourseEvaluationReport\?courseId=\d+$/);
    await page.getByTestId('report-indicators').waitFor();
    expect(await page.locator('[data-testid^="report-indicator-"]').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('report-bar-mine').count()).toBeGreaterThan(0);
    // The resolved appeal's score replaces the evaluation's total in the history.
    await expect.poll(() => page.getByTestId('report-history').getByText(/^95 \/ \d+/).count()).toBeGreaterThan(0);
    await page.getByText('打印').waitFor();
    if (shots) await screenshot(page, 'i6-app-08-course-report-zh');

    // One evaluation's report, from the record.
    await page.goto(`/hxk/TeachingRecordDetail?evaluationId=${evaluationId}`);
    await page.getByTestId('record-view-report').click();
    await waitForPath(page, `/CourseEvaluationReport?evaluationId=${evaluationId}`);
    await page.getByTestId('report-one').waitFor();
    await page.getByTestId('report-indicators').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // Issue 20: the menu entry needs no course in the address; it lists the courses one may open.
  it.each([
    ['teacher', 'en'],
    ['leader', 'zh'],
    ['leader', 'ja'],
  ] as const)('opens the course evaluation report from the menu: the courses I may see, searched, one opened, back to the list (%s, %s)', async (account, language) => {
    const page = await signInToShell(browser, server.url, account, { language });
    const errors = watchErrors(page);
    await openMenuItem(page, 'CourseEvaluationReport');
    await waitForPath(page, '/CourseEvaluationReport');
    const picker = page.getByTestId('report-picker');
    const rows = picker.locator('[data-testid^="report-pick-row-"]');
    await rows.first().waitFor();
    expect(await page.getByTestId('report-not-found').count()).toBe(0);
    const total = await rows.count();
    if (shots) await screenshot(page, `i20-05-report-courses-${account}-${language}`);

    // Search on the server by the first course's code; the search stays in the address.
    const first = rows.first();
    const courseId = (await first.getAttribute('data-testid'))!.replace('report-pick-row-', '');
    const code = (await first.locator('td').first().locator('.ant-typography').nth(1).textContent())!.trim();
    await picker.getByTestId('report-pick-search').locator('input').fill(code);
    await picker.getByTestId('report-pick-search').locator('input').press('Enter');
    await waitForPath(page, `/CourseEvaluationReport?keyword=${encodeURIComponent(code)}`);
    await expect.poll(() => rows.count()).toBeLessThanOrEqual(total);
    await picker.getByTestId(`report-pick-row-${courseId}`).waitFor();

    await picker.getByTestId(`report-pick-${courseId}`).click();
    await waitForPath(page, `/CourseEvaluationReport?courseId=${courseId}`);
    await page.getByTestId('report-indicators').waitFor();
    if (shots && language !== 'ja') await screenshot(page, `i20-06-report-opened-${account}-${language}`);
    await page.goBack();
    await waitForPath(page, `/CourseEvaluationReport?keyword=${encodeURIComponent(code)}`);
    await picker.getByTestId(`report-pick-row-${courseId}`).waitFor();
    expect(await picker.getByTestId('report-pick-search').locator('input').inputValue()).toBe(code);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.runIf(shots)('screenshots in Japanese: my appeals, the appeal, the report', async () => {
    const page = await signInToShell(browser, server.url, 'teacher', { language: 'ja' });
    await page.goto('/hxk/MeAppeal');
    await page.getByTestId(`appeal-row-${appealId}`).waitFor();
    await screenshot(page, 'i6-app-09-my-appeals-ja');
    await page.goto(`/hxk/Appeal/Detail?appealId=${appealId}`);
    await page.getByTestId('appeal-images').locator('img').first().waitFor();
    await screenshot(page, 'i6-app-10-appeal-detail-ja');
    await page.goto(`/hxk/CourseEvaluationReport?evaluationId=${evaluationId}`);
    await page.getByTestId('report-indicators').waitFor();
    await screenshot(page, 'i6-app-11-report-ja');
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'i6-app-12-report-print-ja');
    await page.context().close();
  });

  it('deletes a handled appeal from my list and clears the rest (en)', async () => {
    const page = await signInToShell(browser, server.url, 'teacher', { language: 'en' });
    const errors = watchErrors(page);
    // The front page lists the latest answers to my appeals.
    await page.getByTestId(`front-appeal-${appealId}`).waitFor();
    if (shots) await screenshot(page, 'i6-app-13-front-appeals-en');
    await page.goto('/hxk/MeAppeal');
    await page.getByTestId(`appeal-row-${appealId}`).waitFor();
    // Resolved, it can be deleted from my list (after a confirmation).
    await page.getByTestId(`appeal-delete-${appealId}`).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await waitForToast(page, '1 appeal deleted');
    await page.getByTestId(`appeal-row-${appealId}`).waitFor({ state: 'detached' });

    await page.getByTestId('appeals-clear').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Clear handled' }).click();
    await waitForToast(page, /cleared/);
    // What is left is pending only.
    await page.waitForLoadState('networkidle');
    const statuses = await page.locator('[data-testid^="appeal-status-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(statuses.every((s) => s === 'pending')).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
