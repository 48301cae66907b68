/**
 * Live video over WebRTC through the media gateway (issue 14): the app runs with MEDIA_GATEWAY=mediamtx
 * against the MediaMTX double, whose WebRTC server answers WHEP for real (werift, a VP8 picture from
 * ffmpeg). Tiles and the classroom detail play over WebRTC; when the gateway's WebRTC fails, the same
 * tile falls back to the gateway's HLS.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { zonedClock } from '@hxk/contracts';
import { launchBrowser, newContext, screenshot, signInToShell, signInWithPassword, waitForPath, watchErrors } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { schoolMorning } from './support/clock.ts';
import { startMediaMtxDouble, type MediaMtxDouble } from '../apps/server/src/test/mediamtx-double.ts';
import { gatewayPathName } from '../apps/server/src/platform/adapters/media-gateway-mediamtx.ts';
import { platformTx } from '../apps/server/src/platform/tenancy.ts';

const shots = process.env.HXK_SCREENSHOTS === '1';
const HOOK_SECRET = 'e2e-hook-secret-0123456789abcdef';


let server: TestServer;
let browser: Browser;
let gw: MediaMtxDouble;
let schoolId: string;
/** A demo room in class with at least two online cameras. */
let room: { id: string; cameras: string[] };

beforeAll(async () => {
  [gw, browser] = await Promise.all([startMediaMtxDouble({ closeAfterMs: 2000 }), launchBrowser()]);
  server = await startServer({
    now: schoolMorning(),
    env: {
      MEDIA_GATEWAY: 'mediamtx',
      MEDIA_GATEWAY_API_URL: gw.apiUrl,
      MEDIA_GATEWAY_PLAY_URL: gw.hlsUrl,
      MEDIA_GATEWAY_WEBRTC_URL: gw.webrtcUrl,
      MEDIA_GATEWAY_HOOK_SECRET: HOOK_SECRET,
      PLAY_TOKEN_SECRET: 'e2e-play-token-secret-0123456789abcdef',
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    },
  });
  gw.authHTTPAddress = `${server.url}/live/gateway/auth?key=${HOOK_SECRET}`;
  const today = zonedClock(server.app.deps.now(), server.app.deps.config.schoolTimezone).date;
  ({ schoolId, room } = await platformTx(server.app.deps.dbh.db, 'seed', async (tx) => {
    const school = ((await tx.execute(sql`select id::text as id from schools order by id limit 1`)) as unknown as { rows: { id: string }[] }).rows[0]!.id;
    // The directory holds each camera's main RTSP stream; the gateway pulls it.
    await tx.execute(sql`update cameras set stream_url = 'rtsp://10.20.' || (id % 200) || '.' || (id % 250) || ':554/Streaming/Channels/101' where school_id = ${school}`);
    const found = (await tx.execute(sql`
      select r.id::text as id,
        array(select cam.id::text from cameras cam where cam.school_id = r.school_id and cam.classroom_id = r.id and cam.status <> 'offline' order by cam.sort, cam.id) as cameras
      from classrooms r
      join course_sessions cs on cs.school_id = r.school_id and cs.classroom_id = r.id
      where r.school_id = ${school} and cs.lesson_date = ${today}::date and 3 between cs.session_start and cs.session_end
        and (select count(*) from cameras cam where cam.school_id = r.school_id and cam.classroom_id = r.id and cam.status <> 'offline') >= 2
      order by r.name limit 1`)) as unknown as { rows: { id: string; cameras: string[] }[] };
    if (!found.rows[0]) throw new Error('no demo room in class with two cameras');
    return { schoolId: school, room: found.rows[0] };
  }));
});

// A failed test leaves no page playing into the next one.
afterEach(async () => {
  for (const context of browser.contexts()) {
    for (const page of context.pages()) await page.goto('about:blank').catch(() => undefined);
    await context.close();
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await gw?.close();
});

const stage = '[data-testid="detail-stage"] [data-testid="live-player"]';

/** The stage plays over `transport`: its video has a picture and its time moves on. */
async function stagePlays(page: Page, transport: 'webrtc' | 'hls'): Promise<void> {
  await page.waitForFunction((sel) => {
    const v = document.querySelector<HTMLVideoElement>(`${sel} video`);
    return !!v && v.currentTime > 0.5 && v.videoWidth > 0;
  }, `${stage}[data-transport="${transport}"]`, { timeout: 60_000 });
  const before = await page.$eval(`${stage} video`, (v) => (v as HTMLVideoElement).currentTime);
  await page.waitForFunction(([sel, t]) => (document.querySelector<HTMLVideoElement>(`${sel} video`)?.currentTime ?? 0) > (t as number) + 1, [stage, before] as const, { timeout: 30_000 });
}

const openDetail = async (page: Page) => {
  await page.goto(`${server.url}/hxk/SCADA/Detail?classroomId=${room.id}`);
  await page.getByTestId('detail-page').waitFor();
};
/**
 * Leaves the app: its WHEP sessions end on pagehide (a preflighted DELETE). The profile is closed
 * only once the gateway has seen `path`'s sessions go, or closing it would cut the DELETE off. A
 * keepalive DELETE sent as the document goes is now and then dropped by Chromium; the gateway then
 * ends the session when the peer's ICE consent expires (30 s, RFC 7675), as MediaMTX does — so the
 * wait covers that too. (The DELETE itself is checked where the page navigates within the app.)
 */
const leave = async (page: Page, path: string) => {
  await page.goto('about:blank');
  await expect.poll(() => gw.whepSessions().filter((s) => s.path === path).length, { timeout: 45_000 }).toBe(0);
  await page.context().close();
};
const mainPath = (cameraId: string) => gatewayPathName(schoolId, cameraId, 'main');
const sessionsOf = (path: string) => gw.whepSessions().filter((s) => s.path === path);
const reads = (path: string, protocol: 'webrtc' | 'hls') => gw.hookCalls.filter((c) => c.body.path === path && c.body.protocol === protocol && c.status === 200).length;

describe('live video over WebRTC through the gateway', () => {
  it('plays a patrol tile over WebRTC, one encoder for two viewers of a camera, and ends the sessions when the pages leave', async () => {
    /** The wall narrowed to the warned room: one tile, playing over WebRTC. */
    const wallOfOne = async (account: string) => {
      const page = await signInToShell(browser, server.url, account, { language: 'en' });
      await page.goto('/hxk/SCADA');
      await page.getByTestId('filter-warning').click();
      await page.getByTestId('page-indicator').getByText('Page 1 / 1').waitFor();
      await page.waitForFunction(() => {
        const players = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="patrol-tile"] [data-testid="live-player"]'));
        const v = players[0]?.querySelector('video');
        return players.length === 1 && players[0]!.dataset.transport === 'webrtc' && !!v && v.videoWidth > 0 && v.currentTime > 1;
      }, undefined, { timeout: 90_000, polling: 500 });
      return page;
    };
    const first = await wallOfOne('admin');
    const errors = watchErrors(first);
    const second = await wallOfOne('admin');
    // Both viewers read the warned room's camera; the tiles of the unfiltered wall that had already
    // asked have ended their sessions.
    const watched = () => [...new Set(gw.whepSessions().map((s) => s.path))];
    await expect.poll(watched, { timeout: 20_000 }).toHaveLength(1);
    const path = watched()[0]!;
    expect(path).toMatch(new RegExp(`^hxk_${schoolId}_\\d+_sub$`));
    expect(sessionsOf(path)).toHaveLength(2);
    // One pull and one encoder for the camera, however many viewers (the others stop after closeAfter).
    await expect.poll(() => gw.webrtcEncoders(), { timeout: 20_000 }).toEqual([path]);
    expect(gw.activePulls().filter((p) => p.path === path)).toHaveLength(1);
    expect(reads(path, 'webrtc')).toBeGreaterThanOrEqual(2);
    // The time the tile shows moves on.
    const t0 = await first.$eval('[data-testid="patrol-tile"] video', (v) => (v as HTMLVideoElement).currentTime);
    await first.waitForFunction((t) => (document.querySelector<HTMLVideoElement>('[data-testid="patrol-tile"] video')?.currentTime ?? 0) > t + 1, t0, { timeout: 30_000 });
    if (shots) await screenshot(first, 'live-webrtc-wall-en');
    // Leaving the page DELETEs the session (pagehide), whatever the next page is. (A session whose
    // answer was still on its way when the page left is dropped by the gateway's handshake timeout.)
    await first.goto('/hxk/Evaluate');
    await expect.poll(() => sessionsOf(path).length, { timeout: 20_000 }).toBe(1);
    expect(errors).toEqual([]);
    await leave(second, path);
    // Nobody reads: the pull and its encoder stop after closeAfter.
    await expect.poll(() => gw.webrtcEncoders().includes(path), { timeout: 10_000 }).toBe(false);
    await first.context().close();
  }, 240_000);

  it('plays the classroom detail over WebRTC, switches cameras without leaking sessions, in every language and at phone width', async () => {
    const page = await signInToShell(browser, server.url, 'supervisor', { language: 'en' });
    const errors = watchErrors(page);
    await openDetail(page);
    await stagePlays(page, 'webrtc');
    const first = mainPath(room.cameras[0]!);
    expect(sessionsOf(first)).toHaveLength(1);
    expect(reads(first, 'webrtc')).toBeGreaterThan(0);
    // The picture is the gateway's (960x540 main stream), not the built-in simulator's.
    expect(await page.$eval(`${stage} video`, (v) => (v as HTMLVideoElement).videoWidth)).toBe(960);
    if (shots) await screenshot(page, 'live-webrtc-detail-en');

    await page.getByTestId('detail-frames').locator('.ant-segmented-item').nth(1).click();
    await page.waitForFunction((id) => document.querySelector('[data-testid="detail-stage"]')?.getAttribute('data-camera') === id, room.cameras[1]!);
    await stagePlays(page, 'webrtc');
    // The stage's former camera's session ended when it switched.
    await expect.poll(() => sessionsOf(first).length, { timeout: 20_000 }).toBe(0);
    expect(sessionsOf(mainPath(room.cameras[1]!))).toHaveLength(1);
    expect(errors).toEqual([]);
    await leave(page, mainPath(room.cameras[1]!));

    for (const lng of ['zh', 'ja'] as const) {
      const p = await signInToShell(browser, server.url, 'admin', { language: lng });
      await openDetail(p);
      await stagePlays(p, 'webrtc');
      if (shots) await screenshot(p, `live-webrtc-detail-${lng}`);
      await leave(p, first);
    }
    const phone = await (await newContext(browser, server.url, { language: 'en', mobile: true })).newPage();
    await signInWithPassword(phone, 'supervisor', 'Demo@2026');
    await waitForPath(phone, '/Evaluate');
    await openDetail(phone);
    await stagePlays(phone, 'webrtc');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (shots) await screenshot(phone, 'live-webrtc-detail-phone');
    await leave(phone, first);
  }, 240_000);

  it('falls back to the gateway\'s HLS when WHEP is refused or no picture comes through', async () => {
    const page = await signInToShell(browser, server.url, 'supervisor', { language: 'en' });
    const errors = watchErrors(page);
    const path = mainPath(room.cameras[0]!);
    try {
      // The gateway cannot read the source over WebRTC: WHEP answers 500, the tile plays HLS at once.
      gw.webrtcFault = 'unavailable';
      const before = reads(path, 'hls');
      await openDetail(page);
      await page.locator(`${stage}[data-transport="hls"]`).waitFor({ timeout: 30_000 });
      // hls.js asks the gateway's HLS server for the playlist, and its hook admits the same token.
      await expect.poll(() => reads(path, 'hls'), { timeout: 15_000 }).toBeGreaterThan(before);
      expect(sessionsOf(path)).toEqual([]);

      // WHEP is answered but no media gets through (UDP blocked): after a few seconds, HLS again.
      gw.webrtcFault = 'silent';
      await page.goto('/hxk/Evaluate');
      const hlsBefore = reads(path, 'hls');
      await openDetail(page);
      await page.locator(`${stage}[data-transport="webrtc"]`).waitFor({ timeout: 30_000 });
      await expect.poll(() => sessionsOf(path).length, { timeout: 15_000 }).toBe(1);
      const silent = sessionsOf(path)[0]!.id;
      await page.locator(`${stage}[data-transport="hls"]`).waitFor({ timeout: 30_000 });
      await expect.poll(() => reads(path, 'hls'), { timeout: 15_000 }).toBeGreaterThan(hlsBefore);
      // The silent session was closed and DELETEd when the tile gave up on it.
      await expect.poll(() => sessionsOf(path).some((s) => s.id === silent), { timeout: 10_000 }).toBe(false);
    } finally {
      gw.webrtcFault = 'none';
    }
    expect(errors).toEqual([]);
    await leave(page, path);
  }, 180_000);
});
