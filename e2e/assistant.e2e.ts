import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, settle, signInToShell, watchErrors } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { startLlmDouble } from '../apps/server/src/test/llm-double.ts';

/** `HXK_SCREENSHOTS=1` also writes the assistant's panel (zh, en, ja) to e2e/screenshots. */
const shots = process.env.HXK_SCREENSHOTS === '1';

let server: TestServer;
let browser: Browser;
const double = startLlmDouble({ apiKey: 'sk-e2e' });

beforeAll(async () => {
  const llm = await double.listen();
  [server, browser] = await Promise.all([
    startServer({ env: { LLM_BASE_URL: llm, LLM_API_KEY: 'sk-e2e', LLM_MODEL_CHAT: 'double-chat', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } }),
    launchBrowser(),
  ]);
});

afterEach(() => {
  double.state.delayMs = 0;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await double.close();
});

const sendQuestion = async (page: Page, text: string) => {
  const box = page.locator('.assistant-sender textarea');
  await box.fill(text);
  await box.press('Enter');
};

describe('the AI assistant', () => {
  it('is not on the sign-in page', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/hxk/login');
    await page.getByTestId('login-account').waitFor();
    expect(await page.getByTestId('assistant-button').count()).toBe(0);
    await context.close();
  });

  it('drags, asks, streams thinking and answer, stops, keeps history by day and deletes a conversation', async () => {
    const page = await signIn('admin', 'en');
    const errors = watchErrors(page);
    const button = page.getByTestId('assistant-button');
    await button.waitFor();
    // A drag moves the button (and is no click); the place is remembered.
    const before = (await button.boundingBox())!;
    await page.mouse.move(before.x + 24, before.y + 24);
    await page.mouse.down();
    await page.mouse.move(before.x - 60, before.y - 40, { steps: 5 });
    await page.mouse.up();
    const after = (await button.boundingBox())!;
    expect(Math.round(before.x - after.x)).toBe(84);
    expect(await page.getByTestId('assistant-panel').count()).toBe(0);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('hxkAssistantButton')))!)).toMatchObject({ right: expect.any(Number) });
    // A move under 7 px is a click.
    await page.mouse.move(after.x + 24, after.y + 24);
    await page.mouse.down();
    await page.mouse.move(after.x + 27, after.y + 26);
    await page.mouse.up();
    await page.getByTestId('assistant-panel').waitFor();
    await expect.poll(() => page.getByTestId('assistant-mode').textContent()).toContain('double-chat');

    // A slow answer: thinking streams first, then the answer; stop ends it upstream.
    double.state.turns = [{ reasoning: Array.from({ length: 60 }, (_, i) => `step${i} `), content: Array.from({ length: 60 }, (_, i) => `word${i} `) }];
    double.state.delayMs = 60;
    const disconnects = double.state.disconnected;
    await sendQuestion(page, 'Summarise this week');
    await page.getByTestId('assistant-thinking').getByText('step3', { exact: false }).waitFor();
    await page.getByTestId('assistant-answer-text').getByText('word2', { exact: false }).waitFor({ timeout: 15_000 });
    // The send button turns into the stop button while the answer streams.
    await page.locator('.assistant-sender [class*="loading-button"]').click();
    await double.waitForDisconnects(disconnects + 1);
    await page.getByTestId('assistant-stopped').waitFor();
    // Ready for the next question once the stopped answer is kept.
    await page.getByTestId('assistant-regenerate').waitFor();
    double.state.delayMs = 0;

    // A quick one: thinking with its time, the answer as markdown.
    double.state.turns = [
      { reasoning: ['I need the appeals.'], toolCalls: [{ name: 'appeals_waiting', arguments: '{}' }] },
      { reasoning: ['Short thought.'], content: ['**Bold** answer\n\n| a | b |\n| - | - |\n| 1 | 2 |'] },
    ];
    await sendQuestion(page, 'Another question');
    await page.locator('.assistant-markdown strong', { hasText: 'Bold' }).waitFor();
    await page.locator('.assistant-markdown table').waitFor();
    await page.getByTestId('assistant-regenerate').last().waitFor();
    // The data it used, with the screen showing the same.
    await page.getByTestId('assistant-tools').getByText('Appeals waiting').waitFor();
    expect(await page.getByTestId('assistant-tools').getByRole('link', { name: 'Open the screen' }).getAttribute('href')).toBe('/hxk/Evaluate/Appeal');
    await expect.poll(() => page.getByTestId('assistant-thinking').last().textContent()).toMatch(/Thought for \d+ s/);
    if (shots) await settleAndShoot(page, 'assistant-en');

    // History: today's group with the conversation, titled by its first question.
    await page.getByTestId('assistant-history-toggle').click();
    const history = page.getByTestId('assistant-history');
    await history.getByText('Today').waitFor();
    const item = history.getByText('Summarise this week');
    await item.waitFor();
    await item.hover();
    await history.locator('.ant-conversations-item .ant-dropdown-trigger, .ant-conversations-menu-icon').first().click();
    await page.getByRole('menuitem', { name: 'Delete conversation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this conversation?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await history.getByText('No conversations yet').waitFor();
    expect(errors).toEqual([]);
  });

  it.runIf(shots)('looks right in zh and ja', async () => {
    for (const lng of ['zh', 'ja'] as const) {
      const page = await signIn('admin', lng);
      await page.getByTestId('assistant-button').click();
      await page.getByTestId('assistant-panel').waitFor();
      double.state.turns = [{ reasoning: ['…'], content: [lng === 'zh' ? '本学期共 **12** 次评价。' : '今学期の評価は **12** 件です。'] }];
      await sendQuestion(page, lng === 'zh' ? '本学期评价情况' : '今学期の評価');
      await page.getByTestId('assistant-regenerate').waitFor();
      await settleAndShoot(page, `assistant-${lng}`);
      await page.context().close();
    }
  });
});

const signIn = (account: string, language: 'zh' | 'en' | 'ja') => signInToShell(browser, server.url, account, { language });

async function settleAndShoot(page: Page, name: string) {
  await settle(page);
  await screenshot(page, name, false);
}
