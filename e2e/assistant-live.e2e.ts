/**
 * The assistant's live commentary (spec section 7's socket, type 101) in the patrol detail's AI tab,
 * and a long conversation in the chat panel (virtualized: only the messages near the viewport are in
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
let room: { id: string; courseSessionId: string; schoolId: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ now: schoolMorning() }), launchBrowser()]);
  const today = zonedClock(server.app.deps.now(), server.app.deps.config.schoolTimezone).date;
  room = await platformTx(server.app.deps.dbh.db, 'seed', async (tx) => {
    const found = (await tx.execute(sql`
      select r.id::text as id, cs.id::text as "courseSessionId", r.school_id::text as "schoolId"
      from classrooms r
      join course_sessions cs on cs.school_id = r.school_id and cs.classroom_id = r.id
      join schools s on s.id = r.school_id
      where s.code = (select code from schools order by id limit 1) and cs.lesson_date = ${today}::date and 3 between cs.session_start and cs.session_end
      order by r.name limit 1`) as unknown as { rows: { id: string; courseSessionId: string; schoolId: string }[] }).rows[0];
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
