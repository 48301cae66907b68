/** User journeys shared by several browser tests. */
import type { BrowserContext, Page } from 'playwright-core';
import type { RecordingSms } from './server.ts';
import { waitForPath } from './browser.ts';

export type NewAccount = { account: string; name: string; phone: string; password: string; schoolCode?: string };

/** Registers through the form, reading the SMS code as the phone would. */
export async function registerViaUi(page: Page, sms: RecordingSms, a: NewAccount, path = '/hxk/register'): Promise<void> {
  await page.goto(path);
  await page.getByTestId('reg-account').fill(a.account);
  await page.getByTestId('reg-name').fill(a.name);
  await page.getByTestId('reg-phone').fill(a.phone);
  await page.getByTestId('reg-send-sms').click();
  await page.getByTestId('reg-code').fill(await sms.waitFor(a.phone, 'register'));
  await page.getByTestId('reg-password').fill(a.password);
  await page.getByTestId('reg-confirm').fill(a.password);
  if (a.schoolCode) await page.getByTestId('reg-school-code').fill(a.schoolCode);
  await page.getByTestId('reg-submit').click();
}

/** Starts a QR sign-in on /qrlogin and returns what the code encodes (the confirm page URL). */
export async function showLoginQr(page: Page): Promise<string> {
  const created = page.waitForResponse((r) => r.url().includes('/base/wechat/hero/create/wechat/qrcode'));
  await page.goto('/hxk/qrlogin');
  const body = (await (await created).json()) as { code: number; data: { content: string } };
  if (body.code !== 1) throw new Error(`QR code not created: ${JSON.stringify(body)}`);
  await page.getByTestId('qr-image').waitFor();
  return body.data.content;
}

/** Binds the signed-in, school-less account to a school by code from /wenxiang/userInfo. */
export async function bindSchool(page: Page, code: string): Promise<void> {
  await page.getByTestId('school-code').fill(code);
  await page.getByTestId('bind-submit').click();
  await page.locator('.ant-modal-confirm').waitFor();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await waitForPath(page, '/awaitPage');
}

export async function cookieValue(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}
