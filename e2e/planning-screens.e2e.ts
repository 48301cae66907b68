/**
 * The main path of five screens that had no browser test of their own (issue 20, spec gaps): the
 * supervisor roster (/back/SteeringList), target progress and its detail (/back/targetAdvance,
 * /back/targetAdvanceDetail), indicator classifications (/back/indexClassification) and adding bank
 * questions to a template's section (/back/evaluationAddQuestions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signInToShell, waitForPath, waitForToast, watchErrors } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { demoName } from '../apps/server/src/db/seed/seed.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const signIn = (account: string, language?: 'zh' | 'en' | 'ja'): Promise<Page> =>
  signInToShell(browser, server.url, account, { ...(language ? { language } : {}), ready: (page) => page.getByTestId('app-header').waitFor() });

/** A JSON call from the page, with its session. */
const api = <T>(page: Page, url: string, body?: unknown) =>
  page.evaluate(async ([u, b]) => {
    const res = await fetch(u as string, b === undefined ? { headers: { 'X-Requested-With': 'XMLHttpRequest' } } : { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' }, body: JSON.stringify(b) });
    return (await res.json()) as { code: number; data: T };
  }, [url, body] as const);

const rows = (page: Page, testId: string) => page.getByTestId(testId).locator('.ant-table-row');

describe('planning screens', () => {
  it('lists the supervisors in plans in progress, finds one by name and narrows to those behind', async () => {
    const page = await signIn('admin');
    const errors = watchErrors(page);
    await page.goto('/hxk/back/SteeringList');
    await rows(page, 'steering-page').first().waitFor();
    type Row = { userId: string; name: string; attended: number; required: number; behindPlans: number };
    const all = (await api<{ total: number; list: Row[] }>(page, '/app/ddxk/plan/v1/steering/pageList', { pageNum: 1, pageSize: 100 })).data;
    expect(all.total).toBeGreaterThan(0);
    // The demo supervisor is in the roster with what they attended against what they must.
    const mine = all.list.find((r) => r.name === demoName('supervisor'))!;
    expect(mine).toBeTruthy();
    const search = page.getByTestId('steering-search').locator('input');
    await search.fill(demoName('supervisor'));
    await search.press('Enter');
    await expect.poll(() => rows(page, 'steering-page').count()).toBe(1);
    expect(await rows(page, 'steering-page').first().innerText()).toContain(`${mine.attended} / ${mine.required}`);
    await search.fill('');
    await search.press('Enter');
    await page.getByTestId('steering-behind-only').click();
    const behind = all.list.filter((r) => r.behindPlans > 0).length;
    if (behind === 0) await page.getByTestId('steering-page').getByText('No supervisors in plans in progress').waitFor();
    else await expect.poll(() => rows(page, 'steering-page').count()).toBe(Math.min(behind, 10));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opens a plan from target progress to see who is behind, and goes back (zh)', async () => {
    const page = await signIn('admin', 'zh');
    const errors = watchErrors(page);
    await page.goto('/hxk/back/targetAdvance');
    const first = page.getByTestId('target-page').locator('[data-testid^="target-row-"]').first();
    await first.waitFor();
    const name = (await first.getAttribute('data-testid'))!.replace('target-row-', '');
    await first.click();
    await waitForPath(page, /\/back\/targetAdvanceDetail\?id=\d+/);
    const detail = page.getByTestId('target-detail');
    await detail.locator('.ant-card-head-title', { hasText: name }).waitFor();
    // Supervisors and courses of the plan, each with its progress.
    await detail.getByText('督导进度').waitFor();
    await detail.getByText('课程进度').waitFor();
    expect(await detail.locator('.ant-table').count()).toBe(2);
    await detail.locator('.ant-table-row').first().waitFor();
    await page.getByTestId('target-back').click();
    await waitForPath(page, '/back/targetAdvance');
    // A plan that does not exist is "not found", with the way back.
    await page.goto('/hxk/back/targetAdvanceDetail?id=999999999');
    await page.locator('.ant-result-404').waitFor();
    expect(errors.filter((e) => !/404|not found/i.test(e))).toEqual([]);
    await page.context().close();
  });

  it('adds, renames and deletes an indicator classification', async () => {
    const page = await signIn('admin');
    const errors = watchErrors(page);
    await page.goto('/hxk/back/indexClassification');
    await page.getByTestId('classifications-indicator').waitFor();
    await page.getByTestId('classification-add').click();
    await page.getByTestId('classification-name').fill('Lab work');
    await page.getByTestId('classification-form-ok').click();
    await waitForToast(page, 'Classification added');
    await page.getByTestId('classification-row-Lab work').waitFor();
    await page.getByTestId('classification-edit-Lab work').click();
    await page.getByTestId('classification-name').fill('Laboratory work');
    await page.getByTestId('classification-form-ok').click();
    await waitForToast(page, 'Classification saved');
    await page.getByTestId('classification-row-Laboratory work').waitFor();
    await page.getByTestId('classification-delete-Laboratory work').click();
    await page.locator('.ant-popconfirm').getByText('Delete the classification "Laboratory work"?').waitFor();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await waitForToast(page, 'Deleted');
    await page.getByTestId('classification-row-Laboratory work').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('copies approved bank questions into a section of a saved template', async () => {
    const page = await signIn('admin');
    const errors = watchErrors(page);
    type Summary = { templateId: string; name: string };
    const drafts = (await api<{ list: Summary[] }>(page, '/app/ddxk/template/v1/pageList', { pageNum: 1, pageSize: 20, status: 'draft' })).data.list;
    const draft = drafts[0]!;
    type Template = { content: { sections: { key: string; name: string; questions: { title: string }[] }[] } };
    const before = (await api<Template>(page, `/app/ddxk/template/v1/detail?templateId=${draft.templateId}`)).data;
    const section = before.content.sections[0]!;
    await page.goto(`/hxk/back/evaluationAddQuestions?templateId=${draft.templateId}&section=${section.key}`);
    await page.getByTestId('template-add-questions').getByText(draft.name, { exact: false }).waitFor();
    const picker = page.getByTestId('bank-picker');
    // The list starts at the section's indicator; without questions there, all indicators are shown.
    await picker.locator('.ant-table-row, .ant-empty').first().waitFor();
    if ((await picker.locator('.ant-table-row').count()) === 0) {
      await picker.getByTestId('bank-picker-indicator').locator('.ant-select-clear').click({ force: true });
      await picker.locator('.ant-table-row').first().waitFor();
    }
    const row = picker.locator('.ant-table-row:not(.ant-table-row-disabled)').filter({ has: page.locator('input[type="checkbox"]:not([disabled])') }).first();
    const title = ((await row.getAttribute('data-testid')) ?? '').replace('bank-picker-row-', '');
    await row.locator('input[type="checkbox"]').check();
    await page.getByTestId('add-questions-submit').click();
    await waitForToast(page, `1 question(s) added to "${section.name}"`);
    await waitForPath(page, `/back/evaluationAddTemplate?id=${draft.templateId}`);
    const after = (await api<Template>(page, `/app/ddxk/template/v1/detail?templateId=${draft.templateId}`)).data;
    expect(after.content.sections[0]!.questions.map((q) => q.title)).toEqual([...section.questions.map((q) => q.title), title]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
