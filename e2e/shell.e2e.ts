import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openMenuItem, screenshot, signInToShell, waitForPath, waitForToast, watchErrors, type ContextOptions } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { eq } from 'drizzle-orm';
import { accounts, roleMenus } from '../apps/server/src/db/schema/index.ts';
import { platformTx } from '../apps/server/src/platform/tenancy.ts';

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

/** Signed in (through the form the first time per account, see signInToShell), once the header is there. */
const signIn = (account: string, opts: ContextOptions = {}): Promise<Page> =>
  signInToShell(browser, server.url, account, { ...opts, ready: (page) => page.getByTestId('app-header').waitFor() });

const toast = waitForToast;
const title = (page: Page) => page.getByTestId('product-title');
/** The data-testid of each open group of the left menu. */
const openGroups = (page: Page) =>
  page.getByTestId('side-menu').locator('.ant-menu-submenu-open').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));

describe('product title', () => {
  it('is editable only for the administrator identity, saves and survives a reload', async () => {
    const teacher = await signIn('teacher');
    await title(teacher).getByText('Demo School').waitFor();
    expect(await teacher.evaluate(() => localStorage.getItem('Identity'))).toBe('4');
    expect(await teacher.getByTestId('product-title-edit').count()).toBe(0);
    await teacher.context().close();

    const admin = await signIn('admin');
    const errors = watchErrors(admin);
    expect(await admin.evaluate(() => localStorage.getItem('Identity'))).toBe('1');
    await admin.getByTestId('product-title-edit').click();
    const editor = admin.locator('.app-header__brand textarea');
    await editor.fill('Supervision Hub');
    const saved = admin.waitForResponse((r) => r.url().includes('/base/system/title/v1/saveOrUpdate'));
    await editor.press('Enter');
    expect((await saved).ok()).toBe(true);
    await toast(admin, 'Modified successfully');
    await admin.reload();
    await title(admin).getByText('Supervision Hub').waitFor();
    expect(errors).toEqual([]);
    await admin.context().close();
  });

  it('says "modified successfully" in Chinese and Japanese', async () => {
    for (const [language, message] of [
      ['zh', '修改成功'],
      ['ja', '変更しました'],
    ] as const) {
      const page = await signIn('admin', { language });
      await page.getByTestId('product-title-edit').click();
      await page.locator('.app-header__brand textarea').fill(`Title ${language}`);
      await page.locator('.app-header__brand textarea').press('Enter');
      await toast(page, message);
      await page.context().close();
    }
  });
});

describe('motion', () => {
  it('animates dialogs, and opens them at once when the system asks for reduced motion', async () => {
    for (const [motion, animated] of [
      ['no-preference', true],
      ['reduce', false],
    ] as const) {
      const page = await signIn('teacher', { motion });
      // Notes whether the dialog ever runs Ant Design's zoom-in (its "active" step; without motion
      // it only passes through "prepare" and shows at once). Every class a record saw counts, the
      // replaced ones too, so steps that came and went between two callbacks are not missed.
      await page.evaluate(() => {
        const w = window as unknown as { zoomed: boolean };
        w.zoomed = false;
        const active = (cls: string | null | undefined) => /\bant-zoom-(appear|enter)-active\b/.test(cls ?? '');
        new MutationObserver((records) => {
          for (const r of records) {
            const added = Array.from(r.addedNodes).flatMap((n) => (n instanceof Element ? [n, ...Array.from(n.querySelectorAll('[class]'))] : []));
            const seen = [r.oldValue, r.target instanceof Element ? r.target.getAttribute('class') : null, ...added.map((e) => e.getAttribute('class'))];
            if (seen.some(active)) w.zoomed = true;
          }
        }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'], attributeOldValue: true });
      });
      await page.getByTestId('header-apps').click();
      await page.getByTestId('apps-body').getByTestId('app-entry').first().waitFor();
      // The content shows from the first step on: wait for the dialog to finish opening either way.
      await page.waitForFunction(() => {
        const modal = document.querySelector('.ant-modal');
        return modal !== null && !/ant-zoom-appear/.test(modal.getAttribute('class') ?? '');
      });
      expect(await page.evaluate(() => (window as unknown as { zoomed: boolean }).zoomed)).toBe(animated);
      await page.context().close();
    }
  });
});

describe('header links', () => {
  it('offers the data board and inspection records only to those who may open them', async () => {
    const teacher = await signIn('teacher');
    await teacher.getByTestId('header-apps').waitFor();
    // A teacher has no data board (the school-wide AI view: e2e/data-board.e2e.ts opens it as an administrator).
    expect(await teacher.getByTestId('header-data-board').count()).toBe(0);
    // A teacher has no inspection records screen: no entry that would open something else instead.
    expect(await teacher.getByTestId('header-inspection-record').count()).toBe(0);
    await teacher.context().close();

    const supervisor = await signIn('supervisor');
    await supervisor.getByTestId('header-inspection-record').click();
    await waitForPath(supervisor, '/SCADA/InspectionRecords');
    await supervisor.getByTestId('inspection-page').waitFor();
    await supervisor.context().close();
  });
});

describe('application list', () => {
  it('opens at 1008 x 600, lists the entries by category and narrows them by name', async () => {
    const page = await signIn('teacher');
    const errors = watchErrors(page);
    const listed = page.waitForResponse((r) => r.url().includes('/base/application/v1/getApplictations'));
    await page.getByTestId('header-apps').click();
    const sent = (await listed).request().postDataJSON() as { pageSize: number; pageNum: number };
    expect(sent).toMatchObject({ pageNum: 1, pageSize: 100 });
    const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('apps-body') });
    await modal.getByTestId('app-entry').first().waitFor();
    // Polled: the dialog zooms in from a smaller size.
    await expect.poll(async () => (await modal.boundingBox())?.width).toBe(1008);
    await expect.poll(async () => (await modal.locator('.ant-modal-body').boundingBox())?.height).toBe(600);

    const entries = modal.getByTestId('app-entry');
    expect(await entries.count()).toBe(3);
    expect(await modal.innerText()).toContain('Teaching');
    expect(await modal.innerText()).toContain('Campus');
    const board = entries.filter({ hasText: 'Data board' });
    expect(await board.getAttribute('href')).toBe(`${server.url}/hxk/wenxiang/dataAnalysisReport`);
    expect(await board.getAttribute('target')).toBeNull();
    const website = entries.filter({ hasText: 'School website' });
    expect(await website.getAttribute('href')).toBe('https://www.example.edu/');
    expect(await website.getAttribute('target')).toBe('_blank');
    expect(await website.getAttribute('rel')).toContain('noopener');
    // One page holds 100: no pager for three entries.
    expect(await modal.locator('.ant-pagination').count()).toBe(0);

    const search = modal.getByTestId('apps-search').locator('input');
    await search.fill('website');
    await search.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="app-entry"]').length === 1);
    expect(await entries.first().innerText()).toContain('School website');
    await search.fill('nothing like this');
    await search.press('Enter');
    await modal.getByTestId('apps-empty').waitFor();

    await search.fill('');
    await search.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="app-entry"]').length === 3);
    await modal.getByTestId('app-entry').filter({ hasText: 'Classroom supervision' }).click();
    await page.waitForURL(`${server.url}/hxk/Evaluate`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('full screen', () => {
  it('hides the header until the person leaves it', async () => {
    const page = await signIn('teacher');
    await page.getByTestId('header-full-screen').click();
    await page.getByTestId('full-screen-exit').waitFor();
    expect(await page.getByTestId('app-header').count()).toBe(0);
    await page.getByTestId('full-screen-exit').click();
    await page.getByTestId('app-header').waitFor();
    expect(await page.getByTestId('full-screen-exit').count()).toBe(0);
    await page.context().close();
  });
});

describe('on a phone', () => {
  it('opens the left menu over the content from the header, closes it on navigation, and never scrolls sideways', async () => {
    const page = await signIn('teacher', { mobile: true, language: 'zh' });
    const sider = page.locator('.app-sider');
    // Collapsed to zero width (its 1 px border aside).
    const width = async () => Math.round(((await sider.boundingBox())?.width ?? 0) / 10) * 10;
    expect(await width()).toBe(0);
    // Nothing of the header runs past the screen's edge.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId('menu-toggle').click();
    // 248 px and its border, to the nearest ten.
    await expect.poll(width).toBe(250);
    // It opens on the group of the screen shown.
    expect(await openGroups(page)).toEqual(['menu-group-evaluation']);
    if (shots) await screenshot(page, 'shell-phone-menu-zh');
    await openMenuItem(page, 'MeAppeal');
    await waitForPath(page, '/MeAppeal');
    await expect.poll(width).toBe(0);
    // Folded away, no group of it pops up over the screen.
    expect(await page.locator('.ant-menu-submenu-popup').filter({ visible: true }).count()).toBe(0);
    await page.getByTestId('menu-toggle').click();
    await expect.poll(width).toBe(250);
    expect(await openGroups(page)).toEqual(['menu-group-reportsAppeals']);
    await page.getByTestId('menu-toggle').click();
    await expect.poll(width).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });
});

/** The visible parts of the header (buttons, the logo, the title's text), left to right. */
async function headerParts(page: Page): Promise<{ id: string; left: number; right: number; top: number; bottom: number; clipped: boolean }[]> {
  return page.getByTestId('app-header').evaluate((header) => {
    const parts = Array.from(header.querySelectorAll('button, img, .app-header__title-text')).filter((el) => !(el.tagName === 'IMG' && el.closest('button')));
    return parts
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && r.height > 0)
      .map(({ el, r }) => ({
        id: el.getAttribute('data-testid') || el.className.toString().split(' ')[0] || el.tagName,
        left: r.left,
        right: r.right,
        top: r.top,
        bottom: r.bottom,
        clipped: el.scrollWidth > el.clientWidth + 1,
      }))
      .sort((a, b) => a.left - b.left);
  });
}

describe('phone header (390 px)', () => {
  for (const [account, allowed, menu, absent] of [
    ['student', ['menu-toggle', 'header-notifications', 'header-more'], ['header-apps', 'user-menu-me', 'language-zh', 'language-en', 'language-ja'], ['header-inspection-record', 'header-full-screen']],
    ['admin', ['menu-toggle', 'ant-typography-edit', 'header-notifications', 'header-more'], ['header-inspection-record', 'header-apps', 'user-menu-me', 'language-ja'], ['header-full-screen']],
  ] as const) {
    it(`keeps the logo, the title, the bell and one menu, side by side, for the ${account}`, async () => {
      const page = await signIn(account, { mobile: true });
      await page.getByTestId('header-more').waitFor();
      const parts = await headerParts(page);
      // Nothing overlaps and nothing runs past the screen's edge.
      for (const [i, a] of parts.entries()) {
        expect(a.left, a.id).toBeGreaterThanOrEqual(0);
        expect(a.right, a.id).toBeLessThanOrEqual(390);
        for (const b of parts.slice(i + 1)) {
          const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
          expect(overlap, `${a.id} overlaps ${b.id}`).toBe(false);
        }
      }
      // The (short) title shows whole.
      expect(parts.find((p) => p.id === 'app-header__title-text')?.clipped).toBe(false);
      expect(parts.map((p) => p.id).filter((id) => id !== 'app-header__title-text' && id !== 'IMG')).toEqual(allowed);

      // The rest is in the menu, each entry with its label; nothing the person cannot use.
      await page.getByTestId('header-more').click();
      const dropdown = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
      for (const id of menu) await dropdown.getByTestId(id).waitFor();
      for (const id of absent) expect(await page.getByTestId(id).count(), id).toBe(0);
      expect(await dropdown.getByTestId('header-apps').innerText()).toBe('Applications');
      if (shots) await screenshot(page, `shell-phone-header-${account}`);
      if (account === 'admin') {
        await dropdown.getByTestId('header-inspection-record').click();
        await waitForPath(page, '/SCADA/InspectionRecords');
      } else {
        await dropdown.getByTestId('language-ja').click();
        await page.getByTestId('side-menu').getByText('個人情報').waitFor({ state: 'attached' });
      }
      await page.context().close();
    });
  }
});

describe('left menu', () => {
  it('opens the group of the screen shown, and one group at a time', async () => {
    const page = await signIn('admin');
    expect(await openGroups(page)).toEqual(['menu-group-evaluation']);
    await page.getByTestId('side-menu').getByTestId('menu-group-planning').locator('.ant-menu-submenu-title').click();
    await expect.poll(() => openGroups(page)).toEqual(['menu-group-planning']);
    // On load, the group of the address's screen.
    await page.goto('/hxk/back/rolePermission');
    await page.getByTestId('role-permission').waitFor();
    expect(await openGroups(page)).toEqual(['menu-group-settings']);
    // A screen opened from outside the menu (the header) opens its group.
    await page.getByTestId('header-inspection-record').click();
    await waitForPath(page, '/SCADA/InspectionRecords');
    await expect.poll(() => openGroups(page)).toEqual(['menu-group-patrol']);
    expect(await page.getByTestId('side-menu').locator('.ant-menu-item-selected').getAttribute('data-testid')).toBe('menu-InspectionRecords');
    await page.context().close();
  });

  it('finds a screen by its title, lists it under its group, and opens it from the keyboard', async () => {
    const page = await signIn('admin');
    const errors = watchErrors(page);
    const search = page.getByTestId('menu-search').locator('input');
    await search.click();
    await page.keyboard.type('records');
    const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await list.getByTestId('menu-search-InspectionRecords').waitFor();
    // Each match under its group, in menu order; titles only ("Attendance record" is no "records").
    expect(await list.locator('.ant-select-item').allInnerTexts()).toEqual(['Lesson evaluation', 'Evaluation records', 'Patrol and live', 'Inspection records']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/SCADA/InspectionRecords');
    expect(await search.inputValue()).toBe('');
    await expect.poll(() => openGroups(page)).toEqual(['menu-group-patrol']);

    await search.fill('nothing like this');
    await page.getByTestId('menu-search-empty').getByText('No screen matches').waitFor();
    // Enter takes the first match.
    await search.fill('roster');
    await page.getByTestId('menu-search-SteeringList').waitFor();
    await search.press('Enter');
    await waitForPath(page, '/back/SteeringList');
    await expect.poll(() => openGroups(page)).toEqual(['menu-group-planning']);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('searches the titles of the current language', async () => {
    const page = await signIn('admin', { language: 'zh' });
    await page.getByTestId('menu-search').locator('input').fill('名单');
    const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await list.getByTestId('menu-search-SteeringList').waitFor();
    expect(await list.locator('.ant-select-item').allInnerTexts()).toEqual(['督导规划', '督导名单']);
    await list.getByTestId('menu-search-SteeringList').click();
    await waitForPath(page, '/back/SteeringList');
    await page.context().close();
  });

  it('shows a screen moved to another group under its new group to a role that held it before the move', async () => {
    const admin = await signIn('admin');
    const post = (url: string, body: unknown) =>
      admin.evaluate(
        async ([u, b]) => {
          const r = await fetch(u, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' }, body: JSON.stringify(b) });
          return (await r.json()) as { code: number; data: { roleId?: string } };
        },
        [url, body] as const,
      );
    const roleId = (await post('/app/ddxk/role/v1/saveOrUpdate', { name: 'Roster keepers' })).data.roleId!;
    const schoolId = (await admin.context().cookies()).find((c) => c.name === 'schoolId')!.value;
    // Saved when the supervisor roster (166) sat in "Recording and live" (160) and front-row settings
    // (173) in "Settings" (170): the rows name those groups.
    const studentId = await platformTx(server.app.deps.dbh.db, 'seed', async (tx) => {
      await tx.insert(roleMenus).values([160, 166, 170, 173].map((menuId) => ({ schoolId, roleId, menuId })));
      return (await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.account, 'student')))[0]!.id;
    });
    expect((await post('/app/ddxk/role/v1/authRole', { userIds: [String(studentId)], roleIds: [roleId], mode: 'add' })).code).toBe(1);
    await admin.context().close();

    const student = await signIn('student');
    const menu = student.getByTestId('side-menu');
    expect(await menu.getByTestId('menu-group-planning').getByTestId('menu-SteeringList').count()).toBe(1);
    expect(await menu.getByTestId('menu-group-recording').getByTestId('menu-frontRowSettings').count()).toBe(1);
    expect(await menu.getByTestId('menu-group-settings').count()).toBe(0);
    await openMenuItem(student, 'SteeringList');
    await waitForPath(student, '/back/SteeringList');
    await expect.poll(() => openGroups(student)).toEqual(['menu-group-planning']);
    await student.getByTestId('steering-search').waitFor();
    expect(await student.getByTestId('no-permission').count()).toBe(0);
    await student.context().close();
  });
});

describe('keep-alive', () => {
  it("keeps a kept-alive list's filter and search text when switching routes and back", async () => {
    const page = await signIn('admin');
    await openMenuItem(page, 'schoolApplications');
    await waitForPath(page, '/back/schoolApplications');
    const screen = page.getByTestId('school-applications');
    await screen.locator('.ant-segmented-item', { hasText: 'All' }).click();
    // The segmented control's thumb animates; leaving mid-animation (the page is only hidden) would
    // leave no item marked selected, so wait for it to settle first.
    await screen.locator('.ant-segmented-item-selected', { hasText: 'All' }).waitFor();
    const search = screen.getByPlaceholder('Search name, account or phone');
    await search.fill('teacher');
    await search.press('Enter');

    await openMenuItem(page, 'MeInfo');
    await waitForPath(page, '/MeInfo');
    // Still mounted, only hidden.
    await screen.waitFor({ state: 'hidden' });
    expect(await screen.count()).toBe(1);
    await openMenuItem(page, 'schoolApplications');
    await waitForPath(page, '/back/schoolApplications');
    await screen.waitFor();
    expect(await screen.locator('.ant-segmented-item-selected').innerText()).toBe('All');
    expect(await search.inputValue()).toBe('teacher');
    expect(await page.getByTestId('school-applications').count()).toBe(1);
    await page.context().close();
  });
});

describe('log out', () => {
  it('clears local storage (but the language), session storage and cookies and goes to /login', async () => {
    const page = await signIn('admin', { language: 'en' });
    await page.waitForFunction(() => sessionStorage.getItem('UserIsAdmin') !== null);
    await page.evaluate(() => {
      localStorage.setItem('somethingElse', 'x');
      sessionStorage.setItem('breadcrumbs', '[]');
      document.cookie = 'extra=1; path=/';
    });
    expect(await page.evaluate(() => document.cookie)).toContain('hxk_signed_in');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(page, '/login');
    const state = await page.evaluate(() => ({
      local: Object.keys(localStorage),
      session: sessionStorage.length,
      cookie: document.cookie,
    }));
    expect(state).toEqual({ local: ['language'], session: 0, cookie: '' });
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('hxk_session');
    await page.context().close();
  });
});

const screenshots = process.env.HXK_SCREENSHOTS === '1';

describe.skipIf(!screenshots)('shell screenshots', () => {
  for (const language of ['zh', 'en', 'ja'] as const) {
    it(`captures the header, the application list and full screen in ${language}`, async () => {
      const page = await signIn('admin', { language });
      const settle = async () => {
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(400);
      };
      await settle();
      await screenshot(page, `40-shell-header-${language}`);
      await page.getByTestId('product-title-edit').click();
      await settle();
      await screenshot(page, `41-shell-title-edit-${language}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('header-apps').click();
      await page.getByTestId('app-entry').first().waitFor();
      await settle();
      await screenshot(page, `42-shell-apps-${language}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('header-full-screen').click();
      await page.getByTestId('full-screen-exit').waitFor();
      await settle();
      await screenshot(page, `43-shell-full-screen-${language}`);
      await page.context().close();
    });
  }
});

describe('scrolling', () => {
  it('scrolls the menu by itself, keeps the header, and shows every new screen from its top', async () => {
    const page = await signIn('admin');
    // Low enough that even the closed groups do not fit.
    await page.setViewportSize({ width: 1280, height: 480 });
    const menu = page.getByTestId('side-menu');
    // An entry of the last group but one, reached by scrolling the menu, not the page.
    await openMenuItem(page, 'GlobalSettings');
    await waitForPath(page, '/back/GlobalSettings');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await menu.evaluate((el) => el.closest('.ant-layout-sider')!.scrollTop)).toBeGreaterThan(0);
    expect((await page.getByTestId('app-header').boundingBox())?.y).toBe(0);
    // A long screen scrolled down, then another screen from the menu: it opens at its top.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect((await page.getByTestId('app-header').boundingBox())?.y).toBe(0);
    await openMenuItem(page, 'roleManagement');
    await waitForPath(page, '/back/roleManagement');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });
});
