/**
 * Class recordings made by the media gateway (issue 14): the app runs with MEDIA_GATEWAY=mediamtx and
 * MEDIA_GATEWAY_PLAYBACK_URL against the MediaMTX double. The recording-window round switches a demo
 * room's camera path to recorded for its class; after the class the player plays the playback
 * server's MP4 straight from the gateway (video.currentTime advances), seeks by loading it again from
 * a later moment (no Range there), and the download writes the download log before the browser
 * fetches the file from the gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { zonedClock } from '@hxk/contracts';
import { launchBrowser, newContext, screenshot, signInToShell, signInWithPassword, waitForPath, waitForToast, watchErrors } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { startMediaMtxDouble, type MediaMtxDouble } from '../apps/server/src/test/mediamtx-double.ts';
import { gatewayPathName } from '../apps/server/src/platform/adapters/media-gateway-mediamtx.ts';
import { platformTx, schoolTx } from '../apps/server/src/platform/tenancy.ts';
import { reconcileWindows } from '../apps/server/src/modules/recordings/gateway-recordings.ts';
import { zonedInstant } from '../apps/server/src/modules/recordings/recording-windows.ts';

const shots = process.env.HXK_SCREENSHOTS === '1';
const HOOK_SECRET = 'e2e-hook-secret-0123456789abcdef';
const TZ = process.env.SCHOOL_TIMEZONE ?? 'Asia/Shanghai';

let server: TestServer;
let browser: Browser;
let gw: MediaMtxDouble;
/** The server's clock: the real one moved by `offset` (the tests jump to before and after a class). */
let offset = 0;
const now = () => new Date(Date.now() + offset);
const setClock = (at: Date) => {
  offset = at.getTime() - Date.now();
};
let schoolId: string;
/** A demo class today at session 3, in a room whose cameras the gateway records. */
let cls: { id: string; classroomId: string; camera: string; startMinute: number; endMinute: number; course: string };

const round = () => reconcileWindows(server.app.deps, schoolId, (fn) => schoolTx(server.app.deps.dbh.db, schoolId, fn));
const today = () => zonedClock(new Date(), TZ).date;

beforeAll(async () => {
  // Just before session 3 (10:00): its window opens at 09:59, and a round switches it on from 09:57:30.
  setClock(zonedInstant(today(), 9 * 60 + 58, TZ));
  [gw, browser] = await Promise.all([startMediaMtxDouble({ closeAfterMs: 2000, now: () => now().getTime() }), launchBrowser()]);
  server = await startServer({
    now,
    env: {
      MEDIA_GATEWAY: 'mediamtx',
      MEDIA_GATEWAY_API_URL: gw.apiUrl,
      MEDIA_GATEWAY_PLAY_URL: gw.hlsUrl,
      MEDIA_GATEWAY_PLAYBACK_URL: gw.playbackUrl,
      MEDIA_GATEWAY_HOOK_SECRET: HOOK_SECRET,
      PLAY_TOKEN_SECRET: 'e2e-play-token-secret-0123456789abcdef',
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    },
  });
  // The rounds run here, on the test's clock (in production a recurring job runs them every minute).
  await server.app.deps.jobs.stop();
  gw.authHTTPAddress = `${server.url}/live/gateway/auth?key=${HOOK_SECRET}`;
  ({ schoolId, cls } = await platformTx(server.app.deps.dbh.db, 'seed', async (tx) => {
    const school = ((await tx.execute(sql`select id::text as id from schools order by id limit 1`)) as unknown as { rows: { id: string }[] }).rows[0]!.id;
    const found = ((await tx.execute(sql`
      select cs.id::text as id, r.id::text as "classroomId", c.name as course, st.start_minute as "startMinute", et.end_minute as "endMinute",
        (select cam.id::text from cameras cam where cam.school_id = r.school_id and cam.classroom_id = r.id and cam.frame <> 'composite' order by cam.sort, cam.id limit 1) as camera
      from course_sessions cs
      join classrooms r on r.school_id = cs.school_id and r.id = cs.classroom_id and r.enabled
      join courses c on c.school_id = cs.school_id and c.id = cs.course_id
      join session_times st on st.school_id = cs.school_id and st.session_no = cs.session_start
      join session_times et on et.school_id = cs.school_id and et.session_no = cs.session_end
      where cs.school_id = ${school} and cs.lesson_date = ${today()}::date and cs.session_start = 3
        and exists (select 1 from cameras cam where cam.school_id = r.school_id and cam.classroom_id = r.id and cam.frame <> 'composite')
      order by r.name limit 1`)) as unknown as { rows: (typeof cls)[] }).rows[0];
    if (!found) throw new Error('no demo class at session 3 today');
    // Only this room's cameras have streams: the gateway records this class and nothing else.
    await tx.execute(sql`update cameras set stream_url = null where school_id = ${school}`);
    await tx.execute(sql`update cameras set stream_url = 'rtsp://10.20.' || (id % 200) || '.' || (id % 250) || ':554/Streaming/Channels/101' where school_id = ${school} and classroom_id = ${found.classroomId}`);
    return { schoolId: school, cls: found };
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await gw?.close();
});

const video = (page: Page) => page.getByTestId('recording-video');
/** The player shows a picture and its time moves on. */
async function plays(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const v = document.querySelector<HTMLVideoElement>('[data-testid="recording-video"]');
    return !!v && v.videoWidth > 0 && v.currentTime > 0.5;
  }, undefined, { timeout: 60_000 });
  const before = await video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
  await page.waitForFunction((t0) => (document.querySelector<HTMLVideoElement>('[data-testid="recording-video"]')?.currentTime ?? 0) > t0 + 1, before, { timeout: 30_000 });
}
const srcStart = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => new URL(v.currentSrc || v.src).searchParams.get('start'));

describe('class recordings from the media gateway', () => {
  it('records the class\'s window on the gateway, then plays, seeks and downloads it from the playback server', async () => {
    const path = gatewayPathName(schoolId, cls.camera, 'main');
    expect(await round()).toMatchObject({ on: 1, opened: 1 });
    expect(gw.paths.get(path)).toMatchObject({ record: true, sourceOnDemand: false });
    // A minute after the class: back on demand, the recording is ready.
    setClock(new Date(zonedInstant(today(), cls.endMinute, TZ).getTime() + 65_000));
    expect(await round()).toMatchObject({ off: 1, closed: 1 });
    expect(gw.recorded.get(path)?.[0]?.end).not.toBeNull();

    const page = await signInToShell(browser, server.url, 'admin', { language: 'en' });
    const errors = watchErrors(page);
    await page.goto(`/hxk/SCADA/Recording?courseSessionId=${cls.id}&source=2`);
    await page.getByTestId('recording-title').getByText(cls.course).waitFor();
    await video(page).waitFor();
    // Straight from the gateway's playback server: video never passes through hxk.
    const src = await video(page).evaluate((v: HTMLVideoElement) => v.src);
    expect(src.startsWith(`${gw.playbackUrl}/get?`)).toBe(true);
    expect(new URL(src).searchParams.get('format')).toBe('mp4');
    await plays(page);
    expect(gw.hookCalls.some((c) => c.body.action === 'playback' && c.body.path === path && c.status === 200)).toBe(true);
    await page.getByTestId('recording-clock').getByText(/\d\d:\d\d:\d\d/).waitFor();
    if (shots) await screenshot(page, 'recordings-gateway-player-en');

    // Seeking: the slider loads the recording again from a later moment, which plays on.
    const startBefore = await srcStart(page);
    const slider = page.getByTestId('recording-seek');
    // In view first: a mouse click at a position below the fold lands nowhere.
    await slider.scrollIntoViewIfNeeded();
    const box = (await slider.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height / 2);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="recording-video"]')?.getAttribute('data-offset')) > 60);
    const startAfter = await srcStart(page);
    expect(Date.parse(startAfter!)).toBeGreaterThan(Date.parse(startBefore!) + 60_000);
    // The double records a call once the auth hook has answered, which may be after the src changed.
    await expect.poll(() => gw.playbackCalls.some((c) => c.route === '/get' && c.query.start === startAfter && c.status === 200), { timeout: 15_000 }).toBe(true);
    await plays(page);

    // Download: the log first, then the browser fetches the MP4 from the gateway (another origin: a new tab).
    const gets = gw.playbackCalls.filter((c) => c.route === '/get' && c.status === 200).length;
    const opened = page.context().waitForEvent('page');
    await page.getByTestId('recording-download').click();
    const tab = await opened;
    await waitForToast(page, 'recorded in the download log');
    expect(tab.url().startsWith(`${gw.playbackUrl}/get?`)).toBe(true);
    await expect.poll(() => gw.playbackCalls.filter((c) => c.route === '/get' && c.status === 200).length, { timeout: 15_000 }).toBeGreaterThan(gets);
    await tab.close();
    const log = await page.evaluate(async () => {
      const res = await fetch('/base/video/download/log/v1/page', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pageNum: 1, pageSize: 10 }) });
      return ((await res.json()) as { data: { list: { account: string; fileName: string | null; courseSessionId?: string | null }[] } }).data.list;
    });
    expect(log[0]).toMatchObject({ account: 'admin' });
    expect(log[0]!.fileName).toMatch(/\.mp4$/);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('reads in Chinese and Japanese, fits a phone, and says when the gateway has lost the recording', async () => {
    for (const language of ['zh', 'ja'] as const) {
      const page = await signInToShell(browser, server.url, 'admin', { language });
      await page.goto(`/hxk/SCADA/Recording?courseSessionId=${cls.id}&source=2`);
      await plays(page);
      if (shots) await screenshot(page, `recordings-gateway-player-${language}`);
      await page.context().close();
    }
    const phone = await (await newContext(browser, server.url, { mobile: true })).newPage();
    await signInWithPassword(phone, 'admin', 'Demo@2026');
    await waitForPath(phone, '/Evaluate');
    await phone.goto(`/hxk/SCADA/Recording?courseSessionId=${cls.id}&source=2`);
    await plays(phone);
    expect(await video(phone).evaluate((v) => v.getBoundingClientRect().width)).toBeLessThanOrEqual(390);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (shots) await screenshot(phone, 'recordings-gateway-player-phone');
    await phone.context().close();

    // The gateway deleted the segments (retention): the player says so instead of a black box.
    gw.recorded.delete(gatewayPathName(schoolId, cls.camera, 'main'));
    const page = await signInToShell(browser, server.url, 'admin', { language: 'en' });
    await page.goto(`/hxk/SCADA/Recording?courseSessionId=${cls.id}&source=2`);
    await page.getByTestId('recording-error').getByText('not available on the media gateway').waitFor();
    if (shots) await screenshot(page, 'recordings-gateway-missing-en');
    await page.context().close();
  }, 180_000);
});
