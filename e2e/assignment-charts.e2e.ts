import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import type { TAssignmentClassRow, TAssignmentStats } from '@hxk/contracts/statistics-assignments';
import { apiGet, appPath, launchBrowser, openMenuItem, screenshot, settle, signInToShell, waitForPath, watchErrors } from './support/browser.ts';
import { cookieValue } from './support/flows.ts';
import { startServer, type TestServer } from './support/server.ts';
import { schoolTx } from '../apps/server/src/platform/tenancy.ts';
import { rowsOf } from '../apps/server/src/platform/sql-rows.ts';
import { evaluations } from '../apps/server/src/db/schema/index.ts';

/** `HXK_SCREENSHOTS=1` also writes the screen (zh, en, ja, and a phone) to e2e/screenshots. */
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

const percent = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)}%`);
let attendedOnce = false;

/**
 * The demo supervisor attends (evaluates, submitted) three of the held classes the seeded task
 * assigns them, one anonymously, as evaluating stores it.
 */
async function attendSome(page: Page): Promise<void> {
  if (attendedOnce) return;
  const schoolId = (await cookieValue(page.context(), 'schoolId'))!;
  await schoolTx(server.app.deps.dbh.db, schoolId, async (tx) => {
    const [sup] = rowsOf<{ id: string }>(await tx.execute(sql`select a.id::text from accounts a join school_memberships m on m.account_id = a.id where a.account = 'supervisor'`));
    const [tv] = rowsOf<{ id: string }>(await tx.execute(sql`select id::text from template_versions order by id limit 1`));
    const held = rowsOf<{ id: string; courseId: string; teacherId: string }>(await tx.execute(sql`
      select cs.id::text, c.id::text as "courseId", c.teacher_id::text as "teacherId"
      from assignments a join assignment_tasks t on t.id = a.task_id
      join courses c on c.semester_id = t.semester_id and (c.teacher_id = a.teacher_id or c.id = a.course_id)
      join course_sessions cs on cs.course_id = c.id and cs.lesson_date between t.start_date and t.end_date
      where a.supervisor_id = ${sup!.id} and a.status = 'assigning' and cs.lesson_date < current_date
        and not exists (select 1 from evaluations e where e.course_session_id = cs.id and e.evaluator_id = ${sup!.id})
      order by cs.lesson_date desc limit 3`));
    for (const [i, s] of held.entries()) {
      await tx.insert(evaluations).values({
        schoolId, templateVersionId: tv!.id, courseSessionId: s.id, courseId: s.courseId, teacherId: s.teacherId, evaluatorId: sup!.id,
        kind: 'free', status: 'submitted', totalScore: 80 + i, anonymous: i === 2, answers: {}, submittedAt: new Date(),
      });
    }
  });
  attendedOnce = true;
}

/** Issue 17: assignment progress per task and per supervisor, down to a supervisor's classes and back, filters kept. */
describe('assignment charts', () => {
  it.each([['en'], ['zh'], ...(shots ? [['ja'] as const] : [])] as const)('shows progress, opens a task and a supervisor\'s classes, and back (%s)', async (language) => {
    const page = await signInToShell(browser, server.url, 'leader', { language });
    const errors = watchErrors(page);
    await attendSome(page);
    await openMenuItem(page, 'assignmentsEchartsTeport');
    await page.getByTestId('assignment-supervisors').waitFor();
    await expect.poll(() => appPath(page)).toMatch(/^\/back\/assignmentsEchartsTeport\?semesterId=\d+$/);
    const semesterId = new URLSearchParams((await appPath(page)).split('?')[1]).get('semesterId')!;
    const all = await apiGet<TAssignmentStats>(page, `/app/ddxk/statistics/v1/assignments?semesterId=${semesterId}`);
    expect(all.total.attended).toBeGreaterThanOrEqual(3);
    await expect.poll(() => page.getByTestId('assignment-progress').innerText()).toBe(percent(all.total.progress));
    expect(await page.getByTestId('assignment-attended').innerText()).toBe(String(all.total.attended));
    expect(await page.getByTestId('assignment-tasks-how').innerText()).toBeTruthy();
    await page.getByTestId('chart-assignment-tasks').locator('canvas').waitFor();
    await page.getByTestId('chart-assignment-supervisors').locator('canvas').waitFor();
    const sup = all.supervisors.find((s) => s.supervisor.account === 'supervisor')!;
    expect(await page.getByTestId('assignment-supervisor-supervisor').innerText()).toContain(String(sup.attended));
    if (shots) {
      await settle(page);
      await screenshot(page, `i17-as-01-semester-${language}`);
    }

    // A task narrows the page: it joins the address and its tag shows.
    const task = all.tasks[0]!;
    await page.getByTestId(`assignment-open-task-${task.taskId}`).click();
    await waitForPath(page, `/back/assignmentsEchartsTeport?semesterId=${semesterId}&taskId=${task.taskId}`);
    await page.getByTestId('assignment-open-task').waitFor();

    // A supervisor lists their classes; an attended one opens its evaluation, an anonymous one does not.
    await page.getByTestId('assignment-open-supervisor-supervisor').click();
    await waitForPath(page, `/back/assignmentsEchartsTeport?semesterId=${semesterId}&taskId=${task.taskId}&supervisorId=${sup.supervisor.userId}`);
    await page.getByTestId('assignment-classes').waitFor();
    const list = await apiGet<{ list: TAssignmentClassRow[]; total: number }>(
      page, `/app/ddxk/statistics/v1/assignments/classes?semesterId=${semesterId}&taskId=${task.taskId}&supervisorId=${sup.supervisor.userId}&pageSize=20`,
    );
    const rows = page.getByTestId('assignment-classes').locator('[data-testid^="assignment-class-"]');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(Math.min(20, list.total));
    const named = list.list.find((r) => r.evaluationId);
    if (named) expect(await page.getByTestId(`assignment-record-${named.courseSessionId}`).getAttribute('href')).toMatch(new RegExp(`/TeachingRecordDetail\\?id=${named.evaluationId}$`));
    // Every class of the supervisor: as many attended as the chart says, the anonymous one without its evaluation.
    const every: TAssignmentClassRow[] = [];
    for (let n = 1; every.length < list.total; n++) {
      every.push(...(await apiGet<{ list: TAssignmentClassRow[] }>(
        page, `/app/ddxk/statistics/v1/assignments/classes?semesterId=${semesterId}&taskId=${task.taskId}&supervisorId=${sup.supervisor.userId}&pageSize=100&pageNum=${n}`,
      )).list);
    }
    const narrowed = await apiGet<TAssignmentStats>(page, `/app/ddxk/statistics/v1/assignments?semesterId=${semesterId}&taskId=${task.taskId}&supervisorId=${sup.supervisor.userId}`);
    expect(every.filter((r) => r.attended).length).toBe(narrowed.total.attended);
    await expect.poll(() => page.getByTestId('assignment-attended').innerText()).toBe(String(narrowed.total.attended));
    expect(every.some((r) => r.attended && !r.evaluationId)).toBe(true);
    if (shots) {
      await settle(page);
      await screenshot(page, `i17-as-02-supervisor-${language}`);
    }

    // Back to every supervisor of the task, the task kept.
    await page.getByTestId('assignment-open-supervisor').locator('.ant-tag-close-icon').click();
    await waitForPath(page, `/back/assignmentsEchartsTeport?semesterId=${semesterId}&taskId=${task.taskId}`);
    await page.getByTestId('assignment-supervisors').waitFor();
    await expect.poll(() => page.getByTestId('assignment-classes').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.runIf(shots)('fits a phone (390 px, zh)', async () => {
    const page = await signInToShell(browser, server.url, 'leader', { language: 'zh', mobile: true, ready: (p) => p.getByTestId('menu-toggle').waitFor() });
    await attendSome(page);
    await page.goto(`${server.url}/hxk/back/assignmentsEchartsTeport`);
    await page.getByTestId('chart-assignment-supervisors').locator('canvas').waitFor();
    await settle(page);
    await screenshot(page, 'i17-as-03-phone-zh');
    await page.context().close();
  });
});
