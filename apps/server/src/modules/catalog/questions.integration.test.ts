import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TQuestion, TRuleFinding } from '@hxk/contracts';
import { questions } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

const Q = '/app/ddxk/question/v1';
type Page<T> = { list: T[]; total: number };
type Saved = { question: TQuestion; suggestions: TRuleFinding[] };
type Refusal = { fields?: { path: string; message: string }[] };

const opt = (key: string, content: string, score: number, scoreMin?: number) => ({ key, content, score, ...(scoreMin === undefined ? {} : { scoreMin }) });

/** One question of each type, with the full marks the server must compute or keep. */
const SIX: [Record<string, unknown>, number][] = [
  [{ type: 'single', title: 'QB single: objectives are stated', knowledgeLevel: 'knowledge', options: [opt('a', 'Fully', 10), opt('b', 'Partly', 5), opt('c', 'Not at all', 0)] }, 10],
  [{ type: 'multiple', title: 'QB multiple: media used', options: [opt('a', 'Slides', 5), opt('b', 'Video', 5), opt('c', 'Board', 10)] }, 20],
  [{ type: 'score', title: 'QB score: content accuracy', score: 20, standard: 'No errors', ranges: [{ key: 'r1', min: 15, max: 20, standard: 'Accurate' }, { key: 'r2', min: 0, max: 14, standard: 'Some errors' }] }, 20],
  [{ type: 'star', title: 'QB star: atmosphere', score: 10, stars: 5 }, 10],
  [{ type: 'combo1', title: 'QB combo1: overall', options: [opt('ex', 'Excellent', 100, 90), opt('gd', 'Good', 89, 75), opt('ok', 'Pass', 74, 60)] }, 100],
  [{ type: 'combo2', title: 'QB combo2: interaction', elements: [{ key: 'x', name: 'Questions asked', score: 10 }, { key: 'y', name: 'Answers heard', score: 15 }] }, 25],
];

describe.each(DRIVERS)('question bank on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let teacher: string;
  let leader: string;
  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, admin2, teacher, leader] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'teacher'), loginAs(env.app, 'leader')]);
  });
  afterAll(async () => {
    await env?.close();
  });
  const row = async (id: string) => (await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(questions).where(eq(questions.id, id))))[0];
  const save = (body: Record<string, unknown>, lang = 'en', token = admin) => call<Saved>(env.app, { url: `${Q}/saveOrUpdate`, token, body, headers: { language: lang } });
  const detail = async (id: string) => (await call<TQuestion>(env.app, { url: `${Q}/detail?questionId=${id}`, token: admin })).body.data;

  it('saves each of the six question types and reads it back, with full marks computed', async () => {
    const ind = Object.values(env.schoolA.evaluation.indicatorIds)[0]!;
    const cls = env.schoolA.evaluation.questionClassificationIds[0]!;
    for (const [body, full] of SIX) {
      const r = await save({ ...body, indicatorId: ind, classificationId: cls });
      expect(r.body.code, `${String(body.type)}: ${r.body.msg}`).toBe(1);
      const q = r.body.data.question;
      expect(q).toMatchObject({ type: body.type, title: body.title, score: full, status: 'draft', indicatorId: ind, classificationId: cls, templateCount: 0, creator: { userId: env.schoolA.users.admin!.id } });
      expect(q.indicatorName).toBeTruthy();
      expect(q.classificationName).toBeTruthy();
      expect(await detail(q.questionId)).toEqual(q);
    }
    const list = await call<Page<TQuestion>>(env.app, { url: `${Q}/pageList`, token: admin, body: { keyword: 'QB ', pageSize: 50 } });
    expect(list.body.data.total).toBe(6);
    const byType = new Map(list.body.data.list.map((q) => [q.type, q]));
    expect(byType.get('single')).toMatchObject({ knowledgeLevel: 'knowledge', options: [{ key: 'a', content: 'Fully', score: 10, scoreMin: null }, { key: 'b' }, { key: 'c' }], ranges: [], elements: [] });
    expect(byType.get('score')!.ranges).toHaveLength(2);
    expect(byType.get('star')).toMatchObject({ stars: 5, options: [] });
    expect(byType.get('combo1')!.options.map((o) => [o.scoreMin, o.score])).toEqual([[90, 100], [75, 89], [60, 74]]);
    expect(byType.get('combo2')).toMatchObject({ commentRequired: true, elements: [{ name: 'Questions asked' }, { name: 'Answers heard' }] });
    // Filters: type, knowledge level, mine.
    const singles = await call<Page<TQuestion>>(env.app, { url: `${Q}/pageList`, token: admin, body: { keyword: 'QB ', type: 'single', knowledgeLevel: 'knowledge' } });
    expect(singles.body.data.total).toBe(1);
    const mine = await call<Page<TQuestion>>(env.app, { url: `${Q}/pageList`, token: admin, body: { keyword: 'QB ', mine: 'true' } });
    expect(mine.body.data.total).toBe(6);
  });

  it('refuses duplicate options, overlapping intervals and duplicate elements with localized messages', async () => {
    const dupOption = await save({ type: 'single', title: 'Dup options', options: [opt('a', 'Good', 10), opt('b', ' good ', 5)] }, 'en');
    expect(dupOption.status).toBe(400);
    expect(dupOption.body).toMatchObject({ errorKey: 'question.optionDuplicate', msg: 'Option contents must be unique: "good" appears twice.' });
    expect((dupOption.body as Refusal).fields).toEqual([{ path: 'options.1.content', message: 'Option contents must be unique: "good" appears twice.' }]);
    const dupOptionZh = await save({ type: 'multiple', title: 'Dup options', options: [opt('a', '板书', 10), opt('b', '板书', 5)] }, 'zh');
    expect(dupOptionZh.body.msg).toBe('选项内容不能重复：“板书”');

    const overlap = await save({ type: 'score', title: 'Overlap', score: 20, ranges: [{ key: 'r1', min: 0, max: 10, standard: 'Low' }, { key: 'r2', min: 10, max: 20, standard: 'High' }] }, 'en');
    expect(overlap.status).toBe(400);
    expect(overlap.body).toMatchObject({ errorKey: 'question.rangeOverlap', msg: 'Score interval overlap: Low (0-10) and High (10-20).' });
    const overlapJa = await save({ type: 'score', title: 'Overlap', score: 20, ranges: [{ key: 'r1', min: 0, max: 12, standard: 'Low' }, { key: 'r2', min: 8, max: 20, standard: 'High' }] }, 'ja');
    expect(overlapJa.body.msg).toBe('点数区間が重なっています：Low (0-12) と High (8-20)');
    const grades = await save({ type: 'combo1', title: 'Grades', options: [opt('a', 'Excellent', 100, 85), opt('b', 'Good', 90, 70)] }, 'zh');
    expect(grades.status).toBe(400);
    expect(grades.body).toMatchObject({ errorKey: 'question.rangeOverlap', msg: '分数区间重叠：Excellent (85-100) 与 Good (70-90)' });

    const dupElement = await save({ type: 'combo2', title: 'Elements', elements: [{ key: 'x', name: 'Clarity', score: 10 }, { key: 'y', name: 'clarity', score: 10 }] }, 'en');
    expect(dupElement.status).toBe(400);
    expect(dupElement.body).toMatchObject({ errorKey: 'question.elementDuplicate', msg: 'Evaluation element names must be unique: "clarity" appears twice.' });
    const dupElementJa = await save({ type: 'combo2', title: 'Elements', elements: [{ key: 'x', name: '明確さ', score: 10 }, { key: 'y', name: '明確さ', score: 10 }] }, 'ja');
    expect(dupElementJa.body.msg).toBe('評価要素の名前は重複できません：「明確さ」');

    const noScore = await save({ type: 'star', title: 'No score', score: 0 }, 'en');
    expect(noScore.body.errorKey).toBe('question.noScore');
    const bad = await save({ type: 'riddle', title: 'What' }, 'en');
    expect(bad.status).toBe(400);
    // Nothing of these was saved.
    const none = await call<Page<TQuestion>>(env.app, { url: `${Q}/pageList`, token: admin, body: { keyword: 'Dup options' } });
    expect(none.body.data.total).toBe(0);
  });

  it('saves a question whose scores are not multiples of 5, with the suggestion; check saves nothing', async () => {
    const r = await save({ type: 'single', title: 'Seven points', options: [opt('a', 'Yes', 7), opt('b', 'No', 0)] }, 'en');
    expect(r.body.code).toBe(1);
    expect(r.body.data.question.score).toBe(7);
    expect(r.body.data.suggestions).toEqual([{ path: 'options.0.score', key: 'question.scoreNotMultipleOf5', message: 'Scores are suggested as multiples of 5 (7 is not).' }]);
    expect((await row(r.body.data.question.questionId))).toMatchObject({ score: 7, status: 'draft' });

    const check = await call<{ errors: TRuleFinding[]; suggestions: TRuleFinding[]; score: number }>(env.app, {
      url: `${Q}/check`, token: admin, headers: { language: 'zh' },
      body: { type: 'multiple', title: 'Checked only', options: [opt('a', 'A', 3), opt('b', 'A', 4)] },
    });
    expect(check.body.data.score).toBe(7);
    expect(check.body.data.errors).toEqual([{ path: 'options.1.content', key: 'question.optionDuplicate', message: '选项内容不能重复：“A”' }]);
    expect(check.body.data.suggestions.map((s) => s.path)).toEqual(['options.0.score', 'options.1.score', 'score']);
    expect(check.body.data.suggestions[0]!.message).toBe('建议分值为 5 的倍数（当前为 3）');
    const none = await call<Page<TQuestion>>(env.app, { url: `${Q}/pageList`, token: admin, body: { keyword: 'Checked only' } });
    expect(none.body.data.total).toBe(0);
  });

  it('moves questions through the review states, all or nothing', async () => {
    const body = { type: 'star', title: 'Workflow: punctual start', score: 10, stars: 5 };
    const created = await save(body);
    const id = created.body.data.question.questionId;
    expect(created.body.data.question.status).toBe('draft');
    // Reading the bank shows approved questions only.
    const read = async () => (await call<Page<TQuestion>>(env.app, { url: `${Q}/readList`, token: admin, body: { keyword: 'Workflow' } })).body.data.list.map((q) => q.questionId);
    expect(await read()).toEqual([]);
    expect((await call(env.app, { url: `${Q}/readDetail?questionId=${id}`, token: admin })).status).toBe(404);

    // A draft cannot be reviewed.
    expect((await call(env.app, { url: `${Q}/review`, token: admin, body: { ids: [id], decision: 'approve' } })).status).toBe(409);
    expect((await call(env.app, { url: `${Q}/submit`, token: admin, body: { ids: [id] } })).body.code).toBe(1);
    expect((await row(id))!.status).toBe('pending');
    // Pending questions cannot be edited or submitted again.
    const editPending = await save({ ...body, questionId: id, title: 'Workflow: changed' }, 'en');
    expect(editPending.status).toBe(409);
    expect(editPending.body).toMatchObject({ errorKey: 'question.badTransition', msg: 'Some selected questions cannot take this action in their current state.' });

    // A rejection needs a reason of at least 5 characters.
    const short = await call(env.app, { url: `${Q}/review`, token: admin, body: { ids: [id], decision: 'reject', note: 'bad' }, headers: { language: 'en' } });
    expect(short.status).toBe(400);
    expect(short.body.msg).toContain('Write at least 5 characters.');
    const shortZh = await call(env.app, { url: `${Q}/review`, token: admin, body: { ids: [id], decision: 'reject' }, headers: { language: 'zh' } });
    expect(shortZh.body.msg).toContain('请至少填写 5 个字符');
    expect((await row(id))!.status).toBe('pending');
    const rejected = await call(env.app, { url: `${Q}/review`, token: admin, body: { ids: [id], decision: 'reject', note: 'Say what punctual means' } });
    expect(rejected.body.code).toBe(1);
    const afterReject = await detail(id);
    expect(afterReject).toMatchObject({ status: 'rejected', reviewNote: 'Say what punctual means', reviewer: { userId: env.schoolA.users.admin!.id } });
    expect(afterReject.reviewedAt).toBeTruthy();

    // Editing a rejected question keeps it rejected; submit: true sends it to review.
    expect((await save({ ...body, questionId: id, standard: 'Starts within a minute' })).body.data.question.status).toBe('rejected');
    expect((await save({ ...body, questionId: id, standard: 'Starts on the bell', submit: true })).body.data.question.status).toBe('pending');
    expect((await call(env.app, { url: `${Q}/review`, token: admin, body: { ids: [id], decision: 'approve' } })).body.code).toBe(1);
    expect(await read()).toEqual([id]);
    const readDetail = await call<TQuestion>(env.app, { url: `${Q}/readDetail?questionId=${id}`, token: admin });
    expect(readDetail.body.data).toMatchObject({ questionId: id, status: 'approved', standard: 'Starts on the bell' });
    const pick = await call<Page<TQuestion>>(env.app, { url: `${Q}/pickList`, token: leader, body: { keyword: 'Workflow' } });
    expect(pick.body.data.list.map((q) => q.questionId)).toEqual([id]);

    // Submitting an approved question (with a draft): 409 and neither changes.
    const draft = (await save({ ...body, title: 'Workflow: second' })).body.data.question.questionId;
    const [beforeA, beforeD] = [await row(id), await row(draft)];
    const bad = await call(env.app, { url: `${Q}/submit`, token: admin, body: { ids: [draft, id] } });
    expect(bad.status).toBe(409);
    expect(bad.body.errorKey).toBe('question.badTransition');
    expect(await row(id)).toEqual(beforeA);
    expect(await row(draft)).toEqual(beforeD);

    // Editing an approved question sends it back to review and out of the readers' list.
    const edited = await save({ ...body, questionId: id, score: 15 });
    expect(edited.body.data.question).toMatchObject({ status: 'pending', score: 15 });
    expect(await read()).toEqual([]);

    // Deleting: one unknown id deletes nothing.
    expect((await call(env.app, { url: `${Q}/deleteByIds`, token: admin, body: { ids: [id, '999999999999'] } })).status).toBe(404);
    expect(await row(id)).toBeDefined();
    expect((await call(env.app, { url: `${Q}/deleteByIds`, token: admin, body: { ids: [id, draft] } })).body.code).toBe(1);
    expect(await row(id)).toBeUndefined();
    expect(await row(draft)).toBeUndefined();
  });

  it('refuses a classification or indicator that is not one of this school (or of the right kind)', async () => {
    const body = { type: 'star', title: 'Referencing', score: 10 };
    expect((await save({ ...body, classificationId: env.schoolB.evaluation.questionClassificationIds[0] })).status).toBe(404);
    expect((await save({ ...body, classificationId: env.schoolA.evaluation.indicatorClassificationIds[0] })).status).toBe(404);
    expect((await save({ ...body, indicatorId: Object.values(env.schoolB.evaluation.indicatorIds)[0] })).status).toBe(404);
    const none = await call<Page<TQuestion>>(env.app, { url: `${Q}/pageList`, token: admin, body: { keyword: 'Referencing' } });
    expect(none.body.data.total).toBe(0);
  });

  it("keeps school A's questions out of school B's reach (404, unchanged)", async () => {
    const seeded = env.schoolA.evaluation.questionIds[0]!;
    const pending = (await save({ type: 'star', title: 'Cross-school pending', score: 10, submit: true })).body.data.question.questionId;
    const [beforeS, beforeP] = [await row(seeded), await row(pending)];
    expect((await call(env.app, { url: `${Q}/detail?questionId=${seeded}`, token: admin2 })).status).toBe(404);
    expect((await call(env.app, { url: `${Q}/readDetail?questionId=${seeded}`, token: admin2 })).status).toBe(404);
    expect((await save({ type: 'star', title: 'Taken over', score: 10, questionId: seeded }, 'en', admin2)).status).toBe(404);
    expect((await call(env.app, { url: `${Q}/submit`, token: admin2, body: { ids: [pending] } })).status).toBe(404);
    expect((await call(env.app, { url: `${Q}/review`, token: admin2, body: { ids: [pending], decision: 'approve' } })).status).toBe(404);
    expect((await call(env.app, { url: `${Q}/deleteByIds`, token: admin2, body: { ids: [seeded, pending] } })).status).toBe(404);
    for (const url of [`${Q}/pageList`, `${Q}/readList`, `${Q}/pickList`]) {
      const list = await call<Page<TQuestion>>(env.app, { url, token: admin2, body: { pageSize: 100 } });
      expect(list.body.data.list.map((q) => q.questionId)).not.toContain(seeded);
    }
    expect(await row(seeded)).toEqual(beforeS);
    expect(await row(pending)).toEqual(beforeP);
  });

  it('enforces the menu and button permissions', async () => {
    const body = { type: 'star', title: 'Permissions', score: 10 };
    expect((await save(body, 'en', teacher)).status).toBe(403);
    expect((await call(env.app, { url: `${Q}/pageList`, token: teacher, body: {} })).status).toBe(403);
    expect((await call(env.app, { url: `${Q}/pickList`, token: teacher, body: {} })).status).toBe(403);
    const id = (await save({ ...body, submit: true })).body.data.question.questionId;
    expect((await call(env.app, { url: `${Q}/review`, token: teacher, body: { ids: [id], decision: 'approve' } })).status).toBe(403);
    // The leader's built-in role has templates (so picking approved questions) but not the question bank or its review.
    expect((await call(env.app, { url: `${Q}/review`, token: leader, body: { ids: [id], decision: 'approve' } })).status).toBe(403);
    expect((await save(body, 'en', leader)).status).toBe(403);
    expect((await call(env.app, { url: `${Q}/check`, token: leader, body })).status).toBe(403);
    expect((await row(id))!.status).toBe('pending');
  });
});
