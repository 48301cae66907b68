/**
 * The assistant's live commentary (spec section 7's socket, type 101) in the patrol detail's AI tab
 * and beside a live lesson broadcast from the room, and a long conversation in the chat panel (virtualized: only the messages near the viewport are in
 * the page). The server's clock is 10:05 at school, a demo room is in class, and its class carries live
 * figures; no language model is configured, so the offline data assistant comments from the figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { zonedClock } from '@hxk/contracts';
import { launchBrowser, screenshot, settle, signInToShell, watchErrors } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { schoolMorning } from './support/clock.ts';
import { platformTx } from '../apps/server/src/platform/tenancy.ts';

const shots = process.env.HXK_SCREENSHOTS === '1';

let server: TestServer;
let browser: Browser;
let room: { id: string; courseSessionId: string; schoolId: string; cameraId: string; course: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ now: schoolMorning() }), launchBrowser()]);
  const today = zonedClock(server.app.deps.now(), server.app.deps.config.schoolTimezone).date;
  room = await platformTx(server.app.deps.dbh.db, 'seed', async (tx) => {
    const found = (await tx.execute(sql`
      select r.id::text as id, cs.id::text as "courseSessionId", r.school_id::text as "schoolId", c.name as course,
        (select cam.id::text from cameras cam where cam.school_id = r.school_id and cam.classroom_id = r.id and cam.frame <> 'composite' order by cam.sort, cam.id limit 1) as "cameraId"
      from classrooms r
      join course_sessions cs on cs.school_id = r.school_id and cs.classroom_id = r.id
      join courses c on c.school_id = cs.school_id and c.id = cs.course_id
      join schools s on s.id = r.school_id
      where s.code = (select code from schools order by id limit 1) and cs.lesson_date = ${today}::date and 3 between cs.session_start and cs.session_end
        and exists (select 1 from cameras cam where cam.school_id = r.school_id and cam.classroom_id = r.id and cam.frame <> 'composite')
      order by r.name limit 1`) as unknown as { rows: (typeof room)[] }).rows[0];
    if (!found) throw new Error('no demo room in class');
    // The class's live figures: 40 expected, 8 front seats, a sample a minute with head-up falling.
    const a = (await tx.execute(sql`
      insert into class_analyses (school_id, course_session_id, classroom_id, source, status, sample_seconds, st_interval_seconds, expected_students, front_row_expected, attendance_rate, head_up_rate, front_row_rate, st_sequence)
      values (${found.schoolId}, ${found.courseSessionId}, ${found.id}, 'live', 'running', 60, 30, 40, 8, 0.7, 0.6, 0.4, 'TTTTTTTTSTTTTTTTTTST') returning id::text as id`) as unknown as { rows: { id: string }[] }).rows[0]!;
    for (const [i, headUp] of [26, 24, 20, 16, 12].entries()) {
      await tx.execute(sql`insert into class_analysis_samples (school_id, analysis_id, camera, t, faces, posed, head_up, head_down, turned_away, front_row)
        values (${found.schoolId}, ${a.id}, 'student', ${(i + 1) * 60}, 28, 28, ${headUp}, ${28 - headUp}, 0, 3)`);
    }
    return found;
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const openDetail = async (page: Page) => {
  await page.goto(`/hxk/SCADA/Detail?classroomId=${room.id}`);
  await page.getByTestId('live-commentary').waitFor();
};

async function comment(page: Page) {
  await page.getByTestId('live-commentary-start').click();
  await page.getByTestId('live-commentary-text').and(page.locator('[data-streaming="false"]')).waitFor();
}

describe('the live commentary in the patrol detail', () => {
  it('streams the offline assistant\'s commentary of the class from its live figures, and comments again', async () => {
    const page = await signInToShell(browser, server.url, 'admin', { language: 'en' });
    const errors = watchErrors(page);
    await openDetail(page);
    await page.getByTestId('live-commentary').getByText('AI commentary').waitFor();
    await comment(page);
    const text = page.getByTestId('live-commentary-text');
    expect(await text.textContent()).toContain('Now 28 students are in the picture (attendance 70.0%); head-up 42.9%, front row 37.5%.');
    expect(await text.textContent()).toContain('head-up fell from 92.9% to 42.9%');
    await page.locator('[data-testid="live-commentary-text"] li', { hasText: 'head-up is under 50%' }).waitFor();
    expect(await page.getByTestId('live-commentary-source').getAttribute('data-source')).toBe('rules');
    expect(await page.getByTestId('live-commentary-source').textContent()).toBe('Offline data assistant');
    // Its thinking, folded, says the rules it followed.
    await page.getByTestId('live-commentary-thinking').getByText('Thinking').click();
    await page.getByText('by fixed rules', { exact: false }).waitFor();
    // Once more on request (a new commentary replaces the old one).
    await page.waitForTimeout(5100);
    await page.getByTestId('live-commentary-start').getByText('Comment again').click();
    await page.getByTestId('live-commentary-text').and(page.locator('[data-streaming="false"]')).waitFor();
    expect(await page.getByTestId('live-commentary-error').count()).toBe(0);
    if (shots) {
      await settle(page);
      await page.getByTestId('live-commentary').scrollIntoViewIfNeeded();
      await screenshot(page, 'live-commentary-en', false);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('tells a browser without WebSocket support that it cannot show the commentary', async () => {
    const page = await signInToShell(browser, server.url, 'admin', { language: 'en' });
    await page.addInitScript(() => {
      // A browser without sockets.
      Reflect.deleteProperty(window, 'WebSocket');
    });
    page.on('dialog', (d) => void d.dismiss());
    await openDetail(page);
    await page.getByTestId('live-commentary-no-socket').getByText('Your browser does not support sockets (WebSocket)', { exact: false }).waitFor();
    expect(await page.getByTestId('live-commentary-start').count()).toBe(0);
    await page.context().close();
  });

  it.runIf(shots)('looks right in zh and ja, and on a phone', async () => {
    for (const [lng, mobile] of [['zh', false], ['ja', false], ['en', true]] as const) {
      const page = await signInToShell(browser, server.url, 'admin', { language: lng, mobile, ...(mobile ? { ready: (p: Page) => p.getByTestId('menu-toggle').waitFor() } : {}) });
      await openDetail(page);
      await comment(page);
      if (lng === 'zh') expect(await page.getByTestId('live-commentary-text').textContent()).toContain('现在画面中有 28 名学生');
      await settle(page);
      await page.getByTestId('live-commentary').scrollIntoViewIfNeeded();
      await screenshot(page, `live-commentary-${lng}${mobile ? '-phone' : ''}`, false);
      await page.context().close();
    }
  });
});

describe('the live commentary beside a live lesson', () => {
  /** A live lesson on air now from the room's camera, scheduled through the API as the signed-in administrator. */
  const scheduleLesson = (page: Page) =>
    page.evaluate(async ({ cameraId, from, to }) => {
      const res = await fetch('/app/live-lessons/v1/save', {
        method: 'POST',
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', language: 'en' },
        credentials: 'include',
        body: JSON.stringify({ title: 'Open day broadcast', audience: 'public', cameraId, startsAt: from, endsAt: to }),
      });
      return ((await res.json()) as { data: { lessonId: string } }).data.lessonId;
    }, { cameraId: room.cameraId, from: new Date(server.app.deps.now().getTime() - 5 * 60_000).toISOString(), to: new Date(server.app.deps.now().getTime() + 30 * 60_000).toISOString() });
  let lessonId: string;

  it('names the class under way in the room and streams the assistant\'s commentary on it', async () => {
    const page = await signInToShell(browser, server.url, 'admin', { language: 'en' });
    lessonId = await scheduleLesson(page);
    expect(lessonId).toMatch(/^\d+$/);
    await page.goto(`/hxk/back/liveListDetail?id=${lessonId}`);
    await page.getByTestId('lesson-viewer').and(page.locator('[data-state="live"]')).waitFor();
    const beside = page.getByTestId('lesson-commentary');
    await beside.getByText(`Class in this room now: ${room.course}`, { exact: false }).waitFor();
    await comment(page);
    expect(await page.getByTestId('live-commentary-text').textContent()).toContain('Now 28 students are in the picture (attendance 70.0%)');
    if (shots) {
      await settle(page);
      await beside.scrollIntoViewIfNeeded();
      await screenshot(page, 'lesson-commentary-en', false);
    }
    await page.context().close();
  });

  it('offers no commentary to a visitor of the open link', async () => {
    const page = await (await browser.newContext({ baseURL: server.url })).newPage();
    await page.goto(`/hxk/back/liveListDetail?id=${lessonId}&school=${room.schoolId}`);
    await page.getByTestId('lesson-viewer').and(page.locator('[data-state="live"]')).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('lesson-commentary').count()).toBe(0);
    // The assistant's code is not even loaded for them.
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('LiveCommentaryPanel')))).toBe(false);
    await page.context().close();
  });

  it.runIf(shots)('looks right in zh and ja, and on a phone', async () => {
    for (const [lng, mobile] of [['zh', false], ['ja', false], ['en', true]] as const) {
      const page = await signInToShell(browser, server.url, 'admin', { language: lng, mobile, ...(mobile ? { ready: (p: Page) => p.getByTestId('menu-toggle').waitFor() } : {}) });
      await page.goto(`/hxk/back/liveListDetail?id=${lessonId}`);
      await page.getByTestId('lesson-commentary').waitFor();
      await comment(page);
      await settle(page);
      await page.getByTestId('lesson-commentary').scrollIntoViewIfNeeded();
      await screenshot(page, `lesson-commentary-${lng}${mobile ? '-phone' : ''}`, false);
      if (mobile) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.context().close();
    }
  });
});

describe('a long conversation', () => {
  it('keeps only the messages near the viewport in the page, scrolls through all of them and follows a new answer', async () => {
    const page = await signInToShell(browser, server.url, 'admin', { language: 'en' });
    const errors = watchErrors(page);
    // 24 questions to the offline data assistant in one conversation.
    const sessionId = await page.evaluate(async () => {
      const headers = { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', language: 'en' };
      const id = ((await (await fetch('/ai/deekseek/v1/getNewSessionId?model=0', { headers, credentials: 'include' })).json()) as { data: string }).data;
      for (let i = 1; i <= 24; i++) {
        const qs = new URLSearchParams({ isThink: '2', model: '0', problem: `Question ${i}: which appeals are waiting?`, sessionId: id });
        const res = await fetch(`/ai/deekseek/v1/askProblem?${qs}`, { method: 'POST', headers, credentials: 'include', body: '{}' });
        await res.text();
      }
      return id;
    });
    expect(sessionId).toMatch(/^\d+$/);
    await page.getByTestId('assistant-button').click();
    await page.getByTestId('assistant-history-toggle').click();
    await page.getByTestId('assistant-history').getByText('Question 1: which appeals', { exact: false }).click();
    const list = page.getByTestId('assistant-messages');
    await expect.poll(() => list.getAttribute('data-rows')).toBe('48');
    // Opened at its end: the last question is there, the first is not in the page at all.
    await list.getByText('Question 24:', { exact: false }).waitFor();
    const rendered = await list.locator('.assistant-row').count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(24);
    expect(await list.getByText('Question 1:', { exact: false }).count()).toBe(0);
    // Scrolled to the top (after the 500 ms scroll lock would let it follow again), the first is rendered.
    await list.hover();
    for (let i = 0; i < 40 && !(await list.getByText('Question 1:', { exact: false }).count()); i++) await page.mouse.wheel(0, -3000);
    await list.getByText('Question 1:', { exact: false }).waitFor();
    expect(await list.getByText('Question 24:', { exact: false }).count()).toBe(0);
    expect(await list.locator('.assistant-row').count()).toBeLessThan(24);
    // A new question: the list follows to its answer.
    await page.waitForTimeout(600);
    const box = page.locator('.assistant-sender textarea');
    await box.fill('Question 25: which appeals are waiting?');
    await box.press('Enter');
    await expect.poll(() => list.getAttribute('data-rows')).toBe('50');
    await list.getByText('Question 25:', { exact: false }).waitFor();
    await expect.poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(60);
    if (shots) {
      await settle(page);
      await screenshot(page, 'assistant-long-en', false);
    }
    expect(errors).toEqual([]);
  });
});
