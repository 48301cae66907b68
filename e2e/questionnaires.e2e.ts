/**
 * Feedback questionnaires (issue 6): the demo student fills a course questionnaire on a phone (the
 * link a class QR code opens, through sign-in), once; the teacher then sees the answer counted on
 * teacher feedback and in the aggregates of the details page. The management and preview screens in
 * Japanese for the screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signInToShell, signInWithPassword, waitForPath, watchErrors } from './support/browser.ts';
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

const HEADERS = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
type Envelope<T> = { code: number; msg: string; data: T };

/** An API call as the page's signed-in person (the page's cookies). */
async function apiPost<T>(page: Page, path: string, body: unknown): Promise<T> {
  const res = await page.request.post(path, { data: body, headers: HEADERS });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 1) throw new Error(`${path}: ${env.msg}`);
  return env.data;
}

type Mine = { questionnaireId: string; title: string; course: { courseId: string; name: string } | null; open: boolean; answered: boolean };
type FeedbackRow = { questionnaireId: string; title: string; course: { courseId: string }; responseCount: number };

/** Answers question n of the fill form whatever its type, the way a student would. */
async function answer(page: Page, n: number) {
  const tid = `q-fill-q${n}`;
  const q = page.getByTestId(tid);
  const options = q.getByTestId(`${tid}-options`);
  if (await options.count()) {
    await options.locator('label').first().click();
  }
  const stars = q.getByTestId(`${tid}-stars`);
  if (await stars.count()) await stars.locator('li').nth(3).click();
  const grades = q.getByTestId(`${tid}-grades`);
  if (await grades.count()) await grades.locator('label').first().click();
  const score = q.getByTestId(`${tid}-score-input`);
  if (await score.count()) await fillMax(score);
  const elements = q.getByTestId(`${tid}-elements`);
  if (await elements.count()) {
    for (const input of await elements.locator('input').all()) await fillMax(input);
  }
  const comment = q.getByTestId(`${tid}-comment`);
  if (await comment.count()) await comment.fill('讲解很清楚，谢谢老师！');
}

/** Types the highest allowed value into an InputNumber (the test id may sit on its wrapper). */
async function fillMax(field: Locator) {
  const input = (await field.evaluate((e) => e.tagName)) === 'INPUT' ? field : field.locator('input').first();
  const max = Number((await input.getAttribute('aria-valuemax')) ?? '5');
  await input.fill(String(Math.max(1, Math.floor(max * 0.8))));
}

/** Nothing of the screen's own content reaches past the 390 px phone width (no sideways scrolling). */
const noHorizontalScroll = (page: Page, root: string) =>
  page.evaluate(
    ([sel, width]) => {
      const box = document.querySelector(`[data-testid="${sel}"]`);
      if (!box) return false;
      return [box, ...Array.from(box.querySelectorAll('*'))].every((e) => e.getBoundingClientRect().right <= width + 0.5);
    },
    [root, 390] as const,
  );

describe('feedback questionnaires', () => {
  it('fill a questionnaire on a phone-sized viewport; the teacher sees it counted', async () => {
    // The questionnaire and course the demo student has not answered yet.
    const probe = await newContext(browser, server.url);
    const probePage = await probe.newPage();
    await signInWithPassword(probePage, 'student', 'Demo@2026');
    await waitForPath(probePage, '/feeQuestionnaire');
    const mine = await apiPost<{ list: Mine[] }>(probePage, '/app/ddxk/questionnaire/v1/mine', { pageNum: 1, pageSize: 50, answered: false });
    const target = mine.list.find((r) => r.open && !r.answered && r.course);
    expect(target, 'the demo seed gives the student an open course questionnaire').toBeTruthy();
    const { questionnaireId, title } = target!;
    const courseId = target!.course!.courseId;
    const fillUrl = `/EvaluationQuestionnaire?questionnaireId=${questionnaireId}&courseId=${courseId}`;

    // The phone form in Japanese (not submitted), for the screenshots.
    if (shots) {
      const jaContext = await newContext(browser, server.url, { language: 'ja', mobile: true });
      const ja = await jaContext.newPage();
      await signInWithPassword(ja, 'student', 'Demo@2026');
      await waitForPath(ja, '/feeQuestionnaire');
      await ja.goto(`/hxk${fillUrl}`);
      await ja.getByTestId('q-fill').waitFor();
      await screenshot(ja, 'i6-q-01-phone-form-ja');
      await ja.context().close();
    }

    // The teacher's count before the answer.
    const teacher = await signInToShell(browser, server.url, 'teacher', { language: 'en' });
    const teacherErrors = watchErrors(teacher);
    const feedbackBefore = await apiPost<{ list: FeedbackRow[] }>(teacher, '/app/ddxk/questionnaire/v1/feedback', { pageNum: 1, pageSize: 50 });
    const before = feedbackBefore.list.find((r) => r.questionnaireId === questionnaireId && r.course.courseId === courseId)?.responseCount ?? 0;

    // The link of a class QR code, opened on a phone that is not signed in: sign in, back on the form.
    const phone = await newContext(browser, server.url, { language: 'zh', mobile: true });
    const page = await phone.newPage();
    const errors = watchErrors(page);
    await page.goto(`/hxk${fillUrl}`);
    await waitForPath(page, '/login');
    // Why sign in, said before it is asked (issue 20): once per student, anonymous answers kept apart.
    await expect.poll(() => page.getByTestId('login-questionnaire-note').textContent()).toContain('每位学生只作答一次');
    if (shots) await screenshot(page, 'i20-q-login-note-zh');
    await page.getByTestId('login-account').fill('student');
    await page.getByTestId('login-password').fill('Demo@2026');
    await page.getByTestId('login-submit').click();
    await waitForPath(page, fillUrl);
    const form = page.getByTestId('q-fill');
    await form.waitFor();
    await expect.poll(() => page.getByTestId('q-fill-title').textContent()).toBe(title);
    const count = await form.locator('[data-testid^="q-fill-card-"]').count();
    expect(count).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('q-fill-progress').textContent()).toMatch(new RegExp(`0\\s*/\\s*${count}`));
    expect(await noHorizontalScroll(page, 'q-fill-page')).toBe(true);
    if (shots) await screenshot(page, 'i6-q-02-phone-form-zh');

    // Submitting too early points at what is missing and sends nothing.
    await page.getByTestId('q-fill-submit').click();
    await page.getByTestId('q-fill-q1-error').waitFor();

    for (let n = 1; n <= count; n++) await answer(page, n);
    await expect.poll(() => page.getByTestId('q-fill-progress').textContent()).toMatch(new RegExp(`${count}\\s*/\\s*${count}`));
    expect(await noHorizontalScroll(page, 'q-fill-page')).toBe(true);
    if (shots) await screenshot(page, 'i6-q-03-phone-answered-zh');
    await page.getByTestId('q-fill-submit').click();
    await page.getByTestId('q-result-submitted').waitFor();
    await expect.poll(() => page.getByTestId('q-result-submitted').textContent()).toContain('感谢');
    if (shots) await screenshot(page, 'i6-q-04-phone-thanks-zh');

    // A second visit: already answered, and still no horizontal scroll.
    await page.goto(`/hxk${fillUrl}`);
    await page.getByTestId('q-result-answered').waitFor();
    expect(await noHorizontalScroll(page, 'q-fill-page')).toBe(true);
    if (shots) await screenshot(page, 'i6-q-05-phone-already-zh');

    // A student evaluates nothing: the app's landing is their questionnaires (issue 20), where the
    // questionnaire is now among the answered ones.
    await page.goto('/hxk/');
    await waitForPath(page, '/feeQuestionnaire');
    await page.getByTestId('q-student-tab-answered').click();
    await page.getByTestId(`q-student-answered-row-${questionnaireId}-${courseId}`).waitFor();
    expect(await noHorizontalScroll(page, 'q-student-page')).toBe(true);
    if (shots) await screenshot(page, 'i6-q-06-phone-student-list-zh');
    expect(errors).toEqual([]);
    await phone.close();

    // The teacher sees one more response, and the aggregates.
    await teacher.goto('/hxk/teacherFeedback');
    const cell = teacher.getByTestId(`q-feedback-responses-${questionnaireId}-${courseId}`);
    await cell.waitFor();
    await expect.poll(() => cell.getAttribute('data-responses')).toBe(String(before + 1));
    if (shots) await screenshot(teacher, 'i6-q-07-teacher-feedback-en');

    // The class QR code (when the course has a class of mine today or later).
    await teacher.getByTestId(`q-feedback-qr-${questionnaireId}-${courseId}`).click();
    const classes = teacher.getByTestId('q-qr-classes');
    const none = teacher.getByTestId('q-qr-no-classes');
    await classes.or(none).first().waitFor();
    if (await classes.isVisible()) {
      // The first class (today's, else the next one) is chosen already, and the hint says which.
      expect(await teacher.getByTestId('q-qr-show').isEnabled()).toBe(true);
      const today = (await classes.locator('label').first().innerText()).includes('Today');
      expect(await teacher.getByTestId('q-qr-pick-hint').innerText()).toMatch(today ? /today's first/ : /no class today/);
      await classes.locator('label').first().click();
      await teacher.getByTestId('q-qr-show').click();
      await teacher.getByTestId('q-qr-image').waitFor();
      await expect.poll(() => teacher.getByTestId('q-qr-url').textContent()).toContain(`/hxk/EvaluationQuestionnaire?questionnaireId=${questionnaireId}&courseSessionId=`);
      if (shots) await screenshot(teacher, 'i6-q-08-teacher-qr-en');
    }
    await teacher.keyboard.press('Escape');

    await teacher.getByTestId(`q-feedback-details-${questionnaireId}-${courseId}`).click();
    await waitForPath(teacher, `/feedbackDetails?questionnaireId=${questionnaireId}&courseId=${courseId}`);
    await teacher.getByTestId('q-details-page').waitFor();
    await expect.poll(() => teacher.getByTestId('q-details-responses').getAttribute('data-responses')).toBe(String(before + 1));
    await teacher.getByTestId('q-details-anonymous').waitFor();
    await teacher.getByTestId('q-result-1').waitFor();
    // The first question's bars add up to the people who answered it.
    const bars = teacher.getByTestId('q-result-1-options').locator('[data-count]');
    if (await bars.count()) {
      const counts = await bars.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-count'))));
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(before + 1);
    }
    if (shots) await screenshot(teacher, 'i6-q-09-feedback-details-en');
    expect(teacherErrors).toEqual([]);
    await teacher.context().close();
    await probe.close();
  });

  it('shows the questionnaire management, its editor and the phone preview in Japanese', async () => {
    const admin = await signInToShell(browser, server.url, 'admin', { language: 'ja' });
    const errors = watchErrors(admin);
    await admin.goto('/hxk/back/assignmentsQuestionnaire');
    const rows = admin.getByTestId('q-admin-page').locator('[data-testid^="q-row-"]');
    await rows.first().waitFor();
    if (shots) await screenshot(admin, 'i6-q-10-management-ja');

    // A new student questionnaire with two questions: a gentle hint, not a refusal.
    await admin.getByTestId('q-add').click();
    await admin.getByTestId('q-editor-title').fill('授業後アンケート（E2E）');
    await admin.getByTestId('q-questions-bank').click();
    const bankRows = admin.locator('.ant-modal [data-testid^="q-bank-row-"]');
    await bankRows.first().waitFor();
    await bankRows.nth(0).locator('.ant-checkbox-wrapper').click();
    await bankRows.nth(1).locator('.ant-checkbox-wrapper').click();
    await admin.getByTestId('q-bank-ok').click();
    await admin.getByTestId('q-questions-hint').waitFor();
    await admin.getByTestId('q-course-picker').locator('tbody tr[data-row-key] .ant-checkbox-wrapper').first().click();
    await admin.getByTestId('q-courses-picked').waitFor();
    if (shots) await screenshot(admin, 'i6-q-11-editor-ja');
    await admin.getByTestId('q-editor-save').click();
    const row = admin.getByTestId('q-row-授業後アンケート（E2E）');
    await row.waitFor();
    await expect.poll(() => admin.getByTestId('q-status-授業後アンケート（E2E）').getAttribute('data-status')).toBe('draft');

    // Publish it from the batch bar, after the confirmation.
    await row.locator('.ant-checkbox-wrapper').click();
    await admin.getByTestId('q-batch-publish').click();
    await admin.getByTestId('q-confirm-ok').click();
    await expect.poll(() => admin.getByTestId('q-status-授業後アンケート（E2E）').getAttribute('data-status')).toBe('published');

    // Its preview in a phone frame: answers are tried, nothing is sent.
    await admin.getByTestId('q-preview-授業後アンケート（E2E）').click();
    await waitForPath(admin, /^\/example\?questionnaireId=\d+$/);
    await admin.getByTestId('q-preview-phone').getByTestId('q-fill').waitFor();
    const width = await admin.getByTestId('q-preview-phone').evaluate((e) => e.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(380);
    expect(width).toBeLessThan(420);
    if (shots) await screenshot(admin, 'i6-q-12-preview-ja');
    expect(errors).toEqual([]);
    await admin.context().close();
  });
});
