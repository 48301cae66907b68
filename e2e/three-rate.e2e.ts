import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import type { TThreeRateStats } from '@hxk/contracts/statistics-three-rate';
import { apiGet, appPath, launchBrowser, openMenuItem, screenshot, settle, signInToShell, waitForPath, watchErrors } from './support/browser.ts';
import { cookieValue } from './support/flows.ts';
import { startServer, type TestServer } from './support/server.ts';
import { schoolTx } from '../apps/server/src/platform/tenancy.ts';
import { rowsOf } from '../apps/server/src/platform/sql-rows.ts';
import { classAnalyses, classAnalysisHits } from '../apps/server/src/db/schema/index.ts';
import type { TSensitiveClassHits, TSensitiveStats } from '@hxk/contracts/statistics-sensitive';

/** `HXK_SCREENSHOTS=1` also writes both screens (zh, en, ja) to e2e/screenshots. */
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

const selectedMenu = (page: Page) => page.getByTestId('side-menu').locator('.ant-menu-item-selected').getAttribute('data-testid');
let stored = false;

/**
 * Finished analyses for the school's held classes: three per department over the last weeks, with
 * rates that differ by class, as the pipeline stores them (class-level figures only).
 */
async function storeAnalyses(page: Page): Promise<void> {
  if (stored) return;
  const schoolId = (await cookieValue(page.context(), 'schoolId'))!;
  await schoolTx(server.app.deps.dbh.db, schoolId, async (tx) => {
    const picked = rowsOf<{ id: string; classroomId: string }>(await tx.execute(sql`
      select id, "classroomId" from (
        select cs.id::text as id, cs.classroom_id::text as "classroomId", row_number() over (partition by c.org_unit_id order by cs.lesson_date desc, cs.id) as k
        from course_sessions cs join courses c on c.school_id = cs.school_id and c.id = cs.course_id
        where cs.classroom_id is not null and cs.lesson_date < current_date
          and not exists (select 1 from class_analyses a where a.school_id = cs.school_id and a.course_session_id = cs.id)) x
      where k <= 3`));
    const words = [['赌博', '违法', 'severe'], ['迷信', '迷信', 'moderate'], ['笨蛋', '不文明用语', 'mild']] as const;
    for (const [i, c] of picked.entries()) {
      const [a] = await tx.insert(classAnalyses).values({
        schoolId, courseSessionId: c.id, classroomId: c.classroomId, source: 'recording', status: 'done', sampleSeconds: 10, stIntervalSeconds: 30,
        expectedStudents: 40, presentAvg: 40 * (0.7 + (i % 4) * 0.08), attendanceRate: 0.7 + (i % 4) * 0.08, headUpRate: 0.45 + (i % 5) * 0.1,
        frontRowExpected: 8, frontRowActual: 2 + (i % 6), frontRowRate: (2 + (i % 6)) / 8, startedAt: new Date(Date.now() - 86_400_000 * (1 + i)),
      }).returning({ id: classAnalyses.id });
      // Words from the demo lexicon heard in every other class, as the transcript step stores them.
      for (let k = 0; k < (i % 2 === 0 ? 1 + (i % 3) : 0); k++) {
        const [word, category, severity] = words[(i + k) % words.length]!;
        await tx.insert(classAnalysisHits).values({ schoolId, analysisId: a!.id, word, category, severity, start: 60 + k * 90, end: 61 + k * 90, context: `同学们，${word}是不对的，我们来看下一题` });
      }
    }
  });
  stored = true;
}

/** Issue 17: the school's three rates, a grouping chosen, down to a teacher's classes and back, filters kept. */
describe('three-rate statistics', () => {
  it.each([['en'], ['zh'], ...(shots ? [['ja'] as const] : [])] as const)('groups, drills down to a teacher and back, filters kept (%s)', async (language) => {
    const page = await signInToShell(browser, server.url, 'leader', { language });
    const errors = watchErrors(page);
    await storeAnalyses(page);
    await openMenuItem(page, 'threeRateStatistics');
    await page.getByTestId('three-rate-groups').waitFor();
    await expect.poll(() => appPath(page)).toMatch(/^\/back\/threeRateStatistics\?semesterId=\d+$/);
    const semesterId = new URLSearchParams((await appPath(page)).split('?')[1]).get('semesterId')!;
    const school = await apiGet<TThreeRateStats>(page, `/app/ddxk/statistics/v1/three-rate?semesterId=${semesterId}`);
    expect(school.school.classes).toBeGreaterThanOrEqual(6);
    await expect.poll(() => page.getByTestId('three-rate-classes').innerText()).toBe(String(school.scope.classes));
    expect(await page.getByTestId('three-rate-attendance').innerText()).toBe(`${school.scope.attendance!.toFixed(1)}%`);
    expect(await page.getByTestId('three-rate-figures-how').innerText()).toBeTruthy();
    await page.getByTestId('chart-three-rate-trend').locator('canvas').waitFor();

    // Group by teacher: the choice joins the address.
    await page.getByTestId('three-rate-group-by').locator('.ant-segmented-item').nth(3).click();
    await waitForPath(page, `/back/threeRateStatistics?semesterId=${semesterId}&groupBy=teacher`);
    const byTeacher = await apiGet<TThreeRateStats>(page, `/app/ddxk/statistics/v1/three-rate?semesterId=${semesterId}&groupBy=teacher`);
    const teacher = [...byTeacher.groups].sort((a, b) => b.classes - a.classes)[0]!;
    await page.getByTestId(`three-rate-open-${teacher.key}`).waitFor();
    if (shots) {
      await settle(page);
      await screenshot(page, `i17-tr-01-school-${language}`);
    }

    // Down to the teacher: their figures and classes, each with its AI report; the menu stays lit.
    await page.getByTestId(`three-rate-open-${teacher.key}`).click();
    await waitForPath(page, `/back/threeRateStatisticsDetails?semesterId=${semesterId}&groupBy=teacher&teacherId=${teacher.key}`);
    await expect.poll(() => page.getByTestId('three-rate-classes').innerText()).toBe(String(teacher.classes));
    expect(await selectedMenu(page)).toBe('menu-threeRateStatistics');
    const rows = page.getByTestId('three-rate-class-list').locator('[data-testid^="three-rate-class-"]');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(teacher.classes);
    const report = page.getByTestId('three-rate-class-list').locator('[data-testid^="three-rate-report-"]').first();
    expect(await report.getAttribute('href')).toMatch(/\/ClassroomReport\?courseSessionId=\d+$/);
    if (shots) {
      await settle(page);
      await screenshot(page, `i17-tr-02-details-${language}`);
    }

    // Back up with the grouping as it was.
    await page.getByTestId('three-rate-back').click();
    await waitForPath(page, `/back/threeRateStatistics?semesterId=${semesterId}&groupBy=teacher`);
    await page.getByTestId(`three-rate-open-${teacher.key}`).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/** Issue 17: sensitive-topic classrooms, filtered by severity, down to a class's words and back, filters kept. */
describe('sensitive-topic classrooms', () => {
  it.each([['en'], ...(shots ? [['zh'], ['ja']] as const : [])] as const)('filters, opens a class with its words in context and its recording moment, and back (%s)', async (language) => {
    const page = await signInToShell(browser, server.url, 'leader', { language });
    const errors = watchErrors(page);
    await storeAnalyses(page);
    await openMenuItem(page, 'sensitiveTopic');
    await page.getByTestId('sensitive-class-list').waitFor();
    await expect.poll(() => appPath(page)).toMatch(/^\/back\/sensitiveTopic\?semesterId=\d+$/);
    const semesterId = new URLSearchParams((await appPath(page)).split('?')[1]).get('semesterId')!;
    const all = await apiGet<TSensitiveStats>(page, `/app/ddxk/statistics/v1/sensitive?semesterId=${semesterId}`);
    expect(all.scope.hits).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('sensitive-hits').innerText()).toBe(String(all.scope.hits));
    await page.getByTestId('chart-sensitive-categories').locator('canvas').waitFor();

    // Severe only: the filter joins the address and the figures follow.
    await page.getByTestId('sensitive-severity').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').last().click();
    await waitForPath(page, `/back/sensitiveTopic?semesterId=${semesterId}&severity=severe`);
    const severe = await apiGet<TSensitiveStats>(page, `/app/ddxk/statistics/v1/sensitive?semesterId=${semesterId}&severity=severe`);
    await expect.poll(() => page.getByTestId('sensitive-hits').innerText()).toBe(String(severe.scope.hits));
    const open = page.getByTestId('sensitive-class-list').locator('[data-testid^="sensitive-open-"]').first();
    await open.waitFor();
    if (shots) {
      await settle(page);
      await screenshot(page, `i17-st-01-list-${language}`);
    }

    // The class: its words in context, each moment opening the recording at that time.
    const courseSessionId = (await open.getAttribute('data-testid'))!.replace('sensitive-open-', '');
    await open.click();
    await waitForPath(page, `/back/sensitiveTopicDetails?semesterId=${semesterId}&severity=severe&courseSessionId=${courseSessionId}`);
    expect(await selectedMenu(page)).toBe('menu-sensitiveTopic');
    const hits = await apiGet<TSensitiveClassHits>(page, `/app/ddxk/statistics/v1/sensitive/hits?courseSessionId=${courseSessionId}`);
    const first = hits.hits[0]!;
    const moment = page.getByTestId(`sensitive-moment-${first.id}`);
    await moment.waitFor();
    expect(await moment.getAttribute('href')).toBe(`/hxk/SCADA/Recording?${new URLSearchParams({ courseSessionId, at: first.at! }).toString()}`);
    expect(await page.getByTestId('sensitive-hit-list').locator('mark').first().innerText()).toBe(first.word);
    if (shots) {
      await settle(page);
      await screenshot(page, `i17-st-02-details-${language}`);
    }
    await page.getByTestId('sensitive-back').click();
    await waitForPath(page, `/back/sensitiveTopic?semesterId=${semesterId}&severity=severe`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
