/**
 * Evaluating a lesson (issue 6, first part): the supervisor opens a past class of their plan, fills
 * the form (the draft survives a reload), submits it once, and the plan's progress moves. Issue 20:
 * a class not started yet says when it starts and cannot be opened; opening a class stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
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

const PLAN = 'Routine classroom supervision';

/** "Classes I evaluated: 2 (the plan asks for at least 3)" on the plan card → 2. */
async function attended(page: Page): Promise<number> {
  const card = page.getByTestId(`my-plan-${PLAN}`);
  await card.waitFor();
  const text = (await card.textContent()) ?? '';
  const m = /Classes I evaluated: (\d+) \(the plan asks for at least (\d+)\)/.exec(text);
  if (!m) throw new Error(`no progress on the plan card: ${text}`);
  return Number(m[1]);
}

/** Types into an InputNumber (the test id may sit on the input or on its wrapper). */
async function fillNumber(field: Locator, value: number) {
  const tag = await field.evaluate((e) => e.tagName);
  await (tag === 'INPUT' ? field : field.locator('input').first()).fill(String(value));
}

const saved = (page: Page) => page.locator('[data-testid="record-save-status"][data-state="saved"]').waitFor();

describe('evaluating a lesson', () => {
  it('evaluates a class from a plan: the draft survives a reload, one submit, the progress moves', async () => {
    const page = await signInToShell(browser, server.url, 'supervisor', { language: 'en' });
    const errors = watchErrors(page);
    await page.getByTestId('front-page').waitFor();
    if (shots) await screenshot(page, 'i6-01-front-page-en');

    await page.goto('/hxk/LessonEvaluationPlan');
    const before = await attended(page);
    await page.getByTestId(`my-plan-classes-${PLAN}`).click();
    const drawer = page.getByTestId('my-classes-drawer');
    await drawer.waitFor();
    // Back day by day to a past class (weekends have none) that I have not evaluated yet.
    const evaluate = drawer.locator('[data-testid^="plan-class-evaluate-"]', { hasText: /^Evaluate$/ });
    for (let i = 0; i < 14; i++) {
      await drawer.getByTestId('my-classes-prev').click();
      await page.waitForLoadState('networkidle');
      if (await evaluate.count()) break;
    }
    await evaluate.first().click();
    // The class's blank form: nothing is stored until the first answer.
    await waitForPath(page, /^\/TeachingRecordDetail\?planId=\d+&courseSessionId=\d+$/);
    await page.locator('[data-testid="record-page"][data-editable="true"]').waitFor();
    await page.getByTestId('record-not-saved').waitFor();

    // The first answer starts the draft, which is still there after a reload (opened as the record).
    const q = (n: number) => page.getByTestId(`record-form-q${n}`);
    await q(1).getByText('Fully').click();
    await saved(page);
    await page.reload();
    await waitForPath(page, /^\/TeachingRecordDetail\?id=\d+$/);
    await q(1).waitFor();
    await expect.poll(() => q(1).locator('input[type="radio"]:checked').count()).toBe(1);

    await fillNumber(q(2).getByTestId('record-form-q2-score-input'), 14);
    await q(3).getByText('Questioning').click();
    await q(3).getByText('Group discussion').click();
    await q(4).locator('label', { has: page.getByTestId('record-form-q4-grade-g') }).click();
    await fillNumber(q(4).getByTestId('record-form-q4-score-input'), 16);
    const elements = q(5).getByTestId('record-form-q5-elements').locator('input');
    await elements.nth(0).fill('8');
    await elements.nth(1).fill('9');
    const comment = q(5).getByTestId('record-form-q5-comment');
    if (!(await comment.isVisible())) await q(5).getByTestId('record-form-q5-add-comment').click();
    await comment.fill('Lively discussion; the summary came a little late.');
    await q(6).getByTestId('record-form-q6-stars').locator('.ant-rate-star').nth(3).click();
    await saved(page);
    if (shots) await screenshot(page, 'i6-02-record-draft-en');

    await page.getByTestId('record-submit').click();
    await page.getByTestId('record-submit-ok').click();
    await page.locator('[data-testid="record-page"][data-editable="false"]').waitFor();
    await page.getByTestId('record-total').waitFor();
    if (shots) await screenshot(page, 'i6-03-record-submitted-en');

    await page.goto('/hxk/LessonEvaluationPlan');
    await expect.poll(() => attended(page)).toBe(before + 1);
    await page.goto('/hxk/LessonEvaluationRecord');
    await page.getByTestId('records-page').locator('[data-testid^="record-row-"]').first().waitFor();
    if (shots) await screenshot(page, 'i6-04-records-en');
    expect(errors).toEqual([]);
  });

  /** What each language says: when a class starts, why it waits, the plan's Evaluate button (Ant Design spaces two Chinese characters). */
  const SAYS = {
    en: { starts: /^Starts \S.* \d\d:\d\d$/, why: 'has not started yet', evaluate: /^Evaluate$/ },
    zh: { starts: /^\S.* \d\d:\d\d 开始$/, why: '尚未开始', evaluate: /^评\s?价$/ },
    ja: { starts: /^\S.* \d\d:\d\d 開始$/, why: 'まだ始まっていません', evaluate: /^評価する$/ },
  } as const;

  it.each(['en', 'zh', 'ja'] as const)('says when a class not started yet starts, keeps it closed, and stores nothing when a class is only opened (%s)', async (language) => {
    const says = SAYS[language];
    const page = await signInToShell(browser, server.url, 'supervisor', { language });
    const errors = watchErrors(page);
    await page.goto('/hxk/LessonEvaluationPlan');
    await page.getByTestId(`my-plan-classes-${PLAN}`).click();
    const drawer = page.getByTestId('my-classes-drawer');
    await drawer.waitFor();
    const buttons = drawer.locator('[data-testid^="plan-class-evaluate-"]');
    // Forward day by day to the next day with classes of the plan: none of them has started.
    for (let i = 0; i < 14; i++) {
      await drawer.getByTestId('my-classes-next').click();
      await page.waitForLoadState('networkidle');
      if (await buttons.count()) break;
    }
    const first = buttons.first();
    const id = (await first.getAttribute('data-testid'))!.replace('plan-class-evaluate-', '');
    expect(await first.isDisabled()).toBe(true);
    const starts = drawer.getByTestId(`plan-class-starts-${id}`);
    expect(await starts.textContent()).toMatch(says.starts);
    // Why, on the button.
    await first.hover();
    await page.locator('.ant-tooltip').filter({ hasText: says.why }).waitFor();
    if (shots) await screenshot(page, `i20-01-future-classes-${language}`);

    // The front page's next classes of the plan: each either open, or waiting with its start shown.
    await page.goto('/hxk/Evaluate');
    const front = page.getByTestId(`front-plan-${PLAN}`);
    await front.locator('[data-testid^="front-evaluate-"]').first().waitFor();
    for (const row of await front.locator('[data-testid^="front-class-"]').all()) {
      const rowId = (await row.getAttribute('data-testid'))!.replace('front-class-', '');
      const hasStart = (await row.getByTestId(`front-starts-${rowId}`).count()) > 0;
      expect(await row.getByTestId(`front-evaluate-${rowId}`).isDisabled(), rowId).toBe(hasStart);
    }
    if (shots) await screenshot(page, `i20-02-front-next-classes-${language}`);

    // Free listening the same: tomorrow's (or the next teaching day's) classes wait.
    await page.goto('/hxk/FreeCourse');
    const freeStarts = page.locator('[data-testid^="free-starts-"]');
    for (let i = 0; i < 7; i++) {
      await page.getByTestId('free-next').click();
      await page.waitForLoadState('networkidle');
      if (await freeStarts.count()) break;
    }
    const freeId = (await freeStarts.first().getAttribute('data-testid'))!.replace('free-starts-', '');
    expect(await page.getByTestId(`free-listen-${freeId}`).isDisabled()).toBe(true);
    expect(await freeStarts.first().textContent()).toMatch(says.starts);
    if (shots) await screenshot(page, `i20-04-free-future-${language}`);

    // A past class opened and left without an answer leaves no draft.
    const drafts = async () => {
      const r = await page.request.post(`${server.url}/app/ddxk/evaluation/v1/records`, { data: { status: 'draft', kind: 'plan', pageSize: 100 } });
      const body = (await r.json()) as { data: { list: { class: { courseSessionId: string } }[] } };
      return body.data.list.map((e) => e.class.courseSessionId);
    };
    const before = await drafts();
    await page.goto('/hxk/LessonEvaluationPlan');
    await page.getByTestId(`my-plan-classes-${PLAN}`).click();
    await drawer.waitFor();
    const open = drawer.locator('[data-testid^="plan-class-evaluate-"]:not([disabled])', { hasText: says.evaluate });
    for (let i = 0; i < 14; i++) {
      await drawer.getByTestId('my-classes-prev').click();
      await page.waitForLoadState('networkidle');
      if (await open.count()) break;
    }
    const pastId = (await open.first().getAttribute('data-testid'))!.replace('plan-class-evaluate-', '');
    await open.first().click();
    await waitForPath(page, new RegExp(`^/TeachingRecordDetail\\?planId=\\d+&courseSessionId=${pastId}$`));
    await page.getByTestId('record-not-saved').waitFor();
    if (shots) await screenshot(page, `i20-03-blank-form-${language}`);
    const planId = new URL(page.url()).searchParams.get('planId');
    await page.getByTestId('record-back').click();
    await drawer.waitFor();
    expect(await drafts()).toEqual(before);
    expect(before).not.toContain(pastId);
    expect(errors).toEqual([]);

    // The future class's address typed in: the server refuses to open it, and the page says when it can be.
    await page.goto(`/hxk/TeachingRecordDetail?planId=${planId}&courseSessionId=${id}`);
    const refused = page.getByTestId('record-not-open');
    await refused.waitFor();
    expect(await refused.textContent()).toMatch(/\d\d:\d\d/);
    if (shots) await screenshot(page, `i20-07-not-open-${language}`);
    expect(await drafts()).toEqual(before);
    await page.context().close();
  });

  it('shows the free-listening timetable and the classes under way on a phone in Chinese', async () => {
    const page = await signInToShell(browser, server.url, 'supervisor', { language: 'zh' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/hxk/FreeCourse');
    await page.getByTestId('free-page').waitFor();
    await page.locator('[data-testid^="free-class-"], [data-testid="free-empty"]').first().waitFor();
    if (shots) await screenshot(page, 'i6-05-free-course-mobile-zh');
    await page.goto('/hxk/TemporaryCourseEvaluation');
    await page.getByTestId('temp-page').waitFor();
    await page.locator('[data-testid^="temp-class-"], [data-testid="temp-empty"]').first().waitFor();
    if (shots) await screenshot(page, 'i6-06-temporary-mobile-zh');
  });
});
