/**
 * Ant Design selects in browser tests. A searchable select may answer the typed text after a
 * debounce with a new list of options; a click that falls while the list is being replaced (a press
 * on one option, the release on another) picks nothing, which a loaded machine makes likely. So a
 * pick waits for the options to stop changing, clicks, and checks that the option was taken.
 */
import type { Locator, Page } from 'playwright-core';

const OPEN = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';
/** An option of a select, or a node's title in a tree select. */
const OPTION = ['.ant-select-item-option', '.ant-select-tree-node-content-wrapper'];
const inOpen = (parts: string[]) => parts.map((p) => `${OPEN} ${p}`).join(', ');

/** Resolves once no select's dropdown is open. */
export const noDropdownOpen = (page: Page) => page.waitForFunction((open) => document.querySelectorAll(open).length === 0, OPEN);

/** A pattern matching exactly this text (an option's whole label). */
export const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** The options of the open dropdown showing `text`. */
export const openOption = (page: Page, text: string | RegExp) => page.locator(inOpen(OPTION), { hasText: text });

/** Waits until the open dropdown's options have not changed for `quietMs` and its select is not loading. */
async function optionsSettled(page: Page, select: Locator, quietMs = 600): Promise<void> {
  const el = await select.elementHandle();
  await page.evaluate(() => {
    (window as unknown as { hxkOptions?: unknown }).hxkOptions = undefined;
  });
  await page.waitForFunction(
    ([root, options, quiet]) => {
      const w = window as unknown as { hxkOptions?: { key: string; at: number } };
      const key = Array.from(document.querySelectorAll(options))
        .map((o) => o.textContent)
        .join('\n');
      const loading = Boolean(root?.querySelector('.anticon-loading'));
      const now = performance.now();
      if (!w.hxkOptions || w.hxkOptions.key !== key || loading) {
        w.hxkOptions = { key, at: now };
        return false;
      }
      return now - w.hxkOptions.at >= quiet;
    },
    [el, inOpen([...OPTION, '.ant-select-item-empty', '.ant-empty']), quietMs] as const,
    { polling: 100 },
  );
  await el.dispose();
}

/**
 * Opens `select` (no other dropdown open), types `typed`, and picks the first option showing `text`
 * once the options have settled; a multiple select's dropdown is closed afterwards. Throws when the
 * option could not be picked.
 */
export async function pickOption(page: Page, select: Locator, typed: string, text: string | RegExp): Promise<void> {
  await noDropdownOpen(page);
  const multiple = await select.evaluate((e) => Boolean(e.closest('.ant-select-multiple') ?? e.querySelector('.ant-select-multiple')));
  await select.click();
  await page.keyboard.type(typed);
  const option = openOption(page, text).first();
  await option.waitFor();
  await optionsSettled(page, select);
  await option.click();
  if (multiple) {
    // Taken: the option shows as selected, or (once the search is cleared) the select shows its tag.
    const taken = page
      .locator(inOpen(['.ant-select-item-option-selected', '.ant-select-tree-node-selected']), { hasText: text })
      .or(select.locator('.ant-select-selection-item', { hasText: text }));
    await taken.first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
  }
  await noDropdownOpen(page);
}

/** pickOption on the select with this test id. */
export const pick = (page: Page, testId: string, typed: string, text: string | RegExp) => pickOption(page, page.getByTestId(testId), typed, text);

/** Opens the select with this test id (no other dropdown open) and picks its first option. */
export async function chooseFirst(page: Page, testId: string): Promise<void> {
  await noDropdownOpen(page);
  const select = page.getByTestId(testId);
  await select.click();
  const first = page.locator(inOpen(OPTION)).first();
  await first.waitFor();
  await optionsSettled(page, select);
  await first.click();
  await noDropdownOpen(page);
}
