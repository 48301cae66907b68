/**
 * Keyboard use (issue 20, accessibility): the left menu is reached with Tab, moved through with the
 * arrow keys and opened with Enter; a dialog takes the focus, keeps it while open, closes on Escape and
 * gives the focus back to the button that opened it; a confirmation is answered from the keyboard.
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

const signIn = (account: string): Promise<Page> =>
  signInToShell(browser, server.url, account, { ready: (page) => page.getByTestId('app-header').waitFor() });

/** The test id of the focused element, or of the closest element around it that has one. */
const focusedId = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);

/** Whether the focused element is inside the element with this test id (or its portal's dialog). */
const focusIn = (page: Page, selector: string) =>
  page.evaluate((sel) => Boolean(document.activeElement && document.activeElement.closest(sel)), selector);

describe('keyboard', () => {
  it('reaches the left menu with Tab, moves with the arrows and opens a screen with Enter', async () => {
    const page = await signIn('admin');
    const errors = watchErrors(page);
    await page.goto('/hxk/back/userManagement');
    await page.getByTestId('user-add').waitFor();
    // From the menu search, Tab goes into the menu itself.
    await page.getByTestId('menu-search').locator('input').focus();
    await page.keyboard.press('Tab');
    expect(await focusIn(page, '[data-testid="side-menu"]')).toBe(true);
    // The arrows move the active item; Enter on a group title opens it, on a screen opens the screen.
    const active = () => page.getByTestId('side-menu').locator('.ant-menu-item-active, .ant-menu-submenu-active > .ant-menu-submenu-title').first();
    const start = await page.url();
    let opened = false;
    for (let i = 0; i < 80 && !opened; i++) {
      await page.keyboard.press('ArrowDown');
      const testId = await active().evaluate((el) => el.closest('[data-testid]')?.getAttribute('data-testid') ?? '').catch(() => '');
      if (testId === 'menu-SteeringList') {
        await page.keyboard.press('Enter');
        opened = true;
      } else if (testId.startsWith('menu-group-planning')) {
        // Opens the group whose screens follow.
        const open = await page.getByTestId('side-menu').locator('.ant-menu-submenu-open [data-testid="menu-SteeringList"]').count();
        if (!open) await page.keyboard.press('Enter');
      }
    }
    expect(opened).toBe(true);
    await waitForPath(page, '/back/SteeringList');
    expect(page.url()).not.toBe(start);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the focus in an open dialog, closes it with Escape and gives the focus back', async () => {
    const page = await signIn('admin');
    const errors = watchErrors(page);
    await page.goto('/hxk/back/userManagement');
    const add = page.getByTestId('user-add');
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal');
    await dialog.waitFor();
    await expect.poll(() => focusIn(page, '.ant-modal-wrap')).toBe(true);
    // Tab and Shift+Tab never reach the page behind the dialog, however far one goes: past its last field
    // the focus may leave the document for the browser's own controls (no keyboard trap, WCAG 2.1.2), and the
    // next Tab brings it back to the dialog's first field.
    const inDialogOrBrowser = () => page.evaluate(() => document.activeElement === document.body || Boolean(document.activeElement?.closest('.ant-modal-wrap')));
    const where = () => page.evaluate(() => {
      const el = document.activeElement;
      return el ? `${el.tagName}.${el.className} ${el.closest('[data-testid]')?.getAttribute('data-testid') ?? ''} ${el.outerHTML.slice(0, 200)}` : 'none';
    });
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await inDialogOrBrowser(), `Tab ${i + 1}: ${await where()}`).toBe(true);
    }
    let back = false;
    for (let i = 0; i < 3 && !back; i++) {
      await page.keyboard.press('Tab');
      back = await focusIn(page, '.ant-modal-wrap');
    }
    expect(back).toBe(true);
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inDialogOrBrowser(), `Shift+Tab ${i + 1}: ${await where()}`).toBe(true);
    }
    // The first field can be typed into from the keyboard.
    await page.getByTestId('user-account').focus();
    await page.keyboard.type('kb.user');
    expect(await page.getByTestId('user-account').inputValue()).toBe('kb.user');
    // Escape closes the topmost layer: a tooltip or list opened on the way first, then the dialog.
    for (let i = 0; i < 3 && (await dialog.isVisible()); i++) {
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden', timeout: 2000 }).catch(() => undefined);
    }
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedId(page)).toBe('user-add');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('answers a confirmation from the keyboard: Escape cancels, Enter confirms', async () => {
    const page = await signIn('admin');
    const errors = watchErrors(page);
    await page.goto('/hxk/back/userManagement');
    const box = page.getByTestId('users-search').locator('input');
    await box.fill('student');
    await box.press('Enter');
    const reset = page.getByTestId('user-reset-student');
    const confirm = page.locator('.ant-modal-confirm');
    await reset.focus();
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    // The confirmation takes the focus (on its confirming button), so the keyboard answers it.
    await expect.poll(() => focusIn(page, '.ant-modal-confirm')).toBe(true);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedId(page)).toBe('user-reset-student');
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    await expect.poll(() => focusIn(page, '.ant-modal-confirm .ant-btn-primary')).toBe(true);
    await page.keyboard.press('Enter');
    await waitForToast(page, `Password of ${demoName('student')} reset`);
    await confirm.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
