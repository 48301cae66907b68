import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { zonedClock } from '@hxk/contracts';
import { launchBrowser, newContext, screenshot, signInToShell, signInWithPassword, waitForPath, watchErrors } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { schoolMorning } from './support/clock.ts';
import { startOnvifDouble, type OnvifDouble } from '../apps/server/src/test/onvif-double.ts';
import { platformTx } from '../apps/server/src/platform/tenancy.ts';

const shots = process.env.HXK_SCREENSHOTS === '1';


let server: TestServer;
let browser: Browser;
let onvif: OnvifDouble;
/** A demo room in class now with at least two online cameras; its first camera is made a PTZ camera on the ONVIF double. */
let room: { id: string; name: string; course: string; ptzCamera: string };

beforeAll(async () => {
  [server, browser, onvif] = await Promise.all([
    startServer({ now: schoolMorning() }),
    launchBrowser(),
    startOnvifDouble({ username: 'ptz', password: 'Lens#2026', profiles: ['profile_1'] }),
  ]);
  const today = zonedClock(server.app.deps.now(), server.app.deps.config.schoolTimezone).date;
  room = await platformTx(server.app.deps.dbh.db, 'seed', async (tx) => {
    const found = (await tx.execute(sql`
      select r.id::text as id, r.name, c.name as course,
        (select cam.id::text from cameras cam where cam.school_id = r.school_id and cam.classroom_id = r.id and cam.status <> 'offline' order by cam.sort, cam.id limit 1) as "ptzCamera"
      from classrooms r
      join course_sessions cs on cs.school_id = r.school_id and cs.classroom_id = r.id
      join courses c on c.school_id = cs.school_id and c.id = cs.course_id
      join schools s on s.id = r.school_id
      where s.code = (select code from schools order by id limit 1) and cs.lesson_date = ${today}::date and 3 between cs.session_start and cs.session_end
        and (select count(*) from cameras cam where cam.school_id = r.school_id and cam.classroom_id = r.id and cam.status <> 'offline') >= 2
        and not exists (select 1 from warnings w where w.school_id = r.school_id and w.classroom_id = r.id and w.ended_at is null)
      order by r.name limit 1`) as unknown as { rows: { id: string; name: string; course: string; ptzCamera: string }[] }).rows[0];
    if (!found) throw new Error('no demo room in class with two cameras');
    await tx.execute(sql`update cameras set ptz = true, onvif_url = ${onvif.url}, username = 'ptz', password = 'Lens#2026', profile_token = 'profile_1' where id = ${found.ptzCamera}`);
    return found;
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await onvif?.close();
});

/** The stage's video plays: its time moves on. */
async function stagePlays(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const v = document.querySelector<HTMLVideoElement>('[data-testid="detail-stage"] video');
    return !!v && v.currentTime > 0.5 && v.videoWidth > 0;
  }, undefined, { timeout: 60_000 });
  const before = await page.$eval('[data-testid="detail-stage"] video', (v) => (v as HTMLVideoElement).currentTime);
  await page.waitForFunction((t) => (document.querySelector<HTMLVideoElement>('[data-testid="detail-stage"] video')?.currentTime ?? 0) > t + 0.5, before, { timeout: 30_000 });
}

const openDetail = async (page: Page) => {
  await page.goto(`${server.url}/hxk/SCADA/Detail?classroomId=${room.id}`);
  await page.getByTestId('detail-page').waitFor();
};

describe('classroom detail under patrol', () => {
  it('plays the frames, moves the camera, takes a comment and attendance, and records the visit', async () => {
    const page = await signInToShell(browser, server.url, 'supervisor', { language: 'en' });
    const errors = watchErrors(page);
    await openDetail(page);
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    await page.getByTestId('detail-title').getByText(room.name).waitFor();
    await page.getByTestId('detail-class').getByText(room.course, { exact: true }).waitFor();
    await page.getByTestId('detail-class').getByText('In class').waitFor();
    expect(await page.getByTestId('detail-stage').getAttribute('data-camera')).toBe(room.ptzCamera);
    await stagePlays(page);

    // Another frame: the stage switches camera and that one plays.
    const frames = page.getByTestId('detail-frames').locator('.ant-segmented-item');
    await frames.nth(1).click();
    await page.waitForFunction((id) => document.querySelector('[data-testid="detail-stage"]')?.getAttribute('data-camera') !== id, room.ptzCamera);
    await stagePlays(page);

    // Back to the PTZ camera: its controls send ONVIF commands to the device.
    await frames.nth(0).click();
    await page.getByTestId('detail-ptz-left').click();
    await page.getByTestId('detail-ptz-sent').getByText('Sent to the camera: Pan left').waitFor();
    await page.getByTestId('detail-ptz-stop').click();
    await page.getByTestId('detail-ptz-sent').getByText('Sent to the camera: Stop').waitFor();
    expect(onvif.commands.map((c) => c.action)).toEqual(['ContinuousMove', 'Stop']);
    expect(onvif.refused).toBe(0);

    // Attendance, changed once.
    await page.getByTestId('detail-attendance-absent').click();
    await page.getByTestId('detail-attendance-note').getByText('Marked: Absent').waitFor();
    await page.getByTestId('detail-attendance-late').click();
    await page.getByTestId('detail-attendance-note').getByText('Marked: Late').waitFor();

    // A comment stamped with the moment of the picture, listed with a link to the recording there.
    await page.getByTestId('detail-tab-comment').click();
    await page.getByTestId('detail-comment-input').fill('The back rows cannot see the board');
    await page.getByTestId('detail-comment-add').click();
    const item = page.locator('[data-testid^="detail-comment-"]', { hasText: 'The back rows cannot see the board' });
    await item.first().waitFor();
    await item.getByRole('button', { name: 'Open recording' }).waitFor();

    await page.getByTestId('detail-tab-plan').click();
    // The class's lesson plans (lesson-plans.e2e.ts opens one), or none handed in.
    await page.locator('[data-testid="class-plans"], [data-testid="class-plans-empty"]').first().waitFor();
    await page.getByTestId('detail-tab-evaluation').click();
    await page.getByTestId('detail-evaluate').waitFor();
    if (shots) await screenshot(page, 'patrol-detail-en');
    // An evaluation started here is marked "evaluated during patrol" in the evaluator's records.
    await page.getByTestId('detail-evaluate').click();
    const start = page.getByTestId('detail-eval-start');
    await page.getByTestId('detail-eval-template').waitFor();
    if (await start.isDisabled()) {
      await page.getByTestId('detail-eval-template').click();
      await page.locator('.ant-select-item-option').first().click();
    }
    await start.click();
    const opened = page.getByTestId('detail-evaluation-open');
    await opened.waitFor();
    const evaluationId = new URL((await opened.getAttribute('href'))!, server.url).searchParams.get('id')!;

    // Leaving ends the visit; the header's entry lists it with the comment and the attendance.
    await page.getByTestId('detail-back').click();
    await page.getByTestId('header-inspection-record').click();
    await waitForPath(page, '/SCADA/InspectionRecords');
    const row = page.locator('[data-testid^="inspection-row-"]', { hasText: room.name }).first();
    await row.getByText('The back rows cannot see the board').waitFor();
    await row.getByText('Late').waitFor();
    await row.getByText(room.course).first().waitFor();
    if (shots) await screenshot(page, 'patrol-inspection-en');

    await page.goto(`${server.url}/hxk/SCADA/AttendanceRecord`);
    const att = page.locator('[data-testid^="attendance-row-"]', { hasText: room.course }).first();
    await att.getByText('Late').waitFor();
    await page.getByTestId('attendance-export').waitFor();
    if (shots) await screenshot(page, 'patrol-attendance-en');

    await page.goto(`${server.url}/hxk/LessonEvaluationRecord`);
    await page.getByTestId(`record-patrol-${evaluationId}`).getByText('Evaluated during patrol').waitFor();
    if (shots) await screenshot(page, 'patrol-evaluation-records-en');
    await page.getByTestId(`record-open-${evaluationId}`).click();
    await page.getByTestId('record-by-patrol').getByText('Evaluated during patrol').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('is shown in Chinese and Japanese, and works at phone width', async () => {
    for (const lng of ['zh', 'ja'] as const) {
      const page = await signInToShell(browser, server.url, 'admin', { language: lng });
      await openDetail(page);
      await page.getByTestId('detail-class').waitFor();
      await page.getByTestId('detail-stage').waitFor();
      if (shots) {
        await stagePlays(page);
        await screenshot(page, `patrol-detail-${lng}`);
        await page.goto(`${server.url}/hxk/SCADA/InspectionRecords`);
        await page.locator('[data-testid^="inspection-row-"]').first().waitFor();
        await screenshot(page, `patrol-inspection-${lng}`);
        await page.goto(`${server.url}/hxk/SCADA/AttendanceRecord`);
        await page.locator('[data-testid^="attendance-row-"]').first().waitFor();
        await screenshot(page, `patrol-attendance-${lng}`);
        // The supervisor's evaluation from the first test, marked in the records.
        const records = await signInToShell(browser, server.url, 'supervisor', { language: lng });
        await records.goto(`${server.url}/hxk/LessonEvaluationRecord`);
        await records.locator('[data-testid^="record-patrol-"]').first().waitFor();
        await screenshot(records, `patrol-evaluation-records-${lng}`);
        await records.context().close();
      }
      await page.context().close();
    }
    // On a phone the left menu is folded away: signed in without waiting for it.
    const phone = await (await newContext(browser, server.url, { language: 'en', mobile: true })).newPage();
    await signInWithPassword(phone, 'supervisor', 'Demo@2026');
    await waitForPath(phone, '/Evaluate');
    await openDetail(phone);
    await phone.getByTestId('detail-attendance-normal').click();
    await phone.getByTestId('detail-attendance-note').getByText('Marked: Normal').waitFor();
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    if (shots) {
      await stagePlays(phone);
      await screenshot(phone, 'patrol-detail-phone');
      await phone.goto(`${server.url}/hxk/LessonEvaluationRecord`);
      await phone.locator('[data-testid^="record-patrol-"]').first().waitFor();
      await screenshot(phone, 'patrol-evaluation-records-phone');
    }
    await phone.context().close();
  }, 240_000);
});
