import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { launchBrowser, newContext, screenshot, signInWithPassword, waitForPath, waitForToast } from './support/browser.ts';
import { registerViaUi } from './support/flows.ts';
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

/** What a school's user sync or people import leaves for an account that is not wholly the school's. */
const invite = (account: string, schoolCode: string) =>
  server.app.deps.dbh.db.execute(sql`insert into school_memberships (school_id, account_id, identity, status)
    select s.id, a.id, 4, 'invited' from schools s, accounts a where s.code = ${schoolCode} and a.account = ${account}`);

describe('school invitations', () => {
  it('shows a member their invitation once after sign-in; accepting makes them a member of that school too', async () => {
    await invite('admin2', 'DEMO');
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signInWithPassword(page, 'admin2', DEMO_PASSWORD);
    await waitForPath(page, '/Evaluate');
    const dialog = page.getByTestId('invitations-modal');
    await dialog.getByTestId('invitation-DEMO').getByText('Demo School').waitFor();
    await dialog.getByTestId('invitation-accept-DEMO').click();
    await page.locator('.ant-modal-confirm').waitFor();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await waitForToast(page, 'You have joined Demo School');
    // Nothing left to answer: the dialog and the header entry go away.
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('header-invitations').waitFor({ state: 'detached' });

    await page.goto('/hxk/MeInfo');
    await page.getByRole('tab', { name: 'Schools' }).click();
    await page.getByTestId('my-schools').getByTestId('school-DEMO').getByRole('button', { name: 'Enter' }).waitFor();
    await context.close();
  });

  it('lets a person in no school accept one invitation and decline another, then enter the school', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await registerViaUi(page, server.sms, { account: 'invitee', name: 'Invited Person', phone: '13500000011', password: 'abc12345' });
    await waitForPath(page, '/wenxiang/userInfo');
    await invite('invitee', 'DEMO');
    await invite('invitee', 'SECOND');
    await page.reload();
    const schools = page.getByTestId('choose-school');
    await schools.getByTestId('school-SECOND').getByText('Invited').waitFor();

    await schools.getByTestId('invitation-decline-SECOND').click();
    await page.locator('.ant-modal-confirm').waitFor();
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await waitForToast(page, 'Invitation of Second School declined');
    await schools.getByTestId('school-SECOND').waitFor({ state: 'detached' });

    await schools.getByTestId('invitation-accept-DEMO').click();
    await page.locator('.ant-modal-confirm').waitFor();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await waitForToast(page, 'You have joined Demo School');
    await schools.getByTestId('school-DEMO').getByRole('button', { name: 'Enter' }).click();
    await waitForPath(page, '/Evaluate');
    await context.close();
  });

  it('reads in Chinese and Japanese', async () => {
    for (const [account, language, title, invitedAt] of [['teacher2', 'zh', '学校邀请', '邀请于'], ['leader2', 'ja', '学校からの招待', '招待日時']] as const) {
      await invite(account, 'DEMO');
      const context = await newContext(browser, server.url, { language });
      const page = await context.newPage();
      await signInWithPassword(page, account, DEMO_PASSWORD);
      await waitForPath(page, '/Evaluate');
      const dialog = page.getByTestId('invitations-modal');
      await dialog.getByText(title, { exact: true }).waitFor();
      await dialog.getByTestId('invitation-DEMO').getByText(invitedAt).waitFor();
      await screenshot(page, `school-invitations-${language}`);
      await context.close();
    }
  });
});
