/**
 * Set up before every browser-test file: when a test fails, each page still open in this file's
 * browsers is photographed to e2e/screenshots/failures/ and its path and toasts are printed, so a
 * failure on a loaded CI machine shows what the screen looked like.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import { describePage, openBrowsers, SCREENSHOT_DIR } from './browser.ts';

const FAILURE_DIR = path.join(SCREENSHOT_DIR, 'failures');

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  fs.mkdirSync(FAILURE_DIR, { recursive: true });
  const base = `${path.basename(ctx.task.file.name, '.e2e.ts')}-${ctx.task.name.replace(/[^\w]+/g, '-').slice(0, 60)}`;
  let n = 0;
  for (const browser of openBrowsers) {
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        if (page.isClosed()) continue;
        const file = path.join(FAILURE_DIR, `${base}-${++n}.png`);
        await page.screenshot({ path: file, timeout: 10_000 }).catch(() => undefined);
        console.error(`[failed test] page ${n} ${await describePage(page).catch(() => '?')}: ${path.relative(process.cwd(), file)}`);
      }
    }
  }
});
