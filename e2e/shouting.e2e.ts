import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { CHROMIUM_ARGS, newContext, openBrowsers, screenshot, signInToShell, signInWithPassword, waitForPath, watchErrors } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { platformTx } from '../apps/server/src/platform/tenancy.ts';
import { demoName } from '../apps/server/src/db/seed/seed.ts';

const shots = process.env.HXK_SCREENSHOTS === '1';

let server: TestServer;
let browser: Browser;
let room: { id: string; name: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(),
    // Chromium's fake microphone (a beep), no permission prompt, and sound without a click (a kiosk terminal).
    chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
    }),
  ]);
  openBrowsers.add(browser);
  room = await platformTx(server.app.deps.dbh.db, 'seed', async (tx) => (await tx.execute(sql`
    select r.id::text as id, r.name from classrooms r join schools s on s.id = r.school_id
    where s.id = (select id from schools order by id limit 1) and r.name = 'A101'`) as unknown as { rows: { id: string; name: string }[] }).rows[0]!);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens the classroom's detail page on its shouting tab. */
async function openShoutTab(page: Page) {
  await page.goto(`${server.url}/hxk/SCADA/Detail?classroomId=${room.id}`);
  await page.getByTestId('detail-tab-shout').click();
  await page.getByTestId('shout-panel').waitFor();
}

async function openTerminal(key: string, language: 'zh' | 'en' | 'ja' = 'en'): Promise<Page> {
  const ctx = await newContext(browser, server.url, { language });
  const page = await ctx.newPage();
  await page.goto(`${server.url}/hxk/terminal`);
  await page.getByTestId('terminal-key-input').fill(key);
  await page.getByTestId('terminal-key-save').click();
  await page.getByTestId('terminal').and(page.locator('[data-state="ready"]')).waitFor();
  return page;
}

describe('shouting into a classroom', () => {
  it('issues the room key, signs the terminal in, and the terminal hears the supervisor (non-silent); a second speaker is refused', async () => {
    // The administrator issues the room's terminal key in classroom management.
    const admin = await signInToShell(browser, server.url, 'admin');
    const adminErrors = watchErrors(admin);
    await admin.goto(`${server.url}/hxk/back/transcribeManagement`);
    await waitForPath(admin, '/back/transcribeManagement');
    const tree = admin.getByTestId('classroom-tree');
    await tree.getByTestId('classroom-tree-search').locator('input').fill(room.name);
    await tree.getByText(room.name, { exact: true }).click();
    const card = admin.getByTestId('terminal-key-card');
    await card.getByText('Not issued').waitFor();
    await card.getByTestId('terminal-key-issue').click();
    const key = (await admin.getByTestId('terminal-key-value').innerText()).trim();
    expect(key).toMatch(/^\d+\.\d+\.[A-Za-z0-9_-]{43}$/);
    if (shots) await screenshot(admin, 'shouting-key-issued-en');
    await admin.getByRole('button', { name: 'Done' }).click();

    // A wrong key is refused and asked again; the right one opens the room.
    const wrongCtx = await newContext(browser, server.url, { language: 'en' });
    const wrong = await wrongCtx.newPage();
    await wrong.goto(`${server.url}/hxk/terminal`);
    await wrong.getByTestId('terminal-key-input').fill(`${key.slice(0, -2)}xx`);
    await wrong.getByTestId('terminal-key-save').click();
    await wrong.getByTestId('terminal-key-refused').getByText('The classroom terminal key is invalid or has been replaced').waitFor();
    await wrongCtx.close();

    const terminal = await openTerminal(key);
    const terminalErrors = watchErrors(terminal);
    await terminal.getByTestId('terminal-room').getByText(`· ${room.name}`).waitFor();
    await terminal.getByTestId('terminal-idle').waitFor();
    expect(await terminal.getByTestId('terminal-enable-sound').count()).toBe(0);

    // The supervisor speaks from the classroom detail's shouting tab.
    const supervisor = await signInToShell(browser, server.url, 'supervisor');
    const supervisorErrors = watchErrors(supervisor);
    await openShoutTab(supervisor);
    await supervisor.getByTestId('shout-terminals').getByText('1 classroom terminal online').waitFor();
    await supervisor.getByTestId('shout-talk').click();
    await supervisor.locator('[data-testid="shout-talk"][data-state="live"]').waitFor();
    await terminal.getByTestId('terminal-speaking').getByText('is speaking').waitFor();
    // The fake microphone's beep arrives as audible samples at the terminal's analyser.
    await terminal.waitForFunction(() => Number(document.querySelector('[data-testid="terminal"]')?.getAttribute('data-heard') ?? 0) > 2000, undefined, { timeout: 20_000 });
    await supervisor.waitForFunction(() => Number(document.querySelector('[data-testid="shout-level"]')?.getAttribute('data-level') ?? 0) > 0.01, undefined, { timeout: 10_000 });
    await supervisor.getByTestId('shout-elapsed').getByText(/00:0[1-9]/).waitFor();
    if (shots) {
      await screenshot(terminal, 'shouting-terminal-speaking-en');
      await screenshot(supervisor, 'shouting-panel-live-en');
    }

    // One speaker per room: the administrator is refused with the spec's message.
    await openShoutTab(admin);
    await admin.getByTestId('shout-talk').click();
    await admin.getByTestId('shout-error').getByText('A remote call is already in progress.').waitFor();
    await admin.locator('[data-testid="shout-talk"][data-state="idle"]').waitFor();

    // Stopping frees the room; the terminal goes back to waiting; the broadcast is in the log.
    await supervisor.getByTestId('shout-talk').click();
    await supervisor.locator('[data-testid="shout-talk"][data-state="idle"]').waitFor();
    await terminal.getByTestId('terminal-idle').waitFor();
    await admin.goto(`${server.url}/hxk/back/transcribeManagement`);
    await tree.getByTestId('classroom-tree-search').locator('input').fill(room.name);
    await tree.getByText(room.name, { exact: true }).click();
    await admin.getByTestId('broadcast-log').getByText(demoName('supervisor')).first().waitFor();
    if (shots) await screenshot(admin, 'shouting-key-card-en');

    expect(adminErrors).toEqual([]);
    expect(supervisorErrors).toEqual([]);
    expect(terminalErrors).toEqual([]);
    await Promise.all([admin.context().close(), supervisor.context().close(), terminal.context().close()]);
  });

  it.runIf(shots)('shows the terminal and the panel in zh, en and ja, and at phone width', async () => {
    for (const language of ['zh', 'en', 'ja'] as const) {
      const ctx = await newContext(browser, server.url, { language });
      const page = await ctx.newPage();
      await page.goto(`${server.url}/hxk/terminal`);
      await page.getByTestId('terminal-key-form').waitFor();
      await screenshot(page, `shouting-terminal-key-${language}`);
      await ctx.close();
      const sup = await (await newContext(browser, server.url, { language, mobile: true })).newPage();
      await sup.goto(`${server.url}/hxk/login`);
      await signInWithPassword(sup, 'supervisor', 'Demo@2026');
      await waitForPath(sup, '/Evaluate');
      await openShoutTab(sup);
      await sup.getByTestId('shout-talk').scrollIntoViewIfNeeded();
      await screenshot(sup, `shouting-panel-390-${language}`);
      await sup.context().close();
    }
  });
});
