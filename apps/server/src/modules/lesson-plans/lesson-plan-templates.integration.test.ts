/**
 * Grading lesson plans with the collection's evaluation template (decision 0033): the version pinned
 * at release, every question answered within its range, the level from the score's band, the teacher
 * reading the filled form, an appeal accepted with a new score; scope and another school refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { zonedClock, type TLessonPlanCollection, type TLessonPlanDue, type TMyLessonPlanDues, type TPlanEvaluationForm } from '@hxk/contracts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { evaluationTemplates, memberScopeTeachers, schoolMemberships, templateVersions } from '../../db/schema/index.ts';
import { platformTx, schoolTx } from '../../platform/tenancy.ts';
import { PDF } from '../files/fixtures.ts';

const P = '/app/ddxk/lessonPlan/v1';

/** Two indicators: a score question (0-60) and a single choice (40 / 20 / 0): full marks 100. */
const CONTENT = {
  sections: [
    {
      key: 's1', name: 'Design', indicatorId: null,
      questions: [{ key: 'q1', type: 'score', title: 'Objectives and steps', standard: '', score: 60, knowledgeLevel: null, options: [], ranges: [], elements: [], stars: 5, commentRequired: false, sourceQuestionId: null }],
    },
    {
      key: 's2', name: 'Materials', indicatorId: null,
      questions: [{
        key: 'q2', type: 'single', title: 'Exercises included', standard: '', score: 40, knowledgeLevel: null, ranges: [], elements: [], stars: 5, commentRequired: false, sourceQuestionId: null,
        options: [{ key: 'a', content: 'All', score: 40, scoreMin: null }, { key: 'b', content: 'Some', score: 20, scoreMin: null }, { key: 'c', content: 'None', score: 0, scoreMin: null }],
      }],
    },
  ],
};

async function upload(app: FastifyInstance, token: string, name: string, context: string) {
  const boundary = `----hxkplan${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="accept"\r\n\r\nlessonPlan\r\n--${boundary}\r\nContent-Disposition: form-data; name="context"\r\n\r\n${context}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST', url: '/base/tool/file/v1/simple/upload', payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest', authorization: `Bearer ${token}` },
  });
  return (res.json() as { data: { fileId: string } }).data.fileId;
}

describe.each(DRIVERS)('lesson plans graded with a template on %s', (driver) => {
  let env: TestEnv;
  const tokens: Record<string, string> = {};
  let tpl: { templateId: string; versionId: string };
  let foreignTemplateId: string;
  let collection: TLessonPlanCollection;
  let due: TLessonPlanDue;
  let planId: string;

  /** A published template (version 1) written directly: the templates API is not this module's. */
  const insertTemplate = (schoolId: string, name: string) => platformTx(env.dbh.db, 'seed', async (tx) => {
    const [t] = await tx.insert(evaluationTemplates).values({ schoolId, name, status: 'published', content: CONTENT, totalScore: 100, sectionCount: 2, questionCount: 2, version: 1 }).returning();
    const [v] = await tx.insert(templateVersions).values({ schoolId, templateId: t!.id, version: 1, name, content: CONTENT, totalScore: 100, questionCount: 2 }).returning();
    return { templateId: t!.id, versionId: v!.id };
  });
  const evaluate = (who: string, body: object, lang = 'en') => call<TLessonPlanDue>(env.app, { url: `${P}/evaluate`, token: tokens[who], body, headers: { language: lang } });
  const form = (who: string, id = planId) => call<TPlanEvaluationForm>(env.app, { url: `${P}/evaluation/form?planId=${id}`, token: tokens[who] });
  const handle = (who: string, body: object) => call<TLessonPlanDue>(env.app, { url: `${P}/appeal/handle`, token: tokens[who], body });
  const release = (body: object) => call<TLessonPlanCollection>(env.app, {
    url: `${P}/collection/release`, token: tokens.leader,
    body: { name: 'Graded by template', type: 'lessonPlan', deadline: new Date(env.clock.now.getTime() + 86_400_000).toISOString(), targetKind: 'teachers', targetIds: [env.schoolA.users.teacher!.id], ...body },
  });
  /** The teacher hands in the plan of the collection's first due. */
  async function handIn(collectionId: string) {
    const mine = await call<TMyLessonPlanDues>(env.app, { url: `${P}/mine`, token: tokens.teacher, body: { tab: 'all' } });
    const d = mine.body.data.list.find((x) => x.collection.collectionId === collectionId)!;
    const fileId = await upload(env.app, tokens.teacher!, `plan-${collectionId}.pdf`, `lessonPlan:${d.dueId}`);
    const res = await call<TLessonPlanDue>(env.app, { url: `${P}/submit`, token: tokens.teacher, body: { dueId: d.dueId, fileIds: [fileId] } });
    expect(res.body.code).toBe(1);
    return res.body.data;
  }

  beforeAll(async () => {
    env = await createTestEnv(driver);
    env.clock.now = new Date(`${zonedClock(new Date(), env.config.schoolTimezone).date}T12:00:00+08:00`);
    for (const a of ['admin', 'leader', 'supervisor', 'teacher', 't001', 'admin2']) tokens[a] = await loginAs(env.app, a);
    tpl = await insertTemplate(env.schoolA.schoolId, 'Lesson plan review');
    foreignTemplateId = (await insertTemplate(env.schoolB.schoolId, 'Other school review')).templateId;
  });
  afterAll(async () => {
    await env?.close();
  });

  it('offers the published templates to managers and pins the current version at release; another school\'s template is not found', async () => {
    const options = await call<{ templateId: string }[]>(env.app, { url: `${P}/collection/templates`, token: tokens.leader });
    expect(options.body.data.map((o) => o.templateId)).toContain(tpl.templateId);
    expect((await call(env.app, { url: `${P}/collection/templates`, token: tokens.teacher })).status).toBe(403);
    expect((await release({ templateId: foreignTemplateId })).status).toBe(404);
    const res = await release({ templateId: tpl.templateId });
    expect(res.body.code).toBe(1);
    collection = res.body.data;
    expect(collection.template).toEqual({ templateVersionId: tpl.versionId, name: 'Lesson plan review', version: 1, totalScore: 100 });
    due = await handIn(collection.collectionId);
    planId = due.plan!.planId;
    expect(due.collection.template?.templateVersionId).toBe(tpl.versionId);
  });

  it('grades by the template only: a level, another version or a missing or out-of-range answer is refused with a localized reason', async () => {
    const answers = { q1: { score: 45 }, q2: { optionKey: 'a' } };
    expect((await evaluate('supervisor', { planId, level: 2 })).body).toMatchObject({ errorKey: 'lessonPlan.templateMismatch' });
    expect((await evaluate('supervisor', { planId, templateVersionId: env.schoolA.evaluation.templateVersionId, answers })).body).toMatchObject({ errorKey: 'lessonPlan.templateMismatch' });
    const missing = await evaluate('supervisor', { planId, templateVersionId: tpl.versionId, answers: { q1: { score: 45 } } }, 'zh');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ errorKey: 'answer.missing', msg: '“Exercises included”尚未作答' });
    const high = await evaluate('supervisor', { planId, templateVersionId: tpl.versionId, answers: { ...answers, q1: { score: 61 } } }, 'ja');
    expect(high.body).toMatchObject({ errorKey: 'answer.outOfRange', msg: '入力が範囲外です：「Objectives and steps」は 0〜60 の点数です。' });
    // The plan stays ungraded after every refusal.
    expect((await form('supervisor')).body.data).toMatchObject({ answers: null, score: null });
  });

  it('stores the filled form and its total; the level follows from the score\'s band (90 / 80 / 60 % of full marks)', async () => {
    const graded = await evaluate('supervisor', { planId, templateVersionId: tpl.versionId, answers: { q1: { score: 45 }, q2: { optionKey: 'b' } }, comment: 'Add exercises.' });
    expect(graded.body.data.plan).toMatchObject({ score: 65, level: 3, comment: 'Add exercises.' });
    // A later grade replaces it: 45 + 40 = 85 is level 2.
    const again = await evaluate('supervisor', { planId, templateVersionId: tpl.versionId, answers: { q1: { score: 45 }, q2: { optionKey: 'a' } } });
    expect(again.body.data.plan).toMatchObject({ score: 85, level: 2 });
    const mine = await call<TMyLessonPlanDues>(env.app, { url: `${P}/mine`, token: tokens.teacher, body: { tab: 'evaluated' } });
    expect(mine.body.data.list.find((d) => d.plan?.planId === planId)?.plan).toMatchObject({ score: 85, level: 2 });
    // The teacher reads the filled form; another teacher and another school do not find it.
    const seen = await form('teacher');
    expect(seen.body.data).toMatchObject({ score: 85, answers: { q1: { score: 45 }, q2: { optionKey: 'a' } }, template: { templateVersionId: tpl.versionId, totalScore: 100 } });
    expect(seen.body.data.template.content.sections).toHaveLength(2);
    expect(seen.body.data.bands.map((b) => b.minPercent)).toEqual([90, 80, 60, 0]);
    expect((await form('t001')).status).toBe(404);
    expect((await form('admin2')).status).toBe(404);
    expect((await evaluate('admin2', { planId, templateVersionId: tpl.versionId, answers: { q1: { score: 60 }, q2: { optionKey: 'a' } } })).status).toBe(404);
    expect((await evaluate('t001', { planId, templateVersionId: tpl.versionId, answers: { q1: { score: 60 }, q2: { optionKey: 'a' } } })).status).toBe(403);
  });

  it('keeps a supervisor with selected teachers to them: the plan\'s form and grading are not found', async () => {
    const me = env.schoolA.users.supervisor!.id;
    const other = env.schoolA.directory.courses.find((c) => c.teacherId !== env.schoolA.users.teacher!.id)!.teacherId;
    const inA = <T>(fn: Parameters<typeof schoolTx<T>>[2]) => schoolTx(env.dbh.db, env.schoolA.schoolId, fn);
    await inA(async (tx) => {
      await tx.update(schoolMemberships).set({ teacherScope: 'selected' }).where(eq(schoolMemberships.accountId, me));
      await tx.insert(memberScopeTeachers).values({ schoolId: env.schoolA.schoolId, accountId: me, teacherId: other });
    });
    try {
      expect((await form('supervisor')).status).toBe(404);
      expect((await evaluate('supervisor', { planId, templateVersionId: tpl.versionId, answers: { q1: { score: 60 }, q2: { optionKey: 'a' } } })).status).toBe(404);
    } finally {
      await inA(async (tx) => {
        await tx.delete(memberScopeTeachers).where(eq(memberScopeTeachers.accountId, me));
        await tx.update(schoolMemberships).set({ teacherScope: 'all' }).where(eq(schoolMemberships.accountId, me));
      });
    }
    expect((await form('supervisor')).status).toBe(200);
  });

  it('lets the teacher appeal a template-graded plan; accepting gives a new score within full marks, and its band the level', async () => {
    const made = await call<TLessonPlanDue>(env.app, { url: `${P}/appeal`, token: tokens.teacher, body: { planId, reason: 'All exercises are in the appendix.' } });
    expect(made.body.data.plan!.appeal).toMatchObject({ status: 'pending', level: 2, score: 85, scoreAfter: null });
    const appealId = made.body.data.plan!.appeal!.appealId;
    expect((await handle('admin2', { appealId, action: 'accept', scoreAfter: 92 })).status).toBe(404);
    expect((await handle('supervisor', { appealId, action: 'accept', levelAfter: 1 })).body).toMatchObject({ errorKey: 'lessonPlan.templateMismatch' });
    expect((await handle('supervisor', { appealId, action: 'accept' })).body).toMatchObject({ errorKey: 'lessonPlan.scoreRequired' });
    const over = await handle('supervisor', { appealId, action: 'accept', scoreAfter: 101 });
    expect(over.body).toMatchObject({ errorKey: 'lessonPlan.scoreOutOfRange', msg: 'Input out of range: the score must be from 0 to 100.' });
    const accepted = await handle('supervisor', { appealId, action: 'accept', scoreAfter: 92 });
    expect(accepted.body.data.plan).toMatchObject({ score: 92, level: 1, appeal: { status: 'resolved', level: 2, levelAfter: 1, score: 85, scoreAfter: 92 } });
    // The grader's filled form stays as it was graded; the plan carries the appeal's score.
    expect((await form('teacher')).body.data).toMatchObject({ score: 92, answers: { q1: { score: 45 }, q2: { optionKey: 'a' } } });
  });

  it('keeps a collection without a template to levels: a filled form or a new score is a mismatch', async () => {
    const plain = (await release({ name: 'Levels only' })).body.data;
    expect(plain.template).toBeNull();
    const d = await handIn(plain.collectionId);
    const id = d.plan!.planId;
    expect((await evaluate('supervisor', { planId: id, templateVersionId: tpl.versionId, answers: { q1: { score: 45 }, q2: { optionKey: 'a' } } })).body).toMatchObject({ errorKey: 'lessonPlan.templateMismatch' });
    expect((await evaluate('supervisor', { planId: id })).body).toMatchObject({ errorKey: 'lessonPlan.levelRequired' });
    expect((await evaluate('supervisor', { planId: id, level: 3 })).body.data.plan).toMatchObject({ level: 3, score: null });
    expect((await form('supervisor', id)).body).toMatchObject({ errorKey: 'lessonPlan.templateMismatch' });
    const made = await call<TLessonPlanDue>(env.app, { url: `${P}/appeal`, token: tokens.teacher, body: { planId: id, reason: 'Please look again.' } });
    const appealId = made.body.data.plan!.appeal!.appealId;
    expect((await handle('supervisor', { appealId, action: 'accept', scoreAfter: 90 })).body).toMatchObject({ errorKey: 'lessonPlan.templateMismatch' });
    expect((await handle('supervisor', { appealId, action: 'accept', levelAfter: 2 })).body.data.plan).toMatchObject({ level: 2, score: null, appeal: { levelAfter: 2, score: null } });
  });
});
