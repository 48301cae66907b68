import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { TRuleFinding, TTemplate, TTemplateContentInput, TTemplateSummary, TTemplateVersion } from '@hxk/contracts';
import { evaluationTemplates, questions, supervisionPlans, templateQuestionSources, templateVersions } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

const P = '/app/ddxk/template/v1';
type Page = { list: TTemplateSummary[]; total: number };
type Saved = { template: TTemplate; suggestions: TRuleFinding[] };
type Fields = { fields?: { path: string; message: string }[] };

/** One question of each of the six types, in two primary indicators; total 100. */
const fullContent = (prefix = ''): TTemplateContentInput => ({
  sections: [
    {
      key: 's1',
      name: 'Content',
      questions: [
        { key: 'q1', type: 'single', title: `${prefix}Objectives stated`, options: [{ key: 'a', content: 'Yes', score: 10 }, { key: 'b', content: 'No', score: 0 }] },
        { key: 'q2', type: 'multiple', title: `${prefix}Methods used`, options: [{ key: 'a', content: 'Questions', score: 5 }, { key: 'b', content: 'Groups', score: 5 }] },
        {
          key: 'q3', type: 'score', title: `${prefix}Accuracy`, score: 20,
          ranges: [{ key: 'r1', min: 0, max: 9, standard: 'Weak' }, { key: 'r2', min: 10, max: 20, standard: 'Good' }],
        },
      ],
    },
    {
      key: 's2',
      name: 'Method',
      questions: [
        { key: 'q4', type: 'star', title: `${prefix}Demeanour`, score: 10, stars: 5 },
        {
          key: 'q5', type: 'combo1', title: `${prefix}Order`,
          options: [{ key: 'e', content: 'Excellent', score: 30, scoreMin: 21 }, { key: 'g', content: 'Good', score: 20, scoreMin: 10 }],
        },
        { key: 'q6', type: 'combo2', title: `${prefix}Effect`, elements: [{ key: 'x', name: 'Voice', score: 10 }, { key: 'y', name: 'Board', score: 10 }] },
      ],
    },
  ],
});

describe.each(DRIVERS)('evaluation templates on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let teacher: string;
  let leader: string;
  const en = { language: 'en' };
  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, admin2, teacher, leader] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'teacher'), loginAs(env.app, 'leader')]);
  });
  afterAll(async () => {
    await env?.close();
  });

  const save = (body: unknown, token = admin, headers: Record<string, string> = en) => call<Saved>(env.app, { url: `${P}/saveOrUpdate`, token, body, headers });
  const act = (action: 'publish' | 'stop' | 'deleteByIds' | 'copy', ids: string[], token = admin, headers: Record<string, string> = en) =>
    call<{ copies: { templateId: string; name: string }[] } | null>(env.app, { url: `${P}/${action}`, token, body: { ids }, headers });
  const detail = (id: string, token = admin) => call<TTemplate>(env.app, { url: `${P}/detail?templateId=${id}`, token });
  const row = async (id: string) => (await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(evaluationTemplates).where(eq(evaluationTemplates.id, id))))[0]!;
  const versionsOf = (id: string) => platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(templateVersions).where(eq(templateVersions.templateId, id)));
  const create = async (name: string, content: TTemplateContentInput = fullContent(), token = admin) => {
    const r = await save({ name, content }, token);
    expect(r.body.code, r.body.msg).toBe(1);
    return r.body.data.template;
  };

  it('builds a template with every question type, saves it as a draft, publishes version 1 and lists it', async () => {
    const r = await save({ name: 'T5 Full Form', description: 'All six types', content: fullContent() });
    expect(r.status).toBe(200);
    const t = r.body.data.template;
    expect(t).toMatchObject({ name: 'T5 Full Form', description: 'All six types', status: 'draft', version: 0, totalScore: 100, questionCount: 6, sectionCount: 2, planCount: 0 });
    expect(t.creator?.userId).toBe(env.schoolA.users.admin!.id);
    expect(r.body.data.suggestions).toEqual([]);
    // Normalized: combo2 always asks for a comment, full marks computed from the options.
    const q6 = t.content.sections[1]!.questions[2]!;
    expect(q6).toMatchObject({ commentRequired: true, score: 20 });
    expect(t.content.sections[1]!.questions[1]!.score).toBe(30);
    expect(await versionsOf(t.templateId)).toHaveLength(0);

    expect((await act('publish', [t.templateId])).body.code).toBe(1);
    const d = await detail(t.templateId);
    expect(d.body.data).toMatchObject({ status: 'published', version: 1, totalScore: 100 });
    const versions = await call<{ templateVersionId: string; version: number; planCount: number }[]>(env.app, { url: `${P}/versions?templateId=${t.templateId}`, token: admin });
    expect(versions.body.data).toMatchObject([{ version: 1, planCount: 0, name: 'T5 Full Form' }]);
    const v1 = await call<TTemplateVersion>(env.app, { url: `${P}/version?templateVersionId=${versions.body.data[0]!.templateVersionId}`, token: teacher });
    expect(v1.body.data).toMatchObject({ templateId: t.templateId, version: 1, totalScore: 100 });
    expect(v1.body.data.content).toEqual(d.body.data.content);

    const byName = await call<Page>(env.app, { url: `${P}/pageList`, token: admin, body: { keyword: 't5 full', status: 'published' } });
    expect(byName.body.data.total).toBe(1);
    expect(byName.body.data.list[0]).toMatchObject({ templateId: t.templateId, status: 'published', version: 1, creator: { userId: env.schoolA.users.admin!.id } });
    expect(byName.body.data.list[0]).not.toHaveProperty('content');
    const drafts = await call<Page>(env.app, { url: `${P}/pageList`, token: admin, body: { keyword: 't5 full', status: 'draft' } });
    expect(drafts.body.data.total).toBe(0);
    const options = await call<{ templateId: string; version: number }[]>(env.app, { url: `${P}/options`, token: admin });
    expect(options.body.data.find((o) => o.templateId === t.templateId)).toMatchObject({ version: 1 });
  });

  it('suggests multiples of 5 and checks a form without saving it', async () => {
    const content = fullContent('Sg ');
    content.sections![1]!.questions![0]!.score = 12;
    const r = await save({ name: 'T5 Suggest', content });
    expect(r.body.code).toBe(1);
    expect(r.body.data.suggestions).toEqual([{ path: 'sections.1.questions.0.score', key: 'question.scoreNotMultipleOf5', message: 'Scores are suggested as multiples of 5 (12 is not).' }]);

    const empty = await call<{ errors: TRuleFinding[]; suggestions: TRuleFinding[]; totalScore: number }>(env.app, {
      url: `${P}/check`, token: admin, headers: { language: 'zh' }, body: { name: 'T5 Never Saved', content: { sections: [{ key: 's1', name: 'A' }] } },
    });
    expect(empty.body.data).toEqual({ errors: [{ path: 'content', key: 'template.noQuestions', message: '模板至少需要一道题目才能发布' }], suggestions: [], totalScore: 0 });
    const good = await call<{ errors: TRuleFinding[]; totalScore: number }>(env.app, { url: `${P}/check`, token: admin, body: { name: 'T5 Never Saved', content: fullContent() } });
    expect(good.body.data).toMatchObject({ errors: [], totalScore: 100 });
    const listed = await call<Page>(env.app, { url: `${P}/pageList`, token: admin, body: { keyword: 'T5 Never Saved' } });
    expect(listed.body.data.total).toBe(0);
  });

  it('allows only the transitions of the state machine, all or nothing', async () => {
    const empty = await create('T5 Empty', { sections: [{ key: 's1', name: 'Nothing yet' }] });
    expect(empty).toMatchObject({ status: 'draft', questionCount: 0, totalScore: 0 });
    const r1 = await act('publish', [empty.templateId]);
    expect(r1.status).toBe(400);
    expect(r1.body).toMatchObject({ errorKey: 'template.noQuestions', msg: 'A template needs at least one question before it is published.' });
    const r1ja = await act('publish', [empty.templateId], admin, { language: 'ja' });
    expect(r1ja.body.msg).toBe('公開するには設問が 1 つ以上必要です。');

    const draft = await create('T5 Draft', fullContent('D '));
    const pub = await create('T5 Published', fullContent('P '));
    expect((await act('publish', [pub.templateId])).body.code).toBe(1);

    const stopDraft = await act('stop', [draft.templateId]);
    expect(stopDraft.status).toBe(409);
    expect(stopDraft.body).toMatchObject({ errorKey: 'template.badTransition' });
    expect((await act('deleteByIds', [pub.templateId])).status).toBe(409);
    expect((await act('publish', [pub.templateId])).status).toBe(409);

    // One bad item refuses the batch: the draft is neither published nor deleted.
    expect((await act('publish', [draft.templateId, pub.templateId])).status).toBe(409);
    expect((await act('publish', [draft.templateId, empty.templateId])).status).toBe(400);
    expect((await act('deleteByIds', [draft.templateId, pub.templateId])).status).toBe(409);
    expect(await row(draft.templateId)).toMatchObject({ status: 'draft', version: 0, deletedAt: null });
    expect(await versionsOf(draft.templateId)).toHaveLength(0);
    expect(await row(pub.templateId)).toMatchObject({ status: 'published', version: 1 });

    for (const action of ['publish', 'stop', 'deleteByIds', 'copy'] as const) {
      const r = await act(action, []);
      expect(r.status).toBe(400);
      expect(r.body.errorKey).toBe('common.validation');
    }

    // stopped → published again: unchanged, so version 1 is reused.
    expect((await act('stop', [pub.templateId])).body.code).toBe(1);
    expect((await detail(pub.templateId)).body.data.status).toBe('stopped');
    expect((await act('stop', [pub.templateId])).status).toBe(409);
    expect((await act('publish', [pub.templateId])).body.code).toBe(1);
    expect(await row(pub.templateId)).toMatchObject({ status: 'published', version: 1 });
    expect(await versionsOf(pub.templateId)).toHaveLength(1);

    // Drafts and stopped templates are deleted; a deleted one is gone from detail and list, its name free.
    expect((await act('stop', [pub.templateId])).body.code).toBe(1);
    expect((await act('deleteByIds', [draft.templateId, pub.templateId, empty.templateId])).body.code).toBe(1);
    expect((await detail(draft.templateId)).status).toBe(404);
    expect((await act('publish', [pub.templateId])).status).toBe(404);
    const list = await call<Page>(env.app, { url: `${P}/pageList`, token: admin, body: { keyword: 'T5 Draft' } });
    expect(list.body.data.total).toBe(0);
    expect((await row(draft.templateId)).deletedAt).not.toBeNull();
    await create('T5 Draft', fullContent('D '));
  });

  it('publishes version 2 when a published template is edited; version 1 stays as it was', async () => {
    const t = await create('T5 Versioned', fullContent('V '));
    await act('publish', [t.templateId]);
    const [v1] = await versionsOf(t.templateId);
    const content = fullContent('V ');
    content.sections![0]!.questions![0]!.title = 'V Objectives stated clearly';
    const edited = await save({ templateId: t.templateId, name: 'T5 Versioned', content });
    expect(edited.body.data.template).toMatchObject({ status: 'published', version: 2 });
    const versions = await call<{ version: number }[]>(env.app, { url: `${P}/versions?templateId=${t.templateId}`, token: admin });
    expect(versions.body.data.map((v) => v.version)).toEqual([2, 1]);
    const old = await call<TTemplateVersion>(env.app, { url: `${P}/version?templateVersionId=${v1!.id}`, token: admin });
    expect(old.body.data.content.sections[0]!.questions[0]!.title).toBe('V Objectives stated');

    // Saving the same content again publishes nothing new.
    expect((await save({ templateId: t.templateId, name: 'T5 Versioned', content })).body.data.template.version).toBe(2);
    // A published template must stay publishable.
    const emptied = await save({ templateId: t.templateId, name: 'T5 Versioned', content: { sections: [] } });
    expect(emptied.status).toBe(400);
    expect(emptied.body.errorKey).toBe('template.noQuestions');
    expect(await versionsOf(t.templateId)).toHaveLength(2);
    // A draft is edited without any version.
    const d = await create('T5 Versioned Draft', fullContent('VD '));
    expect((await save({ templateId: d.templateId, name: 'T5 Versioned Draft 2', content: { sections: [] } })).body.data.template).toMatchObject({ version: 0, questionCount: 0, name: 'T5 Versioned Draft 2' });
  });

  it('keeps a version pinned by a plan through stop and delete, and stops offering the template', async () => {
    const t = await create('T5 Pinned', fullContent('Pn '));
    await act('publish', [t.templateId]);
    const [v1] = await versionsOf(t.templateId);
    await platformTx(env.dbh.db, 'seed', (tx) =>
      tx.insert(supervisionPlans).values({
        schoolId: env.schoolA.schoolId, name: 'T5 pinned plan', evaluationType: 'ordinary', templateId: t.templateId, templateVersionId: v1!.id,
        semesterId: env.schoolA.directory.semesterId, startDate: '2026-03-01', endDate: '2026-06-30',
      }),
    );
    const listed = await call<Page>(env.app, { url: `${P}/pageList`, token: admin, body: { keyword: 'T5 Pinned' } });
    expect(listed.body.data.list[0]!.planCount).toBe(1);
    const versions = await call<{ planCount: number }[]>(env.app, { url: `${P}/versions?templateId=${t.templateId}`, token: admin });
    expect(versions.body.data[0]!.planCount).toBe(1);

    const before = await call<TTemplateVersion>(env.app, { url: `${P}/version?templateVersionId=${v1!.id}`, token: admin });
    expect((await act('stop', [t.templateId])).body.code).toBe(1);
    const options = await call<{ templateId: string }[]>(env.app, { url: `${P}/options`, token: admin });
    expect(options.body.data.some((o) => o.templateId === t.templateId)).toBe(false);
    expect((await act('deleteByIds', [t.templateId])).body.code).toBe(1);
    const after = await call<TTemplateVersion>(env.app, { url: `${P}/version?templateVersionId=${v1!.id}`, token: teacher });
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual(before.body.data);
    const [plan] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(supervisionPlans).where(eq(supervisionPlans.templateId, t.templateId)));
    expect(plan!.templateVersionId).toBe(v1!.id);
  });

  it('copies templates as drafts with localized, unique names', async () => {
    const t = await create('T5 Original', fullContent('O '));
    await act('publish', [t.templateId]);
    const c1 = await act('copy', [t.templateId]);
    expect(c1.body.data!.copies.map((c) => c.name)).toEqual(['T5 Original (copy)']);
    const c2 = await act('copy', [t.templateId, t.templateId]);
    expect(c2.body.data!.copies.map((c) => c.name)).toEqual(['T5 Original (copy) 2']);
    const zh = await act('copy', [t.templateId], admin, { language: 'zh' });
    expect(zh.body.data!.copies[0]!.name).toBe('T5 Original (副本)');
    const ja = await act('copy', [t.templateId], admin, { language: 'ja' });
    expect(ja.body.data!.copies[0]!.name).toBe('T5 Original (コピー)');
    const copy = await detail(c1.body.data!.copies[0]!.templateId);
    expect(copy.body.data).toMatchObject({ status: 'draft', version: 0, totalScore: 100, questionCount: 6 });
    expect(copy.body.data.content).toEqual(t.content);
    expect(await row(t.templateId)).toMatchObject({ status: 'published', version: 1, name: 'T5 Original' });
  });

  it('refuses rule breaks with localized messages, duplicate names and references of another school', async () => {
    const overlap = fullContent('R ');
    overlap.sections![0]!.questions![2]!.ranges = [{ key: 'r1', min: 0, max: 10, standard: 'Weak' }, { key: 'r2', min: 10, max: 20, standard: 'Good' }];
    const r1 = await save({ name: 'T5 Rules', content: overlap });
    expect(r1.status).toBe(400);
    expect(r1.body).toMatchObject({ errorKey: 'question.rangeOverlap', msg: 'Score interval overlap: Weak (0-10) and Good (10-20).' });
    expect((r1.body as unknown as Fields).fields).toEqual([{ path: 'sections.0.questions.2.ranges.1', message: 'Score interval overlap: Weak (0-10) and Good (10-20).' }]);

    const dupOption = fullContent('R ');
    dupOption.sections![0]!.questions![0]!.options = [{ key: 'a', content: 'Yes', score: 10 }, { key: 'b', content: ' yes', score: 5 }];
    const r2 = await save({ name: 'T5 Rules', content: dupOption }, admin, { language: 'zh' });
    expect(r2.status).toBe(400);
    expect(r2.body).toMatchObject({ errorKey: 'question.optionDuplicate', msg: '选项内容不能重复：“yes”' });

    const dupElement = fullContent('R ');
    dupElement.sections![1]!.questions![0]!.title = 'R Objectives stated';
    const r3 = await save({ name: 'T5 Rules', content: dupElement });
    expect(r3.status).toBe(400);
    expect(r3.body).toMatchObject({ errorKey: 'template.elementDuplicate', msg: 'Evaluation element names must be unique: "R Objectives stated" appears twice.' });
    expect((r3.body as unknown as Fields).fields?.[0]?.path).toBe('sections.1.questions.0.title');
    const listed = await call<Page>(env.app, { url: `${P}/pageList`, token: admin, body: { keyword: 'T5 Rules' } });
    expect(listed.body.data.total).toBe(0);

    await create('T5 Named', fullContent('N '));
    const r4 = await save({ name: 't5 named', content: { sections: [] } });
    expect(r4.status).toBe(409);
    expect(r4.body).toMatchObject({ errorKey: 'template.nameTaken', msg: 'An evaluation template with this name exists already.' });

    const foreignQuestion = fullContent('F ');
    foreignQuestion.sections![0]!.questions![0]!.sourceQuestionId = env.schoolB.evaluation.questionIds[0]!;
    expect((await save({ name: 'T5 Foreign', content: foreignQuestion })).status).toBe(404);
    const foreignIndicator = fullContent('F ');
    foreignIndicator.sections![0]!.indicatorId = Object.values(env.schoolB.evaluation.indicatorIds)[0]!;
    expect((await save({ name: 'T5 Foreign', content: foreignIndicator })).status).toBe(404);

    // Indicators and bank questions of this school are kept, with the question sources.
    const own = fullContent('Own ');
    own.sections![0]!.indicatorId = env.schoolA.evaluation.indicatorIds['Teaching content']!;
    own.sections![0]!.questions![0]!.sourceQuestionId = env.schoolA.evaluation.questionIds[0]!;
    const ok = await create('T5 Own', own);
    expect(ok.content.sections[0]!.indicatorId).toBe(env.schoolA.evaluation.indicatorIds['Teaching content']);
    const sources = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(templateQuestionSources).where(eq(templateQuestionSources.templateId, ok.templateId)));
    expect(sources.map((s) => s.questionId)).toEqual([env.schoolA.evaluation.questionIds[0]]);
  });

  it('adds approved bank questions to a section as copies', async () => {
    const ids = env.schoolA.evaluation.questionIds;
    const t = await create('T5 From Bank', { sections: [{ key: 's1', name: 'Bank' }, { key: 's2', name: 'Other' }] });
    const r = await call<TTemplate>(env.app, { url: `${P}/addQuestions`, token: admin, body: { templateId: t.templateId, sectionKey: 's1', questionIds: [ids[0], ids[1]] } });
    expect(r.body.code, r.body.msg).toBe(1);
    const qs = r.body.data.content.sections[0]!.questions;
    expect(qs.map((q) => q.sourceQuestionId)).toEqual([ids[0], ids[1]]);
    expect(new Set(qs.map((q) => q.key)).size).toBe(2);
    expect(qs[1]!.type).toBe('score');
    expect(qs[1]!.ranges).toHaveLength(3);
    expect(r.body.data.questionCount).toBe(2);
    const sources = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(templateQuestionSources).where(eq(templateQuestionSources.templateId, t.templateId)));
    expect(sources.map((s) => s.questionId).sort()).toEqual([ids[0], ids[1]].sort());

    const again = await call(env.app, { url: `${P}/addQuestions`, token: admin, headers: en, body: { templateId: t.templateId, sectionKey: 's2', questionIds: [ids[0]] } });
    expect(again.status).toBe(400);
    expect(again.body.errorKey).toBe('template.elementDuplicate');
    expect((await call(env.app, { url: `${P}/addQuestions`, token: admin, body: { templateId: t.templateId, sectionKey: 'nope', questionIds: [ids[2]] } })).status).toBe(404);

    const [pending] = await platformTx(env.dbh.db, 'seed', (tx) =>
      tx.insert(questions).values({ schoolId: env.schoolA.schoolId, type: 'star', title: 'T5 pending question', score: 10, body: { stars: 5 }, status: 'pending' }).returning({ id: questions.id }),
    );
    const notApproved = await call(env.app, { url: `${P}/addQuestions`, token: admin, headers: en, body: { templateId: t.templateId, sectionKey: 's2', questionIds: [pending!.id] } });
    expect(notApproved.status).toBe(409);
    expect(notApproved.body).toMatchObject({ errorKey: 'question.notApproved', msg: 'Only approved questions can be added to a template.' });

    // On a published template the addition is the next version at once.
    await act('publish', [t.templateId]);
    const added = await call<TTemplate>(env.app, { url: `${P}/addQuestions`, token: admin, body: { templateId: t.templateId, sectionKey: 's2', questionIds: [ids[5]] } });
    expect(added.body.data).toMatchObject({ status: 'published', version: 2, questionCount: 3 });
  });

  it('hides one school\'s templates from another: 404 and nothing changes', async () => {
    const t = await create('T5 School A', fullContent('A '));
    await act('publish', [t.templateId]);
    const [v1] = await versionsOf(t.templateId);
    const before = await row(t.templateId);
    const id = t.templateId;
    const tries = [
      call(env.app, { url: `${P}/detail?templateId=${id}`, token: admin2 }),
      call(env.app, { url: `${P}/versions?templateId=${id}`, token: admin2 }),
      call(env.app, { url: `${P}/version?templateVersionId=${v1!.id}`, token: admin2 }),
      save({ templateId: id, name: 'Taken over', content: fullContent() }, admin2),
      act('publish', [id], admin2),
      act('stop', [id], admin2),
      act('deleteByIds', [id], admin2),
      act('copy', [id], admin2),
      call(env.app, { url: `${P}/addQuestions`, token: admin2, body: { templateId: id, sectionKey: 's1', questionIds: [env.schoolB.evaluation.questionIds[0]] } }),
    ];
    for (const r of await Promise.all(tries)) expect(r.status).toBe(404);
    expect(await row(id)).toEqual(before);
    expect(await versionsOf(id)).toHaveLength(1);
    const copies = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(evaluationTemplates).where(inArray(evaluationTemplates.name, ['T5 School A (copy)', 'Taken over'])));
    expect(copies).toEqual([]);
    const list = await call<Page>(env.app, { url: `${P}/pageList`, token: admin2, body: { keyword: 'T5 School A' } });
    expect(list.body.data.total).toBe(0);
  });

  it('lets the leader edit and publish, not the teacher', async () => {
    expect((await save({ name: 'T5 Teacher', content: fullContent() }, teacher)).status).toBe(403);
    const t = await create('T5 Leader', fullContent('L '), leader);
    expect(t.creator?.userId).toBe(env.schoolA.users.leader!.id);
    expect((await act('publish', [t.templateId], teacher)).status).toBe(403);
    expect((await act('publish', [t.templateId], leader)).body.code).toBe(1);
    expect((await detail(t.templateId, leader)).body.data.status).toBe('published');
    expect((await detail(t.templateId, teacher)).status).toBe(403);
  });
});
