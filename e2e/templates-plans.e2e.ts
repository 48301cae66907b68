/**
 * Issue 5's main path: an administrator builds a template with one question of each type, tries it
 * in the live preview, publishes it, makes a plan with it over some courses and two supervisors and
 * publishes the plan; one of the supervisors then finds it on /LessonEvaluationPlan.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addDays } from '@hxk/contracts/calendar-rules';
import { launchBrowser, screenshot, signInToShell, waitForPath, watchErrors } from './support/browser.ts';
import { pick } from './support/select.ts';
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

const TEMPLATE = 'E2E Lecture Form';
const PLAN = 'E2E Lecture Listening';

/** Types into an Ant Design input (the test id may sit on the input or on its wrapper). */
async function fill(page: Page, testId: string, value: string | number) {
  const el = page.getByTestId(testId).first();
  const input = (await el.evaluate((e) => e.tagName)) === 'INPUT' || (await el.evaluate((e) => e.tagName)) === 'TEXTAREA' ? el : el.locator('input, textarea').first();
  await input.fill(String(value));
}

type Q = { type: 'single' | 'multiple' | 'score' | 'star' | 'combo1' | 'combo2'; title: string; fillParts(page: Page, e: string): Promise<void> };

const QUESTIONS: Q[] = [
  {
    type: 'single', title: 'Objectives are stated',
    async fillParts(page, e) {
      await fill(page, `${e}-option-0-content`, 'Clearly');
      await fill(page, `${e}-option-0-score`, 10);
      await fill(page, `${e}-option-1-content`, 'Not at all');
    },
  },
  {
    type: 'multiple', title: 'Engaging methods',
    async fillParts(page, e) {
      await fill(page, `${e}-option-0-content`, 'Questions');
      await fill(page, `${e}-option-0-score`, 5);
      await fill(page, `${e}-option-1-content`, 'Discussion');
      await fill(page, `${e}-option-1-score`, 5);
    },
  },
  {
    type: 'score', title: 'Content accuracy',
    async fillParts(page, e) {
      await fill(page, `${e}-score`, 20);
      await page.getByTestId(`${e}-add-range`).click();
      await fill(page, `${e}-range-0-min`, 15);
      await fill(page, `${e}-range-0-max`, 20);
      await fill(page, `${e}-range-0-standard`, 'Accurate');
    },
  },
  {
    type: 'star', title: 'Teacher demeanour',
    async fillParts(page, e) {
      await fill(page, `${e}-score`, 10);
    },
  },
  {
    type: 'combo1', title: 'Classroom order',
    async fillParts(page, e) {
      await fill(page, `${e}-option-0-content`, 'Good');
      await fill(page, `${e}-option-0-score`, 20);
      await fill(page, `${e}-option-0-min`, 11);
      await fill(page, `${e}-option-1-content`, 'Weak');
      await fill(page, `${e}-option-1-score`, 10);
    },
  },
  {
    type: 'combo2', title: 'Learning effect',
    async fillParts(page, e) {
      await fill(page, `${e}-element-0-name`, 'Students take part');
      await fill(page, `${e}-element-0-score`, 15);
    },
  },
];

describe('template builder', () => {
  it('fills the indicator field from the bank (the button adds it) and opens the bank picker at that indicator', async () => {
    const admin = await signIn('admin', 'en');
    await admin.goto('/hxk/back/evaluationTemplate');
    await admin.getByTestId('template-add').click();
    await waitForPath(admin, '/back/evaluationAddTemplate');
    type Tree = { data: { indicatorId: string; name: string }[] };
    type Page = { data: { total: number } };
    const tree = await admin.evaluate(async () => (await (await fetch('/app/ddxk/index/v1/tree')).json()) as Tree);
    const post = (body: object) => admin.evaluate(async (b) => (await (await fetch('/app/ddxk/question/v1/pickList', {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: JSON.stringify(b),
    })).json()) as Page, body);
    const all = (await post({ pageNum: 1, pageSize: 10 })).data.total;
    // An indicator whose questions are some, not all, of the bank's.
    let indicator: { indicatorId: string; name: string } | undefined;
    let own = 0;
    for (const i of tree.data) {
      own = (await post({ pageNum: 1, pageSize: 10, indicatorId: i.indicatorId })).data.total;
      if (own > 0 && own < all) {
        indicator = i;
        break;
      }
    }
    expect(indicator, 'a demo indicator with some of the bank questions').toBeTruthy();

    const field = admin.getByTestId('section-add-name');
    await field.click();
    await admin.keyboard.type(indicator!.name.slice(0, 4));
    await admin.locator('.ant-select-item-option:visible', { hasText: indicator!.name }).first().click();
    // Picked, not added: the name is in the field and the button adds it.
    await expect.poll(() => admin.getByTestId('section-0').count()).toBe(0);
    expect(await admin.getByTestId('section-add').isEnabled()).toBe(true);
    await admin.getByTestId('section-add').click();
    await admin.getByTestId('section-0').waitFor();

    await admin.getByTestId('section-0-from-bank').click();
    const picker = admin.getByTestId('bank-picker');
    await picker.waitFor();
    await expect.poll(() => picker.getByTestId('bank-picker-indicator').innerText()).toContain(indicator!.name);
    await expect.poll(() => picker.locator('.ant-pagination-total-text').innerText()).toBe(`Total: ${own}`);
    // Cleared, the whole bank shows.
    await picker.getByTestId('bank-picker-indicator').locator('.ant-select-clear').click({ force: true });
    await expect.poll(() => picker.locator('.ant-pagination-total-text').innerText()).toBe(`Total: ${all}`);
    await admin.context().close();
  });
});

describe('templates and plans', () => {
  it('builds, previews and publishes a template, plans with it and shows the plan to a supervisor', async () => {
    const admin = await signIn('admin', 'en');
    const errors = watchErrors(admin);
    await admin.goto('/hxk/back/evaluationTemplate');
    await admin.getByTestId('template-add').click();
    await waitForPath(admin, '/back/evaluationAddTemplate');
    await fill(admin, 'builder-name', TEMPLATE);
    await fill(admin, 'section-add-name', 'Lecture quality');
    await admin.getByTestId('section-add').click();
    await admin.getByTestId('section-0').waitFor();

    const e = 'template-question-editor';
    for (const q of QUESTIONS) {
      await admin.getByTestId('section-0-new-question').click();
      await admin.getByTestId('question-drawer').waitFor();
      await admin.getByTestId(`${e}-type-${q.type}`).click();
      await fill(admin, `${e}-title`, q.title);
      await q.fillParts(admin, e);
      await admin.getByTestId('question-drawer-done').click();
      await admin.getByTestId('question-drawer').waitFor({ state: 'hidden' });
    }
    // 10 + 10 + 20 + 10 + 20 + 15
    await expect.poll(() => admin.getByTestId('builder-total').textContent()).toContain('85');

    // The live preview is the form as evaluators fill it: answering moves its total.
    const form = admin.getByTestId('preview-form');
    await form.getByTestId('preview-form-q1').getByText('Clearly').click();
    await form.getByTestId('preview-form-q2').getByText('Questions').click();
    await form.getByTestId('preview-form-q2').getByText('Discussion').click();
    await expect.poll(() => form.getByTestId('preview-form-total-score').textContent()).toContain('20');
    await expect.poll(() => form.getByTestId('preview-form-answered').textContent()).toMatch(/2\D+6/);
    if (shots) await screenshot(admin, 'i5-01-template-builder-en');

    await admin.getByTestId('builder-save-publish').click();
    const confirm = admin.locator('.ant-modal-confirm .ant-btn-primary');
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    await waitForPath(admin, /^\/back\/evaluationDetail\?id=/);
    await admin.getByTestId('template-detail').waitFor();
    await expect.poll(() => admin.getByTestId('detail-status').textContent()).toContain('Published');
    if (shots) await screenshot(admin, 'i5-02-template-detail-en');

    // A plan with it over one page of courses and two supervisors.
    await admin.goto('/hxk/back/supervisionScheme');
    await admin.getByTestId('plan-add').click();
    await waitForPath(admin, '/back/supervisionSchemeAddPlan');
    await fill(admin, 'plan-name', PLAN);
    await pick(admin, 'plan-template', 'E2E', TEMPLATE);
    const today = new Date().toISOString().slice(0, 10);
    // The RangePicker puts the test id on its first input.
    const dates = admin.locator('.ant-picker-range').filter({ has: admin.getByTestId('plan-dates') });
    await dates.locator('input').first().click();
    await dates.locator('input').first().fill(today);
    await dates.locator('input').nth(1).click();
    await dates.locator('input').nth(1).fill(addDays(today, 30));
    await admin.keyboard.press('Enter');
    await admin.getByTestId('plan-name').click();
    await admin.getByTestId('plan-course-picker').locator('.ant-table-row').first().waitFor();
    await admin.getByTestId('course-select-page').click();
    await expect.poll(() => admin.getByTestId('plan-selected-count').textContent()).toMatch(/10/);
    await pick(admin, 'plan-supervisors', 'supervisor', '(supervisor)');
    await pick(admin, 'plan-supervisors', 'leader', '(leader)');
    await fill(admin, 'plan-min-classes', 11);
    await admin.getByTestId('plan-save').click();
    await admin.getByText('cannot exceed', { exact: false }).first().waitFor();
    await fill(admin, 'plan-min-classes', 2);
    if (shots) await screenshot(admin, 'i5-03-plan-form-en');
    await admin.getByTestId('plan-save-publish').click();
    await waitForPath(admin, /^\/back\/supervisionSchemeDetail\?id=/);
    await admin.getByTestId('plan-descriptions').waitFor();
    await expect.poll(() => admin.getByTestId('plan-descriptions').textContent()).toContain(TEMPLATE);
    if (shots) await screenshot(admin, 'i5-04-plan-detail-en');
    expect(errors).toEqual([]);

    // The supervisor, in Chinese, sees the plan with no class attended yet and its next classes.
    const sup = await signIn('supervisor', 'zh');
    await sup.goto('/hxk/LessonEvaluationPlan');
    const card = sup.getByTestId(`my-plan-${PLAN}`);
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain('我已评价 0 节课（计划要求至少 2 节）');
    await expect.poll(() => card.textContent()).toContain(TEMPLATE);
    if (shots) await screenshot(sup, 'i5-05-my-plans-zh');
    await sup.getByTestId(`my-plan-classes-${PLAN}`).click();
    await sup.getByTestId('my-classes-drawer').waitFor();
    if (shots) {
      await sup.setViewportSize({ width: 390, height: 844 });
      await screenshot(sup, 'i5-06-my-plans-mobile-zh');
    }
  });
});

function signIn(account: string, language: 'zh' | 'en' | 'ja'): Promise<Page> {
  return signInToShell(browser, server.url, account, { language });
}
