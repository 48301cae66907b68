/**
 * Lesson plans graded with an evaluation template (decision 0033): a collection of the demo school
 * graded by a two-question template, a plan handed in for the demo teacher's course. The supervisor
 * (Chinese) fills the template: an incomplete form is refused, the level follows from the score; the
 * teacher (English) sees the score and the filled form and appeals; the supervisor accepts with a new
 * score and the teacher sees it. `HXK_SCREENSHOTS=1` also photographs the grading form at a phone's
 * 390 px and the teacher's filled form, in zh, en and ja.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot as takeScreenshot, settle, signInToShell, waitForToast, watchErrors } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { schoolMorning } from './support/clock.ts';
import { platformTx } from '../apps/server/src/platform/tenancy.ts';
import { evaluationTemplates, files, lessonPlanCollections, lessonPlanDues, lessonPlanFiles, lessonPlans, templateVersions } from '../apps/server/src/db/schema/index.ts';
import { simplePdf } from '../apps/server/src/db/seed/demo-lesson-plans.ts';

const shots = process.env.HXK_SCREENSHOTS === '1';
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ now: schoolMorning() }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function screenshot(page: Page, name: string, fullPage = true) {
  await settle(page);
  await takeScreenshot(page, name, fullPage);
}

/** Two indicators, 100 points: a score question (0-60) and a single choice (40 / 20 / 0). */
const CONTENT = {
  sections: [
    {
      key: 's1', name: '教学设计 Design', indicatorId: null,
      questions: [{ key: 'q1', type: 'score', title: '目标与步骤 Objectives and steps', standard: '', score: 60, knowledgeLevel: null, options: [], ranges: [], elements: [], stars: 5, commentRequired: false, sourceQuestionId: null }],
    },
    {
      key: 's2', name: '教学资料 Materials', indicatorId: null,
      questions: [{
        key: 'q2', type: 'single', title: '练习题 Exercises included', standard: '', score: 40, knowledgeLevel: null, ranges: [], elements: [], stars: 5, commentRequired: false, sourceQuestionId: null,
        options: [{ key: 'a', content: '齐全 All', score: 40, scoreMin: null }, { key: 'b', content: '部分 Some', score: 20, scoreMin: null }, { key: 'c', content: '没有 None', score: 0, scoreMin: null }],
      }],
    },
  ],
};

/** A collection of the demo school graded by the template, with the demo teacher's plan handed in (a PDF). */
async function seedGradedCollection() {
  return platformTx(server.app.deps.dbh.db, 'seed', async (tx) => {
    const found = (await tx.execute(sql`
      select c.id::text as "courseId", c.school_id::text as "schoolId", c.teacher_id::text as "teacherId" from courses c
      join accounts a on a.id = c.teacher_id join schools s on s.id = c.school_id
      where a.account = 'teacher' and s.code = (select code from schools order by id limit 1)
      order by c.id limit 1`) as unknown as { rows: { courseId: string; schoolId: string; teacherId: string }[] }).rows[0];
    if (!found) throw new Error('the demo teacher has no course');
    const { schoolId, courseId, teacherId } = found;
    const at = server.app.deps.now();
    const name = 'Lesson plan review form';
    const [t] = await tx.insert(evaluationTemplates).values({ schoolId, name, status: 'published', content: CONTENT, totalScore: 100, sectionCount: 2, questionCount: 2, version: 1 }).returning();
    const [v] = await tx.insert(templateVersions).values({ schoolId, templateId: t!.id, version: 1, name, content: CONTENT, totalScore: 100, questionCount: 2 }).returning();
    const [collection] = await tx.insert(lessonPlanCollections).values({
      schoolId, name: 'Plans graded by the review form', type: 'lessonPlan', deadline: new Date(at.getTime() + 7 * 86_400_000), description: '',
      targetKind: 'courses', creatorId: teacherId, releasedAt: at, templateVersionId: v!.id,
    }).returning({ id: lessonPlanCollections.id });
    const [due] = await tx.insert(lessonPlanDues).values({ schoolId, collectionId: collection!.id, courseId, teacherId }).returning({ id: lessonPlanDues.id });
    const [plan] = await tx.insert(lessonPlans).values({ schoolId, dueId: due!.id, teacherId, submittedAt: at, updatedAt: at, late: false }).returning({ id: lessonPlans.id });
    const pdf = simplePdf(['Lesson plan', 'Review form']);
    const storageKey = `schools/${schoolId}/files/e2e-template-plan-${plan!.id}`;
    await server.app.deps.storage.put(storageKey, pdf);
    const [file] = await tx.insert(files).values({
      schoolId, ownerId: teacherId, name: 'unit-3-plan.pdf', contentType: 'application/pdf', size: pdf.length, storageKey, context: `lessonPlan:${due!.id}`, createdAt: at, attachedAt: at,
    }).returning({ id: files.id });
    await tx.insert(lessonPlanFiles).values({ schoolId, planId: plan!.id, fileId: file!.id, name: 'unit-3-plan.pdf', size: pdf.length, contentType: 'application/pdf', addedIn: 1, preview: 'pdf', createdAt: at });
    return { dueId: due!.id };
  });
}

const ALL_COURSES = { zh: '全部课程', en: 'All courses', ja: 'すべての授業' } as const;
/** The graded plan's due (first test), photographed by the second. */
let gradedDueId = '';

describe('lesson plans graded with a template', () => {
  it('a supervisor fills the template, the teacher sees the score and the filled form, appeals, and gets a new score', async () => {
    const { dueId } = await seedGradedCollection();
    gradedDueId = dueId;

    const supervisor = await signInToShell(browser, server.url, 'supervisor', { language: 'zh' });
    const supErrors = watchErrors(supervisor);
    await supervisor.goto('/hxk/lessonPlanEvaluation');
    await supervisor.getByRole('tab', { name: ALL_COURSES.zh }).click();
    await supervisor.getByTestId(`plan-evaluate-${dueId}`).click();
    await supervisor.getByTestId('plan-template-form').waitFor();
    // Saving an empty form is refused in the page: every question needs an answer.
    await supervisor.getByTestId('plan-evaluate-save').click();
    await waitForToast(supervisor, '还有 2 道题未完成。');
    await supervisor.getByTestId('plan-template-q1-error').waitFor();
    await supervisor.getByTestId('plan-template-q1-score-input').fill('45');
    await supervisor.getByTestId('plan-template-q2-option-a').click();
    // 45 + 40 = 85 of 100: level 2 (80 % and above).
    await supervisor.getByTestId('plan-score-level-score').getByText('85 / 100').waitFor();
    await supervisor.getByTestId('plan-score-level').getByTestId('plan-level-2').waitFor();
    await supervisor.getByTestId('plan-evaluate-comment').fill('步骤清楚，练习题齐全。');
    await supervisor.getByTestId('plan-evaluate-save').click();
    await waitForToast(supervisor, '评价已保存');
    const row = supervisor.getByTestId(`plan-row-${dueId}`);
    await row.getByTestId('plan-level-2').waitFor();
    expect(await row.getByTestId(`plan-score-${dueId}`).textContent()).toBe('85 / 100');

    const teacher = await signInToShell(browser, server.url, 'teacher', { language: 'en' });
    const errors = watchErrors(teacher);
    await teacher.goto('/hxk/lessonPlan?tab=evaluated');
    const graded = teacher.getByTestId(`plan-row-${dueId}`);
    await graded.getByTestId('plan-level-2').waitFor();
    await graded.locator('.ant-table-row-expand-icon').click();
    expect(await teacher.getByTestId('plan-score').textContent()).toBe('85 / 100');
    await teacher.getByTestId(`plan-filled-form-${dueId}`).click();
    await teacher.getByTestId('plan-filled-form').waitFor();
    expect(await teacher.getByTestId('plan-filled-score-score').textContent()).toBe('85 / 100');
    expect(await teacher.getByTestId('plan-filled-total-score').textContent()).toBe('85');
    await teacher.keyboard.press('Escape');
    await teacher.getByTestId(`plan-appeal-${dueId}`).click();
    await teacher.getByTestId('plan-appeal-reason').fill('The exercises for every step are in the appendix.');
    await teacher.getByTestId('plan-appeal-send').click();
    await waitForToast(teacher, 'Appeal sent');

    await supervisor.reload();
    await supervisor.getByRole('tab', { name: ALL_COURSES.zh }).click();
    await supervisor.getByTestId(`plan-appeal-handle-${dueId}`).click();
    expect(await supervisor.getByTestId('plan-appeal-score-shown').textContent()).toBe('85 / 100');
    await supervisor.getByTestId('plan-appeal-score').fill('92');
    await supervisor.getByTestId('plan-appeal-score-level').getByTestId('plan-level-1').waitFor();
    await supervisor.getByTestId('plan-appeal-decide').click();
    await waitForToast(supervisor, '已处理，已通知教师');
    await row.getByTestId('plan-level-1').waitFor();

    await teacher.reload();
    await graded.getByTestId('plan-level-1').waitFor();
    await graded.locator('.ant-table-row-expand-icon').click();
    await teacher.getByTestId('plan-appeal-status-resolved').getByText('score 85 → 92 (level 2 → 1)').waitFor();
    expect(await teacher.getByTestId('plan-score').textContent()).toBe('92 / 100');
    expect(errors).toEqual([]);
    expect(supErrors).toEqual([]);
    await teacher.context().close();
    await supervisor.context().close();
  });

  it.runIf(shots)('photographs the grading form at 390 px and the filled form in zh, en and ja', async () => {
    const dueId = gradedDueId;
    expect(dueId).not.toBe('');
    for (const language of ['zh', 'en', 'ja'] as const) {
      const phone = await signInToShell(browser, server.url, 'supervisor', { language, mobile: true, ready: (p) => p.getByTestId('menu-toggle').waitFor() });
      await phone.goto('/hxk/lessonPlanEvaluation');
      await phone.getByRole('tab', { name: ALL_COURSES[language] }).click();
      await phone.getByTestId(`plan-evaluate-${dueId}`).click();
      await phone.getByTestId('plan-template-form').waitFor();
      await screenshot(phone, `lp-t-01-grade-phone-${language}`, false);
      await phone.getByTestId('plan-evaluate-save').scrollIntoViewIfNeeded();
      await screenshot(phone, `lp-t-02-grade-phone-bottom-${language}`, false);
      await phone.context().close();

      const desk = await signInToShell(browser, server.url, 'teacher', { language });
      await desk.goto('/hxk/lessonPlan?tab=evaluated');
      const r = desk.getByTestId(`plan-row-${dueId}`);
      await r.locator('.ant-table-row-expand-icon').click();
      await screenshot(desk, `lp-t-03-teacher-graded-${language}`);
      await desk.getByTestId(`plan-filled-form-${dueId}`).click();
      await desk.getByTestId('plan-filled-form').waitFor();
      await screenshot(desk, `lp-t-04-filled-form-${language}`, false);
      await desk.context().close();
    }
    const leader = await signInToShell(browser, server.url, 'leader', { language: 'en' });
    await leader.goto('/hxk/lessonPlanManagement');
    await leader.getByTestId('plan-release-open').click();
    await leader.getByTestId('plan-release-template').click();
    await leader.locator('.ant-select-dropdown').getByText('Lesson plan review form', { exact: false }).first().waitFor();
    await screenshot(leader, 'lp-t-05-release-template-en', false);
    await leader.context().close();
  }, 300_000);
});
