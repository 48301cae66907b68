import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { TClassification, TIndicator } from '@hxk/contracts';
import { classifications, indicators, questions } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

const IC = '/app/ddxk/index/classification/v1';
const QC = '/app/ddxk/question/classification/v1';
const I = '/app/ddxk/index/v1';
const Q = '/app/ddxk/question/v1';
type Page<T> = { list: T[]; total: number };
type Tree = { indicatorId: string; name: string; classificationName: string | null; children: { indicatorId: string; name: string }[] }[];

const single = (title: string) => ({ type: 'single', title, options: [{ key: 'a', content: 'Yes', score: 10 }, { key: 'b', content: 'No', score: 0 }] });

describe.each(DRIVERS)('classifications and indicators on %s', (driver) => {
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
  const classRow = (id: string) => platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(classifications).where(eq(classifications.id, id)));
  const indicatorRowsOf = (ids: string[]) => platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(indicators).where(inArray(indicators.id, ids)));
  const questionRow = (id: string) => platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(questions).where(eq(questions.id, id)));
  const saveQuestion = async (body: Record<string, unknown>) => {
    const r = await call<{ question: { questionId: string } }>(env.app, { url: `${Q}/saveOrUpdate`, token: admin, body });
    expect(r.body.code, r.body.msg).toBe(1);
    return r.body.data.question.questionId;
  };

  it('adds, lists, searches, edits and deletes classifications of each kind, with names unique per kind', async () => {
    const a = await call<TClassification>(env.app, { url: `${IC}/saveOrUpdate`, token: admin, body: { name: 'Seminar lessons', description: 'Small groups', sort: 3 } });
    expect(a.body.code).toBe(1);
    expect(a.body.data).toMatchObject({ kind: 'indicator', name: 'Seminar lessons', description: 'Small groups', sort: 3, itemCount: 0 });
    // The same name is free in the other kind; the kind comes from the path, whatever the body says.
    const b = await call<TClassification>(env.app, { url: `${QC}/saveOrUpdate`, token: admin, body: { kind: 'indicator', name: 'Seminar lessons' } });
    expect(b.body.data).toMatchObject({ kind: 'question', name: 'Seminar lessons', description: null, sort: 0 });

    const dupEn = await call(env.app, { url: `${IC}/saveOrUpdate`, token: admin, body: { name: 'SEMINAR LESSONS' }, headers: { language: 'en' } });
    expect(dupEn.status).toBe(409);
    expect(dupEn.body).toMatchObject({ errorKey: 'classification.nameTaken', msg: 'A classification with this name exists already.' });
    const dupZh = await call(env.app, { url: `${QC}/saveOrUpdate`, token: admin, body: { name: 'seminar lessons' }, headers: { language: 'zh' } });
    expect(dupZh.status).toBe(409);
    expect(dupZh.body.msg).toBe('已有同名的分类');

    const page = await call<Page<TClassification>>(env.app, { url: `${IC}/pageList`, token: admin, body: { pageNum: 1, pageSize: 10, keyword: 'seminar' } });
    expect(page.body.data.total).toBe(1);
    expect(page.body.data.list[0]!.classificationId).toBe(a.body.data.classificationId);

    const edited = await call<TClassification>(env.app, { url: `${IC}/saveOrUpdate`, token: admin, body: { classificationId: a.body.data.classificationId, name: 'Seminars', sort: 1 } });
    expect(edited.body.data).toMatchObject({ classificationId: a.body.data.classificationId, name: 'Seminars', sort: 1 });
    // An indicator classification cannot be changed through the question path.
    const wrongKind = await call(env.app, { url: `${QC}/saveOrUpdate`, token: admin, body: { classificationId: a.body.data.classificationId, name: 'Moved' } });
    expect(wrongKind.status).toBe(404);

    const dict = await call<{ classificationId: string; name: string }[]>(env.app, { url: '/app/ddxk/classification/v1/dict?kind=indicator', token: teacher });
    expect(dict.body.data).toEqual(expect.arrayContaining([{ classificationId: a.body.data.classificationId, name: 'Seminars' }]));
    expect(dict.body.data.map((d) => d.classificationId)).not.toContain(b.body.data.classificationId);
    const types = await call<{ classifications: { classificationId: string }[]; questionTypes: string[]; knowledgeLevels: string[] }>(env.app, { url: '/app/ddxk/questionnaire/type/v1/dict', token: teacher });
    expect(types.body.data.questionTypes).toEqual(['single', 'multiple', 'score', 'star', 'combo1', 'combo2']);
    expect(types.body.data.knowledgeLevels).toHaveLength(6);
    expect(types.body.data.classifications.map((c) => c.classificationId)).toContain(b.body.data.classificationId);

    // Deleting with one unknown id deletes nothing.
    const bad = await call(env.app, { url: `${IC}/deleteByIds`, token: admin, body: { ids: [a.body.data.classificationId, b.body.data.classificationId] } });
    expect(bad.status).toBe(404);
    expect(await classRow(a.body.data.classificationId)).toHaveLength(1);
    const del = await call(env.app, { url: `${QC}/deleteByIds`, token: admin, body: { ids: [b.body.data.classificationId] } });
    expect(del.body.code).toBe(1);
    expect(await classRow(b.body.data.classificationId)).toHaveLength(0);
    expect((await call(env.app, { url: `${IC}/deleteByIds`, token: admin, body: { ids: [] } })).status).toBe(400);
  });

  it('deleting a classification clears it from its indicators and questions, which stay', async () => {
    const ic = await call<TClassification>(env.app, { url: `${IC}/saveOrUpdate`, token: admin, body: { name: 'Workshop lessons' } });
    const qc = await call<TClassification>(env.app, { url: `${QC}/saveOrUpdate`, token: admin, body: { name: 'Workshop questions' } });
    const icId = ic.body.data.classificationId;
    const qcId = qc.body.data.classificationId;
    const indicator = await call<TIndicator>(env.app, { url: `${I}/saveOrUpdate`, token: admin, body: { name: 'Workshop safety', classificationId: icId } });
    expect(indicator.body.data).toMatchObject({ classificationId: icId, classificationName: 'Workshop lessons' });
    const qid = await saveQuestion({ ...single('Goggles are worn'), classificationId: qcId });
    const counted = await call<Page<TClassification>>(env.app, { url: `${QC}/pageList`, token: admin, body: { keyword: 'Workshop' } });
    expect(counted.body.data.list[0]!.itemCount).toBe(1);

    expect((await call(env.app, { url: `${IC}/deleteByIds`, token: admin, body: { ids: [icId] } })).body.code).toBe(1);
    expect((await call(env.app, { url: `${QC}/deleteByIds`, token: admin, body: { ids: [qcId] } })).body.code).toBe(1);
    const [ind] = await indicatorRowsOf([indicator.body.data.indicatorId]);
    expect(ind!.classificationId).toBeNull();
    const [q] = await questionRow(qid);
    expect(q!.classificationId).toBeNull();
  });

  it('saves a first-level indicator with its second-level list in one go: update, insert, reorder, delete', async () => {
    const created = await call<TIndicator>(env.app, {
      url: `${I}/saveOrUpdate`, token: admin,
      body: { name: 'Blackboard work', description: 'Writing on the board', sort: 7, children: [{ name: 'Legible' }, { name: 'Organised' }, { name: 'Timely' }] },
    });
    expect(created.body.code, created.body.msg).toBe(1);
    const ind = created.body.data;
    expect(ind).toMatchObject({ name: 'Blackboard work', sort: 7, enabled: true, classificationId: null, questionCount: 0 });
    expect(ind.children.map((c) => [c.name, c.sort])).toEqual([['Legible', 0], ['Organised', 1], ['Timely', 2]]);
    const [legible, organised, timely] = ind.children;

    // Questions filed under the first level and under a child count for it.
    const q1 = await saveQuestion({ ...single('Letters can be read from the back row'), indicatorId: legible!.indicatorId });
    await saveQuestion({ ...single('The board is divided into areas'), indicatorId: ind.indicatorId });
    const q3 = await saveQuestion({ ...single('The board is cleaned in time'), indicatorId: timely!.indicatorId });
    const listed = await call<Page<TIndicator>>(env.app, { url: `${I}/pageList`, token: admin, body: { keyword: 'blackboard' } });
    expect(listed.body.data.list).toHaveLength(1);
    expect(listed.body.data.list[0]!.questionCount).toBe(3);
    // The keyword also finds a first-level indicator by one of its second-level names.
    const byChild = await call<Page<TIndicator>>(env.app, { url: `${I}/pageList`, token: admin, body: { keyword: 'organised' } });
    expect(byChild.body.data.list.map((x) => x.indicatorId)).toContain(ind.indicatorId);
    // A question filter on a first-level indicator takes in its children's questions.
    const byIndicator = await call<Page<{ questionId: string }>>(env.app, { url: `${Q}/pageList`, token: admin, body: { indicatorId: ind.indicatorId } });
    expect(byIndicator.body.data.total).toBe(3);

    // Swap two names, rename one, drop "Timely", add "Colourful".
    const saved = await call<TIndicator>(env.app, {
      url: `${I}/saveOrUpdate`, token: admin,
      body: {
        indicatorId: ind.indicatorId, name: 'Board work', sort: 7, enabled: false,
        children: [{ indicatorId: organised!.indicatorId, name: 'Legible' }, { name: 'Colourful' }, { indicatorId: legible!.indicatorId, name: 'Organised' }],
      },
    });
    expect(saved.body.code, saved.body.msg).toBe(1);
    expect(saved.body.data).toMatchObject({ indicatorId: ind.indicatorId, name: 'Board work', enabled: false, questionCount: 2 });
    expect(saved.body.data.children.map((c) => [c.name, c.sort])).toEqual([['Legible', 0], ['Colourful', 1], ['Organised', 2]]);
    expect(saved.body.data.children[0]!.indicatorId).toBe(organised!.indicatorId);
    expect(await indicatorRowsOf([timely!.indicatorId])).toHaveLength(0);
    expect((await questionRow(q3))[0]!.indicatorId).toBeNull();
    expect((await questionRow(q1))[0]!.indicatorId).toBe(legible!.indicatorId);

    const detail = await call<TIndicator>(env.app, { url: `${I}/detail?indicatorId=${ind.indicatorId}`, token: admin });
    expect(detail.body.data).toEqual(saved.body.data);
    const disabled = await call<Page<TIndicator>>(env.app, { url: `${I}/pageList`, token: admin, body: { enabled: false, pageSize: 100 } });
    expect(disabled.body.data.list.map((x) => x.indicatorId)).toContain(ind.indicatorId);
    expect(disabled.body.data.list.every((x) => !x.enabled)).toBe(true);
    // The tree for pickers shows enabled indicators only.
    const tree = await call<Tree>(env.app, { url: `${I}/tree`, token: teacher });
    expect(tree.body.data.map((x) => x.indicatorId)).not.toContain(ind.indicatorId);
    expect(tree.body.data.length).toBeGreaterThan(0);

    // Deleting the indicator takes its children and clears every question pointing at them.
    expect((await call(env.app, { url: `${I}/deleteByIds`, token: admin, body: { ids: [ind.indicatorId] } })).body.code).toBe(1);
    expect(await indicatorRowsOf([ind.indicatorId, organised!.indicatorId, legible!.indicatorId])).toHaveLength(0);
    expect((await questionRow(q1))[0]!.indicatorId).toBeNull();
  });

  it('refuses indicator names over 35 characters, duplicate names and children of another indicator', async () => {
    const long = await call(env.app, { url: `${I}/saveOrUpdate`, token: admin, body: { name: 'x'.repeat(36) }, headers: { language: 'en' } });
    expect(long.status).toBe(400);
    expect(long.body.errorKey).toBe('common.validation');
    expect(long.body.msg).toContain('must be 1-35 characters');
    const longChild = await call(env.app, { url: `${I}/saveOrUpdate`, token: admin, body: { name: 'Fine', children: [{ name: '长'.repeat(36) }] }, headers: { language: 'zh' } });
    expect(longChild.status).toBe(400);
    expect(longChild.body.msg).toContain('名称为 1-35 个字符');
    expect((await call(env.app, { url: `${I}/saveOrUpdate`, token: admin, body: { name: 'x'.repeat(35) } })).body.code).toBe(1);

    const first = await call<TIndicator>(env.app, { url: `${I}/saveOrUpdate`, token: admin, body: { name: 'Homework design', children: [{ name: 'Amount' }] } });
    const dup = await call(env.app, { url: `${I}/saveOrUpdate`, token: admin, body: { name: 'homework DESIGN' }, headers: { language: 'ja' } });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ errorKey: 'indicator.nameTaken', msg: '同じ名前の一次指標が既に存在します。' });
    const dupChildren = await call(env.app, { url: `${I}/saveOrUpdate`, token: admin, body: { name: 'Feedback', children: [{ name: 'Prompt' }, { name: 'prompt' }] } });
    expect(dupChildren.status).toBe(400);

    const other = await call<TIndicator>(env.app, { url: `${I}/saveOrUpdate`, token: admin, body: { name: 'Questioning', children: [{ name: 'Open questions' }] } });
    const steal = await call(env.app, {
      url: `${I}/saveOrUpdate`, token: admin,
      body: { indicatorId: other.body.data.indicatorId, name: 'Questioning', children: [{ indicatorId: first.body.data.children[0]!.indicatorId, name: 'Taken' }] },
    });
    expect(steal.status).toBe(404);
    const [amount] = await indicatorRowsOf([first.body.data.children[0]!.indicatorId]);
    expect(amount).toMatchObject({ name: 'Amount', parentId: first.body.data.indicatorId });
    expect((await call<TIndicator>(env.app, { url: `${I}/detail?indicatorId=${other.body.data.indicatorId}`, token: admin })).body.data.children.map((c) => c.name)).toEqual(['Open questions']);
    // An unknown classification is 404.
    const badClass = await call(env.app, { url: `${I}/saveOrUpdate`, token: admin, body: { name: 'Classified', classificationId: env.schoolB.evaluation.indicatorClassificationIds[0] } });
    expect(badClass.status).toBe(404);
  });

  it("keeps school A's classifications and indicators out of school B's reach (404, unchanged)", async () => {
    const cid = env.schoolA.evaluation.indicatorClassificationIds[0]!;
    const qcid = env.schoolA.evaluation.questionClassificationIds[0]!;
    const iid = Object.values(env.schoolA.evaluation.indicatorIds)[0]!;
    const [classBefore, qclassBefore, indBefore] = [await classRow(cid), await classRow(qcid), await indicatorRowsOf([iid])];

    expect((await call(env.app, { url: `${IC}/saveOrUpdate`, token: admin2, body: { classificationId: cid, name: 'Taken over' } })).status).toBe(404);
    expect((await call(env.app, { url: `${IC}/deleteByIds`, token: admin2, body: { ids: [cid] } })).status).toBe(404);
    expect((await call(env.app, { url: `${QC}/saveOrUpdate`, token: admin2, body: { classificationId: qcid, name: 'Taken over' } })).status).toBe(404);
    expect((await call(env.app, { url: `${QC}/deleteByIds`, token: admin2, body: { ids: [qcid] } })).status).toBe(404);
    const list = await call<Page<TClassification>>(env.app, { url: `${IC}/pageList`, token: admin2, body: { pageSize: 100 } });
    expect(list.body.data.list.map((c) => c.classificationId)).not.toContain(cid);
    const dict = await call<{ classificationId: string }[]>(env.app, { url: '/app/ddxk/classification/v1/dict?kind=question', token: admin2 });
    expect(dict.body.data.map((c) => c.classificationId)).not.toContain(qcid);

    expect((await call(env.app, { url: `${I}/detail?indicatorId=${iid}`, token: admin2 })).status).toBe(404);
    expect((await call(env.app, { url: `${I}/saveOrUpdate`, token: admin2, body: { indicatorId: iid, name: 'Taken over' } })).status).toBe(404);
    expect((await call(env.app, { url: `${I}/deleteByIds`, token: admin2, body: { ids: [iid] } })).status).toBe(404);
    const tree = await call<Tree>(env.app, { url: `${I}/tree`, token: admin2 });
    expect(tree.body.data.map((x) => x.indicatorId)).not.toContain(iid);

    expect(await classRow(cid)).toEqual(classBefore);
    expect(await classRow(qcid)).toEqual(qclassBefore);
    expect(await indicatorRowsOf([iid])).toEqual(indBefore);
  });

  it('enforces the menu and button permissions', async () => {
    expect((await call(env.app, { url: `${IC}/saveOrUpdate`, token: teacher, body: { name: 'Nope' } })).status).toBe(403);
    expect((await call(env.app, { url: `${QC}/saveOrUpdate`, token: teacher, body: { name: 'Nope' } })).status).toBe(403);
    expect((await call(env.app, { url: `${IC}/pageList`, token: teacher, body: {} })).status).toBe(403);
    expect((await call(env.app, { url: `${I}/saveOrUpdate`, token: teacher, body: { name: 'Nope' } })).status).toBe(403);
    expect((await call(env.app, { url: `${I}/pageList`, token: leader, body: {} })).status).toBe(403);
    // Anyone signed in may read the dictionaries and the tree (the template builder needs them).
    expect((await call(env.app, { url: `${I}/tree`, token: leader })).status).toBe(200);
    expect((await call(env.app, { url: '/app/ddxk/classification/v1/dict?kind=indicator' })).status).toBe(401);
  });
});
