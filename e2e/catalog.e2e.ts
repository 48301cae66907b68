import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, signInToShell, waitForPath, waitForToast, watchErrors } from './support/browser.ts';
import { exactly, pick } from './support/select.ts';
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

const signIn = (account: string, language: 'zh' | 'en' | 'ja'): Promise<Page> => signInToShell(browser, server.url, account, { language });

/** Fills an InputNumber, whichever element carries its test id. */
async function fillNumber(page: Page, testId: string, value: number) {
  const el = page.getByTestId(testId);
  const input = (await el.evaluate((n) => n.tagName)) === 'INPUT' ? el : el.locator('input');
  await input.fill(String(value));
}

const CLASSIFICATION = 'Laboratory practice';
const INDICATOR = 'Laboratory safety';
const CHILDREN = ['Safe handling of reagents', 'Waste disposal'];
const QUESTION = 'Reagents are labelled and stored safely';

describe('indicators, questions and their review', () => {
  it('adds a question classification and an indicator with second-level ones, then a scored question for review (en)', async () => {
    const admin = await signIn('admin', 'en');
    const errors = watchErrors(admin);

    // A question classification.
    await admin.goto('/hxk/back/questionClassification');
    await admin.getByTestId('classifications-question').locator('.ant-table-row').first().waitFor();
    await admin.getByTestId('classification-add').click();
    await admin.getByTestId('classification-name').fill(CLASSIFICATION);
    await admin.getByTestId('classification-form-ok').click();
    await waitForToast(admin, 'Classification added');
    await admin.getByTestId(`classification-row-${CLASSIFICATION}`).waitFor();

    // A first-level indicator with two second-level ones.
    await admin.goto('/hxk/back/indexManagement');
    await admin.getByTestId('indicators').locator('.ant-table-row').first().waitFor();
    await admin.getByTestId('indicator-add').click();
    await waitForPath(admin, '/back/indexAddManagement');
    await admin.getByTestId('indicator-form').getByText('Add indicator').waitFor();
    await admin.getByTestId('indicator-name').fill(INDICATOR);
    for (const [i, name] of CHILDREN.entries()) {
      await admin.getByTestId('indicator-child-add').click();
      await admin.getByTestId(`indicator-child-${i}-name`).fill(name);
    }
    if (shots) await screenshot(admin, 'catalog-indicator-form-en');
    await admin.getByTestId('indicator-save').click();
    await waitForPath(admin, '/back/indexManagement');
    const row = admin.getByTestId(`indicator-row-${INDICATOR}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('2');
    await row.locator('.ant-table-row-expand-icon').click();
    for (const name of CHILDREN) await admin.getByTestId(`indicator-child-${name}`).waitFor();

    // A scored question under the new classification and a second-level indicator.
    await admin.goto('/hxk/back/questionManagement');
    await admin.getByTestId('questions').locator('.ant-table-row').first().waitFor();
    await admin.getByTestId('question-add').click();
    await waitForPath(admin, '/back/questionManagementSet');
    await admin.getByTestId('question-form').getByText('Add question').waitFor();
    await pick(admin, 'question-classification', 'Laboratory', exactly(CLASSIFICATION));
    await pick(admin, 'question-indicator', 'Waste', exactly('Waste disposal'));
    await admin.getByTestId('question-editor-type-score').click();
    await admin.getByTestId('question-editor-title').fill(QUESTION);
    await fillNumber(admin, 'question-editor-score', 10);

    // Two scoring standards whose score ranges overlap: the form says so and will not save.
    const ranges: [number, number, string][] = [
      [0, 6, 'Some reagents are unlabelled'],
      [5, 10, 'Every reagent is labelled and stored safely'],
    ];
    for (const [i, [min, max, standard]] of ranges.entries()) {
      await admin.getByTestId('question-editor-add-range').click();
      await fillNumber(admin, `question-editor-range-${i}-min`, min);
      await fillNumber(admin, `question-editor-range-${i}-max`, max);
      await admin.getByTestId(`question-editor-range-${i}-standard`).fill(standard);
    }
    const overlap = admin.getByTestId('question-findings-error').filter({ hasText: 'Score interval overlap' });
    await overlap.waitFor();
    expect(await overlap.textContent()).toContain('(0-6)');
    expect(await admin.getByTestId('question-save-submit').isDisabled()).toBe(true);
    if (shots) await screenshot(admin, 'catalog-question-overlap-en');

    // Fixed: the first range ends below the second.
    await fillNumber(admin, 'question-editor-range-0-max', 4);
    await overlap.waitFor({ state: 'detached' });
    await admin.getByTestId('question-save-submit').click();
    await waitForToast(admin, 'Saved and submitted for review');
    await waitForPath(admin, '/back/questionManagement');
    const listed = admin.getByTestId(`question-row-${QUESTION}`);
    await listed.getByTestId('question-status').filter({ hasText: 'Pending review' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('refuses a rejection without a reason, approves the question and shows it in the question bank (zh)', async () => {
    const admin = await signIn('admin', 'zh');
    const errors = watchErrors(admin);
    await admin.goto('/hxk/back/questionManagement');
    await admin.getByTestId('question-review-entry').click();
    await waitForPath(admin, '/back/questionManagementPass');
    const row = admin.getByTestId(`review-row-${QUESTION}`);
    await row.waitFor();

    // A rejection needs a reason of at least 5 characters.
    await admin.getByTestId(`review-reject-${QUESTION}`).click();
    await admin.getByTestId('review-reject-ok').click();
    await admin.getByText('请至少填写 5 个字符').waitFor();
    await admin.getByTestId('review-reject-reason').fill('请修改');
    await admin.getByTestId('review-reject-ok').click();
    await admin.getByText('请至少填写 5 个字符').waitFor();
    if (shots) await screenshot(admin, 'catalog-reject-reason-zh');
    await admin.locator('.ant-modal:visible').getByRole('button', { name: '取 消' }).or(admin.locator('.ant-modal:visible').getByRole('button', { name: '取消' })).click();
    await admin.getByTestId('review-reject-reason').waitFor({ state: 'hidden' });
    await row.waitFor();

    // Approved, it leaves the review list.
    await admin.getByTestId(`review-approve-${QUESTION}`).click();
    await waitForToast(admin, '已通过 1 道试题');
    await row.waitFor({ state: 'detached' });

    // The question bank shows it, with its classification and indicator.
    await admin.goto('/hxk/back/readQuestions');
    await admin.getByTestId(`read-open-${QUESTION}`).click();
    await waitForPath(admin, /^\/back\/readQuestionsDetail\?id=/);
    const details = admin.getByTestId('question-details');
    await details.getByText(QUESTION).waitFor();
    await details.getByText(CLASSIFICATION).waitFor();
    await details.getByText('Waste disposal').waitFor();
    if (shots) await screenshot(admin, 'catalog-read-question-zh');
    expect(errors).toEqual([]);
  });
});
