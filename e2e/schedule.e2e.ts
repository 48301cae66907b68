import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signInWithPassword, waitForPath, waitForToast, watchErrors } from './support/browser.ts';
import { pick, pickOption } from './support/select.ts';
import { DEMO_PASSWORD, startServer, type TestServer } from './support/server.ts';

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

async function openSchedule(language: 'zh' | 'en' | 'ja' = 'en'): Promise<Page> {
  const context = await newContext(browser, server.url, { language });
  const page = await context.newPage();
  await signInWithPassword(page, 'admin', DEMO_PASSWORD);
  await waitForPath(page, '/Evaluate');
  await page.goto('/hxk/back/scheduleManage');
  await page.getByTestId('courses-table').locator('.ant-table-row').first().waitFor();
  return page;
}

const toast = waitForToast;
const totalText = (page: Page) => page.getByTestId('courses-tab').locator('.ant-pagination-total-text').innerText();
const rowsText = (page: Page) => page.getByTestId('courses-table').locator('.ant-table-row').allInnerTexts();
/** Picks an option of a searchable select by typing it (the first match is taken). */
const choose = (select: Locator, text: string) => pickOption(select.page(), select, text, text);
/** Waits until the table shows a total other than `before`. */
const totalChangedFrom = (page: Page, before: string) => expect.poll(() => totalText(page), { timeout: 10_000 }).not.toBe(before);

describe('schedule management', () => {
  it('filters the course list by department and by teacher', async () => {
    const page = await openSchedule();
    const errors = watchErrors(page);
    const all = await totalText(page);
    expect(all).toMatch(/^Total: \d+$/);

    // Department: the Physics department's courses only.
    await page.getByTestId('courses-filter-unit').click();
    await page.keyboard.type('Physics');
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: 'Department of Physics' }).click();
    await totalChangedFrom(page, all);
    const physics = await rowsText(page);
    expect(physics.length).toBeGreaterThan(0);
    for (const row of physics) expect(row).toContain('Department of Physics');

    // Teacher as well: the demo teacher's Physics courses (or none), then only the teacher.
    const byUnit = await totalText(page);
    await page.getByTestId('courses-filter-unit').locator('.ant-select-clear').click({ force: true });
    await expect.poll(() => totalText(page)).toBe(all);
    await pick(page, 'courses-filter-teacher', 'teacher', '(teacher)');
    await totalChangedFrom(page, all);
    const mine = await rowsText(page);
    expect(mine.length).toBeGreaterThan(0);
    for (const row of mine) expect(row).toMatch(/\nteacher\n/);
    expect(await totalText(page)).not.toBe(byUnit);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('adds a course with a session and shows it in the week view', async () => {
    const page = await openSchedule();
    const errors = watchErrors(page);
    await page.getByTestId('course-add').click();
    await page.getByTestId('course-form').waitFor();
    // The form's own rules first.
    await page.getByTestId('course-form-ok').click();
    await page.getByTestId('course-form').getByText('Required').first().waitFor();

    await page.getByTestId('course-name').fill('Astronomy Workshop');
    await page.getByTestId('course-code').fill('E2E-ASTRO');
    await pick(page, 'course-teacher', 'teacher', '(teacher)');
    await page.locator('[data-testid="course-students"] input, input[data-testid="course-students"]').fill('24');
    await page.getByTestId('slot-add').click();
    const slot = page.getByTestId('course-slot').first();
    await choose(slot.getByTestId('slot-weekday'), 'Saturday');
    await choose(slot.getByTestId('slot-session-start'), 'Session 9');
    await choose(slot.getByTestId('slot-session-end'), 'Session 10');
    await choose(slot.getByTestId('slot-classroom'), 'A A101');
    await page.getByTestId('course-form-ok').click();
    await toast(page, 'Course added');
    await page.getByTestId('course-drawer').waitFor({ state: 'hidden' });

    const box = page.getByTestId('courses-search').locator('input');
    await box.fill('E2E-ASTRO');
    await box.press('Enter');
    await expect.poll(() => totalText(page)).toBe('Total: 1');
    expect((await rowsText(page))[0]).toMatch(/Astronomy Workshop[\s\S]*Saturday · Sessions 9-10 · Teaching Building A A101/);

    // The same room and time again is a room clash, named in the message.
    await page.getByTestId('course-add').click();
    await page.getByTestId('course-name').fill('Clashing');
    await page.getByTestId('course-code').fill('E2E-CLASH');
    await pick(page, 'course-teacher', 'leader', '(leader)');
    await page.getByTestId('slot-add').click();
    const clash = page.getByTestId('course-slot').first();
    await choose(clash.getByTestId('slot-weekday'), 'Saturday');
    await choose(clash.getByTestId('slot-session-start'), 'Session 10');
    await choose(clash.getByTestId('slot-session-end'), 'Session 10');
    await choose(clash.getByTestId('slot-classroom'), 'A A101');
    await page.getByTestId('course-form-ok').click();
    await toast(page, /Room clash: Teaching Building A A101 already has "Astronomy Workshop"/);
    // Closed by its button (Escape depends on where the focus is after the toast).
    await page.locator('.ant-drawer-close:visible').click();
    await page.getByTestId('course-drawer').waitFor({ state: 'hidden' });

    // The week view: this week, room A101 by default, today's column marked.
    await page.getByRole('tab', { name: 'Timetable' }).click();
    const grid = page.getByTestId('timetable-grid');
    await grid.getByTestId('timetable-entry').filter({ hasText: 'Astronomy Workshop' }).waitFor();
    expect(await grid.getByTestId('timetable-entry').filter({ hasText: 'Astronomy Workshop' }).innerText()).toMatch(/Sessions 9-10/);
    await page.getByTestId('timetable-today').first().waitFor();
    // Another room does not have it.
    await choose(page.getByTestId('timetable-classroom'), 'A A102');
    await expect.poll(() => grid.getByTestId('timetable-entry').filter({ hasText: 'Astronomy Workshop' }).count()).toBe(0);
    expect(errors.filter((e) => !/409/.test(e))).toEqual([]);
    await page.context().close();
  });

  it("gives a new course its teacher's department unless one was chosen, and labels every input of a timetable line", async () => {
    const page = await openSchedule();
    await page.getByTestId('course-add').click();
    await page.getByTestId('course-form').waitFor();
    const unit = page.getByTestId('course-form').getByTestId('course-unit');
    expect((await unit.innerText()).trim()).toBe('');
    // The teacher's department, as the server knows it, fills the empty field.
    const teachers = await page.evaluate(async () => (await (await fetch('/app/ddxk/course/v1/teacherOptions?keyword=teacher')).json()) as { data: { account: string; orgUnitId?: string | null }[] });
    expect(teachers.data.find((p) => p.account === 'teacher')?.orgUnitId).toBeTruthy();
    await pick(page, 'course-teacher', 'teacher', '(teacher)');
    await expect.poll(async () => (await unit.innerText()).trim()).not.toBe('');
    const taken = (await unit.innerText()).trim();
    // Chosen by hand, the department stays when the teacher changes.
    const otherName = taken === 'Department of Physics' ? 'Department of Chemistry' : 'Department of Physics';
    await unit.click();
    await page.keyboard.type(otherName.replace('Department of ', ''));
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: otherName }).click();
    await expect.poll(async () => (await unit.innerText()).trim()).toBe(otherName);
    await pick(page, 'course-teacher', 'leader', '(leader)');
    await expect.poll(async () => (await unit.innerText()).trim()).toBe(otherName);

    await page.getByTestId('slot-add').click();
    const slot = page.getByTestId('course-slot').first();
    for (const label of ['From week', 'To week', 'Weeks', 'Weekday', 'From', 'To', 'Classroom']) {
      expect(await slot.getByLabel(label, { exact: true }).count(), label).toBe(1);
    }
    await page.context().close();
  });
});

/** `HXK_SCREENSHOTS=1 npx vitest run --project e2e schedule` writes every tab (and the course drawer) in each language. */
describe.skipIf(!shots)('schedule screenshots', () => {
  for (const lng of ['zh', 'en', 'ja'] as const) {
    it(`captures every tab in ${lng}`, async () => {
      const page = await openSchedule(lng);
      await page.setViewportSize({ width: 1440, height: 900 });
      const settle = async () => {
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(400);
      };
      await settle();
      await screenshot(page, `schedule-courses-${lng}`);
      await page.getByTestId('course-edit').first().click();
      await page.getByTestId('course-slot').first().waitFor();
      await settle();
      await screenshot(page, `schedule-course-drawer-${lng}`);
      await page.keyboard.press('Escape');
      const tabs = page.locator('.ant-tabs-tab');
      await tabs.nth(1).click();
      await page.getByTestId('timetable-entry').first().waitFor();
      await settle();
      await screenshot(page, `schedule-timetable-${lng}`);
      await tabs.nth(2).click();
      await page.getByTestId('semesters-table').locator('.ant-table-row').first().waitFor();
      await settle();
      await screenshot(page, `schedule-semesters-${lng}`);
      await tabs.nth(3).click();
      await page.getByTestId('session-time-row').first().waitFor();
      await settle();
      await screenshot(page, `schedule-session-times-${lng}`);
      await page.context().close();
    });
  }
});
