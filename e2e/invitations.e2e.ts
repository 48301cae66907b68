/**
 * Invitations to listen and notifications (issue 6): a teacher invites the supervisor to a class; the
 * supervisor's bell rises live over the WebSocket, they agree from the invitations screen and
 * evaluate the class; a second invitation is rejected in Chinese, where a short reason is refused by
 * the form. The server's clock is set to the coming Monday before classes, when the demo teacher has
 * classes that have not ended and an agreed one can already be evaluated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, signInToShell, waitForPath, waitForToast, watchErrors } from './support/browser.ts';
import { pickOption } from './support/select.ts';
import { startServer, type TestServer } from './support/server.ts';

const shots = process.env.HXK_SCREENSHOTS === '1';
let server: TestServer;
let browser: Browser;

/** The Monday after the real today, 06:00 in the school's zone (Asia/Shanghai): before any class of the day. */
function comingMondayMorning(): Date {
  const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const toMonday = ((8 - today.getUTCDay()) % 7) || 7;
  const monday = new Date(today.getTime() + toMonday * 86_400_000).toISOString().slice(0, 10);
  return new Date(`${monday}T06:00:00+08:00`);
}

beforeAll(async () => {
  const offset = comingMondayMorning().getTime() - Date.now();
  [server, browser] = await Promise.all([startServer({ now: () => new Date(Date.now() + offset) }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Resolves once the page's notification socket has said hello. */
function socketHello(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/app/ws')) return;
      ws.on('framereceived', (f) => {
        if (typeof f.payload === 'string' && f.payload.includes('"hello"')) resolve();
      });
    });
  });
}

/** Lets drawers, modals and toasts finish their entrance before a screenshot. */
async function shot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

const unread = async (page: Page) => Number(await page.getByTestId('header-notifications').getAttribute('data-unread'));

/** The teacher invites the supervisor to the first class nobody is invited to yet; returns its course name. */
async function inviteSupervisor(page: Page, message: string, shotName?: string): Promise<string> {
  await page.getByTestId('invitation-invite').click();
  const drawer = page.getByTestId('invite-drawer');
  await drawer.waitFor();
  const free = drawer.locator('[data-testid^="invite-class-"][role="radio"]').filter({ hasNot: page.locator('.ant-tag') });
  await free.first().waitFor();
  const course = ((await free.first().locator('.ant-typography strong, strong').first().textContent()) ?? '').trim();
  await free.first().click();
  await pickOption(page, drawer.getByTestId('invite-invitees'), 'supervisor', '(supervisor)');
  await drawer.getByTestId('invite-message').fill(message);
  if (shotName) await shot(page, shotName);
  await drawer.getByTestId('invite-submit').click();
  // Should it stay open, the failure photo and messages (support/on-failure) say what kept it.
  await drawer.waitFor({ state: 'hidden' });
  return course;
}

describe('invitations to listen', () => {
  it('invite, accept and evaluate', async () => {
    const supervisor = await signInToShell(browser, server.url, 'supervisor', { language: 'en' });
    const errors = watchErrors(supervisor);
    const hello = socketHello(supervisor);
    await supervisor.reload();
    await hello;
    const before = await unread(supervisor);

    const teacher = await signInToShell(browser, server.url, 'teacher', { language: 'en' });
    await teacher.goto('/hxk/InviteMeToListen');
    // A teacher does not evaluate lessons: the screen opens on the invitations they sent.
    await teacher.locator('[data-testid="invitations-page"][data-tab="sent"]').waitFor();
    const course = await inviteSupervisor(teacher, 'Please look at the group work in the second half.', 'i6-inv-01-invite-drawer-en');
    await waitForToast(teacher, 'Invitations sent: 1');
    const sent = teacher.getByTestId('invitations-sent').locator('[data-testid^="invitation-"][data-status="pending"]', { hasText: course });
    await sent.first().waitFor();
    await shot(teacher, 'i6-inv-02-sent-en');

    // Live: the supervisor's bell rises and a toast tells them, with no reload.
    await expect.poll(() => unread(supervisor)).toBe(before + 1);
    await supervisor.getByTestId('notification-toast').filter({ hasText: course }).first().waitFor();
    await shot(supervisor, 'i6-inv-03-live-toast-en');
    await supervisor.getByTestId('header-notifications').click();
    const drawer = supervisor.getByTestId('notification-drawer');
    const item = drawer.locator('[data-kind="invitation.new"][data-read="false"]', { hasText: course }).first();
    await item.waitFor();
    await shot(supervisor, 'i6-inv-04-notifications-en');

    // Following it reads it and opens the invitation.
    await item.click();
    await waitForPath(supervisor, '/InviteMeToListen?tab=received');
    await expect.poll(() => unread(supervisor)).toBe(before);
    const card = supervisor.getByTestId('invitations-received').locator('[data-testid^="invitation-"][data-status="pending"]', { hasText: course }).first();
    await card.waitFor();
    await card.getByText('Please look at the group work').waitFor();
    await shot(supervisor, 'i6-inv-05-received-en');
    await card.locator('[data-testid^="invitation-agree-"]').click();
    await supervisor.locator('[data-testid^="invitation-agree-ok-"]').click();
    await waitForToast(supervisor, 'Invitation agreed');
    const agreed = supervisor.getByTestId('invitations-received').locator('[data-testid^="invitation-"][data-status="agreed"]', { hasText: course }).first();
    await agreed.waitFor();

    // The teacher hears of it live too.
    await teacher.getByTestId('notification-toast').filter({ hasText: 'agreed to observe' }).first().waitFor();

    await agreed.locator('[data-testid^="invitation-evaluate-"]').click();
    const template = supervisor.getByTestId('invitation-evaluate-template');
    await template.waitFor();
    const start = supervisor.getByTestId('invitation-evaluate-start');
    if (await start.isDisabled()) {
      await template.click();
      await supervisor.locator('.ant-select-item-option').first().click();
    }
    await shot(supervisor, 'i6-inv-06-template-en');
    await start.click();
    await waitForPath(supervisor, /^\/TeachingRecordDetail\?id=\d+$/);
    await supervisor.locator('[data-testid="record-page"][data-editable="true"]').waitFor();
    await shot(supervisor, 'i6-inv-07-record-form-en');

    // Back on the list, the invitation now offers to continue the draft.
    await supervisor.goto('/hxk/InviteMeToListen?tab=received');
    await supervisor
      .getByTestId('invitations-received')
      .locator('[data-testid^="invitation-"][data-status="agreed"]', { hasText: course })
      .first()
      .locator('[data-testid^="invitation-record-"]', { hasText: 'Continue' })
      .waitFor();
    expect(errors).toEqual([]);
    await teacher.context().close();
    await supervisor.context().close();
  });

  it('refuses a rejection reason under 5 characters, in Chinese', async () => {
    const teacher = await signInToShell(browser, server.url, 'teacher', { language: 'zh' });
    await teacher.goto('/hxk/InviteMeToListen');
    await teacher.locator('[data-testid="invitations-page"][data-tab="sent"]').waitFor();
    const course = await inviteSupervisor(teacher, '欢迎来听课');
    await waitForToast(teacher, '已发送 1 个邀请');

    const supervisor = await signInToShell(browser, server.url, 'supervisor', { language: 'zh' });
    const errors = watchErrors(supervisor);
    await supervisor.goto('/hxk/InviteMeToListen');
    // A supervisor evaluates lessons: the screen opens on the invitations to them.
    await supervisor.locator('[data-testid="invitations-page"][data-tab="received"]').waitFor();
    const card = supervisor.getByTestId('invitations-received').locator('[data-testid^="invitation-"][data-status="pending"]', { hasText: course }).first();
    await card.waitFor();
    await card.locator('[data-testid^="invitation-reject-"]').click();
    await supervisor.getByTestId('invitation-reject-reason').fill('没空');
    await supervisor.getByTestId('invitation-reject-ok').click();
    await supervisor.getByText('请至少填写 5 个字符').waitFor();
    await shot(supervisor, 'i6-inv-08-reject-rule-zh');
    await supervisor.getByTestId('invitation-reject-reason').fill('当天上午有校级会议，无法到场');
    await supervisor.getByTestId('invitation-reject-ok').click();
    const rejected = supervisor.getByTestId('invitations-received').locator('[data-testid^="invitation-"][data-status="rejected"]', { hasText: course }).first();
    await rejected.getByText('当天上午有校级会议').waitFor();
    await shot(supervisor, 'i6-inv-09-rejected-zh');

    // The teacher reads the reason in their list.
    await teacher.getByTestId('notification-toast').filter({ hasText: '当天上午有校级会议' }).first().waitFor();
    await teacher.getByTestId('invitations-sent').locator('[data-testid^="invitation-"][data-status="rejected"]', { hasText: course }).first().waitFor();
    expect(errors).toEqual([]);
    await teacher.context().close();
    await supervisor.context().close();
  });

  it('shows the invitations screen and the notification drawer in Japanese, on a phone too', async () => {
    const teacher = await signInToShell(browser, server.url, 'teacher', { language: 'ja' });
    await teacher.goto('/hxk/InviteMeToListen');
    await teacher.getByTestId('invitations-sent').locator('[data-testid^="invitation-"][data-status]').first().waitFor();
    await shot(teacher, 'i6-inv-10-invitations-ja');
    await teacher.getByTestId('header-notifications').click();
    await teacher.getByTestId('notification-drawer').locator('[data-kind]').first().waitFor();
    await expect.poll(() => teacher.getByTestId('notification-drawer').textContent()).toMatch(/辞退|承諾/);
    await shot(teacher, 'i6-inv-11-notifications-ja');
    await teacher.context().close();

    const supervisor = await signInToShell(browser, server.url, 'supervisor', { language: 'ja' });
    await supervisor.setViewportSize({ width: 390, height: 844 });
    await supervisor.goto('/hxk/InviteMeToListen');
    await supervisor.getByTestId('invitations-received').locator('[data-testid^="invitation-"][data-status]').first().waitFor();
    await shot(supervisor, 'i6-inv-12-received-mobile-ja');
    await supervisor.getByTestId('header-notifications').click();
    await supervisor.getByTestId('notification-drawer').locator('[data-kind="invitation.new"]').first().waitFor();
    await shot(supervisor, 'i6-inv-13-notifications-mobile-ja');
    await supervisor.context().close();
  });
});
