import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, signInWithPassword, waitForPath, watchErrors } from './support/browser.ts';
import { DEMO_PASSWORD, startServer, type TestServer } from './support/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('sign-in', () => {
  it('signs the Demo School administrator in with a password and lands in the shell', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInWithPassword(page, 'admin', DEMO_PASSWORD);
    await waitForPath(page, '/MeInfo');
    await expect(page.getByTestId('product-title').textContent()).resolves.toContain('Demo School');
    const menu = page.getByTestId('side-menu');
    await expect(menu.textContent()).resolves.toContain('Personal info');
    await expect(menu.textContent()).resolves.toContain('School applications');
    await page.getByTestId('me-info').waitFor();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'hxk_signed_in')?.value).toBe('1');
    expect(cookies.find((c) => c.name === 'hxk_session')?.httpOnly).toBe(true);
    expect(cookies.find((c) => c.name === 'schoolId')?.value).toMatch(/^\d+$/);
    expect(await page.evaluate(() => localStorage.getItem('Identity'))).toBe('1');
    // The login log was confirmed once with platform id 3, and forgotten.
    await page.waitForFunction(() => localStorage.getItem('logId') === null);
    expect(errors).toEqual([]);
    await context.close();
  });
});
