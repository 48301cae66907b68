/**
 * Lesson plans (issue 18): the demo teacher hands in a plan for a collection due next week (a file
 * that only calls itself Word is refused by its content), a supervisor grades it level 1 with a
 * comment, and the teacher sees the level on the evaluated tab. The teacher works in Chinese, the
 * supervisor in English; `HXK_SCREENSHOTS=1` also photographs the four screens in zh, en and ja.
 * The teacher appeals the grade once and the supervisor accepts it with a new level. Patrolling a
 * room in class (the server's clock is the third session of today), the supervisor opens the class's
 * plan from the patrol detail's lesson-plan tab: cited once for the class however often it is opened
 * (also at a phone's 390 px width, where the assistant's floating button must not cover the plan's level).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedClock } from '@hxk/contracts';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openMenuItem, screenshot as takeScreenshot, settle, signInToShell, waitForToast, watchErrors } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { schoolMorning } from './support/clock.ts';
import { platformTx } from '../apps/server/src/platform/tenancy.ts';
import { files, lessonPlanCollections, lessonPlanDues, lessonPlanFiles, lessonPlans } from '../apps/server/src/db/schema/index.ts';
import { simplePdf } from '../apps/server/src/db/seed/demo-lesson-plans.ts';

const shots = process.env.HXK_SCREENSHOTS === '1';
let server: TestServer;
let browser: Browser;
let tmpDir: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ now: schoolMorning() }), launchBrowser()]);
  tmpDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'hxk-e2e-plans-'));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (tmpDir) await fs.promises.rm(tmpDir, { recursive: true, force: true });
});

/** The support's screenshot once the page has settled (tables' loading fade, fonts). */
async function screenshot(page: Page, name: string) {
  await settle(page);
  await takeScreenshot(page, name);
}

const COLLECTION = 'Courseware for the mid-term review';

describe('lesson plans', () => {
  it('a teacher hands in a plan, a supervisor grades it, the teacher sees the level', async () => {
    const pdf = path.join(tmpDir, 'review-slides.pdf');
    fs.writeFileSync(pdf, simplePdf(['Mid-term review', 'Slides']));
    const fake = path.join(tmpDir, 'not-really-word.docx');
    fs.writeFileSync(fake, 'plain text that only calls itself a Word file');

    const teacher = await signInToShell(browser, server.url, 'teacher', { language: 'zh' });
    const errors = watchErrors(teacher);
    await openMenuItem(teacher, 'lessonPlan');
    const row = teacher.locator('tr', { hasText: COLLECTION }).first();
    await row.waitFor();
    const handIn = row.locator('[data-testid^="plan-handin-"]');
    const dueId = ((await handIn.getAttribute('data-testid')) ?? '').replace('plan-handin-', '');
    if (shots) await screenshot(teacher, 'i18-01-lesson-plans-zh');
    await handIn.click();
    const input = teacher.locator('.ant-modal input[type="file"]');
    // Refused by the server by its content, whatever its name says.
    await input.setInputFiles(fake);
    await waitForToast(teacher, '文件格式错误');
    await input.setInputFiles(pdf);
    await expect.poll(() => teacher.locator('.ant-modal .ant-upload-list-item-done').count(), { timeout: 30_000 }).toBe(1);
    if (shots) await screenshot(teacher, 'i18-02-hand-in-zh');
    await teacher.getByTestId('plan-handin-send').click();
    await waitForToast(teacher, '教案已提交');
    await teacher.locator(`[data-testid="plan-row-${dueId}"]`, { hasText: '已提交' }).waitFor();

    const supervisor = await signInToShell(browser, server.url, 'supervisor', { language: 'en' });
    const supErrors = watchErrors(supervisor);
    await openMenuItem(supervisor, 'lessonPlanEvaluation');
    await supervisor.getByRole('tab', { name: 'All courses' }).click();
    await supervisor.getByTestId(`plan-evaluate-${dueId}`).click();
    await supervisor.locator('.ant-modal').getByText('review-slides.pdf').waitFor();
    await supervisor.getByTestId('plan-evaluate-level-1').click();
    await supervisor.getByTestId('plan-evaluate-comment').fill('Well organised slides; add two practice questions.');
    if (shots) await screenshot(supervisor, 'i18-03-evaluate-en');
    await supervisor.getByTestId('plan-evaluate-save').click();
    await waitForToast(supervisor, 'Evaluation saved');
    await supervisor.getByTestId(`plan-row-${dueId}`).getByTestId('plan-level-1').waitFor();

    await teacher.goto('/hxk/lessonPlan?tab=evaluated');
    const graded = teacher.getByTestId(`plan-row-${dueId}`);
    await graded.getByTestId('plan-level-1').waitFor();
    expect(await graded.getByTestId('plan-level-1').textContent()).toContain('1 级');
    await graded.locator('.ant-table-row-expand-icon').click();
    await teacher.getByTestId('plan-comment').getByText('Well organised slides').waitFor();
    if (shots) await screenshot(teacher, 'i18-04-evaluated-zh');

    // The teacher appeals the grade once; the supervisor accepts it with level 2.
    await teacher.getByTestId(`plan-appeal-${dueId}`).click();
    await teacher.getByTestId('plan-appeal-reason').fill('两道练习题已在第二页给出，请再看一下。');
    if (shots) await screenshot(teacher, 'i18-10-appeal-zh');
    await teacher.getByTestId('plan-appeal-send').click();
    await waitForToast(teacher, '申诉已提交');
    await graded.getByTestId(`plan-appeal-tag-${dueId}`).getByText('申诉待处理').waitFor();
    expect(await teacher.getByTestId(`plan-appeal-${dueId}`).count()).toBe(0);

    await supervisor.reload();
    await supervisor.getByRole('tab', { name: 'All courses' }).click();
    await supervisor.getByTestId(`plan-appeal-handle-${dueId}`).click();
    await supervisor.getByTestId('plan-appeal-reason-shown').getByText('两道练习题').waitFor();
    await supervisor.getByTestId('plan-appeal-level-2').click();
    if (shots) await screenshot(supervisor, 'i18-11-decide-appeal-en');
    await supervisor.getByTestId('plan-appeal-decide').click();
    await waitForToast(supervisor, 'Decision saved');
    await supervisor.getByTestId(`plan-row-${dueId}`).getByTestId('plan-level-2').waitFor();

    await teacher.reload();
    await graded.getByTestId('plan-level-2').waitFor();
    await graded.getByTestId(`plan-appeal-tag-${dueId}`).getByText('申诉已通过').waitFor();
    await graded.locator('.ant-table-row-expand-icon').click();
    await teacher.getByTestId('plan-appeal-status-resolved').getByText('1 级 → 2 级').waitFor();
    if (shots) await screenshot(teacher, 'i18-12-appeal-resolved-zh');
    expect(errors).toEqual([]);
    expect(supErrors).toEqual([]);
    await teacher.context().close();
    await supervisor.context().close();
  });

  it("shows the class's plan in the patrol detail and counts one citation per class", async () => {
    const today = zonedClock(server.app.deps.now(), server.app.deps.config.schoolTimezone).date;
    // A room of the demo school in class now; its course gets a plan handed in (a PDF), as the demo's courses have.
    const room = await platformTx(server.app.deps.dbh.db, 'seed', async (tx) => {
      const found = (await tx.execute(sql`
        select r.id::text as id, r.school_id::text as "schoolId", c.id::text as "courseId", c.teacher_id::text as "teacherId" from classrooms r
        join course_sessions cs on cs.school_id = r.school_id and cs.classroom_id = r.id
        join courses c on c.school_id = cs.school_id and c.id = cs.course_id
        join schools s on s.id = r.school_id
        where s.code = (select code from schools order by id limit 1) and cs.lesson_date = ${today}::date and 3 between cs.session_start and cs.session_end
          and c.teacher_id not in (select id from accounts where account = 'supervisor')
        order by r.name limit 1`) as unknown as { rows: { id: string; schoolId: string; courseId: string; teacherId: string }[] }).rows[0];
      if (!found) throw new Error('no demo room in class now');
      const { schoolId, courseId, teacherId } = found;
      const at = server.app.deps.now();
      const [collection] = await tx.insert(lessonPlanCollections).values({
        schoolId, name: 'Plans for this week', type: 'lessonPlan', deadline: at, description: '', targetKind: 'courses', creatorId: teacherId, releasedAt: at,
      }).returning({ id: lessonPlanCollections.id });
      const [due] = await tx.insert(lessonPlanDues).values({ schoolId, collectionId: collection!.id, courseId, teacherId }).returning({ id: lessonPlanDues.id });
      const [plan] = await tx.insert(lessonPlans).values({ schoolId, dueId: due!.id, teacherId, submittedAt: at, updatedAt: at, late: false }).returning({ id: lessonPlans.id });
      const pdf = simplePdf(['Lesson plan', 'This week']);
      const storageKey = `schools/${schoolId}/files/e2e-class-plan-${plan!.id}`;
      await server.app.deps.storage.put(storageKey, pdf);
      const [file] = await tx.insert(files).values({
        schoolId, ownerId: teacherId, name: 'class-plan.pdf', contentType: 'application/pdf', size: pdf.length, storageKey, context: `lessonPlan:${due!.id}`, createdAt: at, attachedAt: at,
      }).returning({ id: files.id });
      await tx.insert(lessonPlanFiles).values({ schoolId, planId: plan!.id, fileId: file!.id, name: 'class-plan.pdf', size: pdf.length, contentType: 'application/pdf', addedIn: 1, preview: 'pdf', createdAt: at });
      return { id: found.id, planId: plan!.id };
    });

    const page = await signInToShell(browser, server.url, 'supervisor', { language: 'en' });
    const errors = watchErrors(page);
    const openTab = async () => {
      await page.goto(`${server.url}/hxk/SCADA/Detail?classroomId=${room.id}`);
      await page.getByTestId('detail-tab-plan').click();
      await page.getByTestId(`class-plan-${room.planId}`).waitFor();
    };
    const cited = async () => Number((await page.getByTestId(`class-plan-cited-${room.planId}`).textContent())?.match(/\d+/)?.[0]);
    await openTab();
    const before = await cited();
    const card = page.getByTestId(`class-plan-${room.planId}`);
    await card.locator('[data-testid^="plan-preview-"]').first().click();
    await page.getByTestId('plan-preview-frame').waitFor();
    await page.keyboard.press('Escape');
    await card.locator('[data-testid^="plan-preview-"]').first().click();
    await page.getByTestId('plan-preview-frame').waitFor();
    await page.keyboard.press('Escape');
    await openTab();
    expect(await cited()).toBe(before + 1);
    if (shots) await screenshot(page, 'i18-13-patrol-plan-en');
    expect(errors).toEqual([]);
    await page.context().close();

    for (const language of shots ? (['zh', 'en', 'ja'] as const) : (['en'] as const)) {
      const phone = await signInToShell(browser, server.url, 'supervisor', { language, mobile: true, ready: (p) => p.getByTestId('menu-toggle').waitFor() });
      await phone.goto(`${server.url}/hxk/SCADA/Detail?classroomId=${room.id}`);
      await phone.getByTestId('detail-tab-plan').click();
      await phone.getByTestId(`class-plan-${room.planId}`).waitFor();
      // At 390 px the assistant's floating button must not cover the plan's level, wherever the card is
      // scrolled: bring the level to the button's height and compare the two boxes.
      const fab = await phone.getByTestId('assistant-button').boundingBox();
      const level = phone.getByTestId(`class-plan-${room.planId}`).locator('[data-testid^="plan-level-"]');
      await level.evaluate((el, fabTop) => {
        let box: HTMLElement | null = el.parentElement;
        while (box && !(box.scrollHeight > box.clientHeight && ['auto', 'scroll'].includes(getComputedStyle(box).overflowY))) box = box.parentElement;
        (box ?? document.scrollingElement ?? document.documentElement).scrollBy(0, el.getBoundingClientRect().top - fabTop);
      }, fab!.y);
      const tag = (await level.boundingBox())!;
      const overlaps = tag.x < fab!.x + fab!.width && fab!.x < tag.x + tag.width && tag.y < fab!.y + fab!.height && fab!.y < tag.y + tag.height;
      expect(overlaps).toBe(false);
      if (shots) await screenshot(phone, `i18-14-patrol-plan-phone-${language}`);
      if (shots) await takeScreenshot(phone, `i18-14b-patrol-plan-phone-viewport-${language}`, false);
      await phone.context().close();
    }
  });

  it.runIf(shots)('shows management and statistics in ja and en', async () => {
    for (const language of ['ja', 'en'] as const) {
      const leader = await signInToShell(browser, server.url, 'leader', { language });
      await leader.goto('/hxk/lessonPlanManagement');
      await leader.locator('[data-testid^="plan-collection-stats-"]').first().waitFor();
      await screenshot(leader, `i18-05-management-${language}`);
      await leader.locator('[data-testid^="plan-collection-stats-"]').last().click();
      await leader.getByTestId('plan-chart-departments').waitFor();
      await screenshot(leader, `i18-06-hand-ins-${language}`);
      await leader.goto('/hxk/lessonPlanStatistics');
      await leader.getByTestId('plan-chart-levels').waitFor();
      await screenshot(leader, `i18-07-statistics-${language}`);
      await leader.goto('/hxk/lessonPlanEvaluation');
      await leader.getByRole('tab', { name: language === 'ja' ? 'すべての授業' : 'All courses' }).click();
      await screenshot(leader, `i18-08-evaluation-${language}`);
      await leader.goto('/hxk/lessonPlanManagement');
      await leader.getByTestId('plan-release-open').click();
      await leader.getByTestId('plan-release-name').waitFor();
      await screenshot(leader, `i18-09-release-${language}`);
      await leader.context().close();
    }
    // The teacher's appeals in Japanese: the accepted one (first test), and the form for another grade.
    const teacher = await signInToShell(browser, server.url, 'teacher', { language: 'ja' });
    await teacher.goto('/hxk/lessonPlan?tab=evaluated');
    const appealed = teacher.locator('tr', { has: teacher.locator('[data-testid^="plan-appeal-tag-"]') }).first();
    await appealed.locator('.ant-table-row-expand-icon').click();
    await teacher.getByTestId('plan-appeal-info').waitFor();
    await screenshot(teacher, 'i18-15-appeal-resolved-ja');
    await teacher.locator('button[data-testid^="plan-appeal-"]').first().click();
    await teacher.getByTestId('plan-appeal-reason').fill('練習問題は 2 ページ目にあります。');
    await screenshot(teacher, 'i18-16-appeal-ja');
    await teacher.context().close();
  });
});
