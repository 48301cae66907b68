import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  zonedClock,
  type TFeedbackDetail,
  type TQuestionnaire,
  type TQuestionnaireForm,
  type TTemplateQuestionInput,
} from '@hxk/contracts';
import { accounts, courseSessions, questionnaireResponses, questionnaires, questionnaireSubmissions } from '../../db/schema/index.ts';
import { seedDemoQuestionnaires } from '../../db/seed/demo-questionnaires.ts';
import type { Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/sql-rows.ts';
import { platformTx, schoolTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { endOfSchoolDay } from './feedback.service.ts';
import { demoName } from '../../db/seed/seed.ts';

const P = '/app/ddxk/questionnaire/v1';
type Page<T> = { list: T[]; total: number };
type Feedback = { questionnaireId: string; title: string; course: { courseId: string; studentCount: number }; responseCount: number; averagePercent: number | null };
type Mine = { questionnaireId: string; course: { courseId: string } | null; answered: boolean; open: boolean };

/** Four questions: a choice (not scored in the mean), stars, a score with standards, elements with a comment. */
const QUESTIONS: TTemplateQuestionInput[] = [
  { key: 'a', type: 'single', title: 'The class started on time', options: [{ key: 'y', content: 'Yes', score: 10 }, { key: 'n', content: 'No', score: 0 }] },
  { key: 'b', type: 'star', title: 'Overall, the class was', score: 10, stars: 5 },
  { key: 'c', type: 'score', title: 'Clarity of the explanations', score: 20, ranges: [{ key: 'h', min: 15, max: 20, standard: 'Clear' }, { key: 'l', min: 0, max: 14, standard: 'Unclear' }] },
  { key: 'd', type: 'combo2', title: 'What worked', elements: [{ key: 'x', name: 'Pace', score: 10 }, { key: 'y', name: 'Examples', score: 10 }] },
];
/** 76 %: stars 8 of 10, score 16 of 20, elements 14 of 20 (the choice is not scored). */
const ANSWERS_76 = { a: { optionKey: 'y' }, b: { stars: 4 }, c: { score: 16 }, d: { elementScores: { x: 8, y: 6 }, comment: 'Good pace' } };
/** 100 %. */
const ANSWERS_100 = { a: { optionKey: 'n' }, b: { stars: 5 }, c: { score: 20 }, d: { elementScores: { x: 10, y: 10 }, comment: 'Great examples' } };

describe.each(DRIVERS)('feedback questionnaires on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let leader: string;
  let supervisor: string;
  let teacher: string;
  let student: string;
  let colleague: string;
  let stu1: string;
  let stu2: string;
  let admin2: string;
  let student2: string;
  let today: string;
  /** The demo teacher's courses, and a course of another teacher (colleague, account t001). */
  let mine: string[];
  let other: string;
  const real = new Date();
  const u = (name: string) => env.schoolA.users[name]!.id;
  const db = <T>(fn: (tx: Tx) => Promise<T>) => platformTx(env.dbh.db, 'seed', fn);
  const en = { language: 'en' };
  const post = <T>(path: string, token: string, body: unknown) => call<T>(env.app, { url: `${P}/${path}`, token, body, headers: en });
  const get = <T>(path: string, token: string, query: Record<string, string>, headers: Record<string, string> = {}) =>
    call<T>(env.app, { url: `${P}/${path}?${new URLSearchParams(query).toString()}`, token, headers: { ...en, ...headers } });
  const save = (body: Record<string, unknown>, token = admin) => post<TQuestionnaire>('save', token, {
    title: 'After-class feedback', audience: 'student', startDate: addDays(today, -1), endDate: addDays(today, 7), questions: QUESTIONS, courseIds: mine.slice(0, 2), ...body,
  });
  const statusOf = async (id: string) => (await db((tx) => tx.select({ status: questionnaires.status, deletedAt: questionnaires.deletedAt }).from(questionnaires).where(eq(questionnaires.id, id))))[0]!;
  const seededId = async (title: string) => (await db((tx) => tx.select({ id: questionnaires.id }).from(questionnaires)
    .where(and(eq(questionnaires.schoolId, env.schoolA.schoolId), eq(questionnaires.title, title)))))[0]!.id;
  const sessionOf = async (courseId: string) => (await db((tx) => tx.select({ id: courseSessions.id }).from(courseSessions).where(eq(courseSessions.courseId, courseId)).limit(1)))[0]!.id;

  beforeAll(async () => {
    env = await createTestEnv(driver);
    today = zonedClock(real, env.config.schoolTimezone).date;
    await db((tx) => seedDemoQuestionnaires(tx, env.schoolA, today));
    [admin, leader, supervisor, teacher, student, colleague, stu1, stu2, admin2, student2] = await Promise.all([
      loginAs(env.app, 'admin'), loginAs(env.app, 'leader'), loginAs(env.app, 'supervisor'), loginAs(env.app, 'teacher'), loginAs(env.app, 'student'),
      loginAs(env.app, 't001'), loginAs(env.app, 'stu0001'), loginAs(env.app, 'stu0002'), loginAs(env.app, 'admin2'), loginAs(env.app, 'student2'),
    ]);
    mine = env.schoolA.directory.courses.filter((c) => c.teacherId === u('teacher')).map((c) => c.id);
    other = env.schoolA.directory.courses.find((c) => c.teacherId !== u('teacher'))!.id;
  });
  afterAll(async () => {
    env.clock.now = real;
    await env?.close();
  });

  it('seeds answered questionnaires the teacher sees as counts, and leaves the demo student one course to fill', async () => {
    const fb = await post<Page<Feedback>>('feedback', teacher, { pageSize: 50 });
    expect(fb.body.code, fb.body.msg).toBe(1);
    const open = fb.body.data.list.filter((r) => r.title === 'End-of-class feedback');
    expect(open.map((r) => r.course.courseId).sort()).toEqual([...mine].sort());
    for (const r of open) {
      expect(r.responseCount).toBeGreaterThanOrEqual(15);
      expect(r.responseCount).toBeLessThanOrEqual(25);
      expect(r.course.studentCount).toBe(25);
      expect(r.averagePercent).toBeGreaterThan(40);
    }
    expect(fb.body.data.list.filter((r) => r.title === 'Mid-term course feedback')).toHaveLength(2);
    expect(fb.body.data.list.some((r) => r.title === 'Laboratory safety feedback')).toBe(false);

    const list = await post<Page<Mine>>('mine', student, {});
    expect(list.body.code, list.body.msg).toBe(1);
    expect(list.body.data.total).toBe(mine.length);
    expect(list.body.data.list.filter((r) => !r.answered).map((r) => r.course?.courseId)).toEqual([mine[0]]);
    expect(list.body.data.list[0]).toMatchObject({ answered: false, open: true });
    expect((await post<Page<Mine>>('mine', student, { answered: true })).body.data.total).toBe(mine.length - 1);

    const forTeachers = await post<Page<Mine>>('mine', teacher, {});
    expect(forTeachers.body.data.list).toEqual([expect.objectContaining({ course: null, answered: false, open: true })]);
  });

  it('seeds people as a school has them: a unique name each, every member in a unit, student questions in a student\'s words (issue 20)', async () => {
    const people = await db(async (tx) => rowsOf<{ name: string; unit: string | null; identity: number }>(await tx.execute(sql`
      select a.name, m.org_unit_id::text as unit, m.identity from school_memberships m join accounts a on a.id = m.account_id
      where m.school_id = ${env.schoolA.schoolId} and m.status = 'approved'`)));
    expect(people.length).toBeGreaterThan(30);
    expect(people.filter((p) => p.unit === null)).toEqual([]);
    const names = people.map((p) => p.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    const [q] = await db((tx) => tx.select({ questions: questionnaires.questions }).from(questionnaires)
      .where(and(eq(questionnaires.schoolId, env.schoolA.schoolId), eq(questionnaires.title, 'End-of-class feedback'))));
    const titles = (q!.questions as { title: string }[]).map((x) => x.title);
    expect(titles).toContain('I understood the main points of this class');
    // Not the supervisors' bank, which judges the lesson as an observer does.
    expect(titles.some((t) => /objectives|students learn/i.test(t))).toBe(false);
  });

  it('keeps drafts editable only, and publishes, closes and deletes all or none', async () => {
    const made = await save({});
    expect(made.body.code, made.body.msg).toBe(1);
    expect(made.body.data).toMatchObject({ status: 'draft', questionCount: 4, courseCount: 2, teacherCount: 0, responseCount: 0, createdBy: { userId: u('admin') } });
    expect(made.body.data.courses.map((c) => c.courseId).sort()).toEqual(mine.slice(0, 2).sort());
    const id = made.body.data.questionnaireId;
    const edited = await save({ questionnaireId: id, title: 'After-class feedback (v2)', courseIds: [mine[0]] });
    expect(edited.body.data).toMatchObject({ title: 'After-class feedback (v2)', courseCount: 1 });

    // The rules of a question, another school's course, a teacher who is not a teacher.
    const bad = await save({ questions: [{ key: 'a', type: 'single', title: 'One option only', options: [{ key: 'y', content: 'Yes', score: 5 }] }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errorKey).toBe('question.optionsTooFew');
    const dupKeys = await save({ questions: [QUESTIONS[1], { ...QUESTIONS[2], key: 'b' }] });
    expect(dupKeys.body.errorKey).toBe('template.keyDuplicate');
    expect((await save({ courseIds: [env.schoolB.directory.courses[0]!.id] })).status).toBe(404);
    expect((await save({ audience: 'teacher', teacherIds: [u('student')] })).status).toBe(404);
    const forTeachers = await save({ audience: 'teacher', teacherIds: [u('teacher')] });
    expect(forTeachers.body.data).toMatchObject({ audience: 'teacher', courseCount: 0, teacherCount: 1, teachers: [{ userId: u('teacher') }] });

    // All or none: a published one among the drafts refuses the whole batch.
    const seeded = await seededId('End-of-class feedback');
    const mixed = await post('publish', admin, { ids: [id, seeded] });
    expect(mixed.status).toBe(409);
    expect(mixed.body.errorKey).toBe('questionnaire.badTransition');
    expect((await statusOf(id)).status).toBe('draft');
    expect((await post('publish', admin, { ids: [id] })).body.code).toBe(1);
    expect((await statusOf(id)).status).toBe('published');
    const locked = await save({ questionnaireId: id });
    expect(locked.status).toBe(409);
    expect(locked.body.errorKey).toBe('questionnaire.publishedLocked');
    expect((await post('delete', admin, { ids: [id] })).body.errorKey).toBe('questionnaire.badTransition');
    expect((await post('close', admin, { ids: [id, forTeachers.body.data.questionnaireId] })).body.errorKey).toBe('questionnaire.badTransition');
    expect((await post('close', admin, { ids: [id] })).body.code).toBe(1);
    expect((await post('publish', admin, { ids: [id] })).body.errorKey).toBe('questionnaire.badTransition');
    expect((await post('delete', admin, { ids: [id, forTeachers.body.data.questionnaireId] })).body.code).toBe(1);
    expect((await statusOf(id)).deletedAt).not.toBeNull();
    expect((await get('detail', admin, { questionnaireId: id })).status).toBe(404);
    expect((await post('delete', admin, { ids: [id] })).status).toBe(404);

    const listed = await post<Page<{ questionnaireId: string; status: string; responseCount: number }>>('list', admin, { pageSize: 100 });
    expect(listed.body.data.list.some((r) => r.questionnaireId === id)).toBe(false);
    expect(listed.body.data.list.find((r) => r.questionnaireId === seeded)!.responseCount).toBeGreaterThan(70);
    const drafts = await post<Page<{ status: string }>>('list', admin, { status: 'draft', keyword: 'laboratory' });
    expect(drafts.body.data.list).toEqual([expect.objectContaining({ status: 'draft' })]);
  });

  it('lets managers and the preview page read, and refuses changes without the edit button', async () => {
    const seeded = await seededId('End-of-class feedback');
    // Group leaders hold the 'assignments' menus (the questionnaire manager and its edit button) and the preview.
    expect((await get<TQuestionnaire>('detail', leader, { questionnaireId: seeded })).body.data.questions).toHaveLength(4);
    const sup = await save({}, supervisor);
    expect(sup.status).toBe(403);
    expect(sup.body.errorKey).toBe('auth.forbidden');
    expect((await get('detail', supervisor, { questionnaireId: seeded })).status).toBe(403);
    expect((await post('publish', teacher, { ids: [seeded] })).status).toBe(403);
  });

  it('gives questionnaire editors their own pickers of courses, teachers and approved questions', async () => {
    const courses = await post<Page<{ id: string }>>('pick/courses', leader, { pageSize: 5 });
    expect(courses.body.code, courses.body.msg).toBe(1);
    expect(courses.body.data.total).toBeGreaterThan(0);
    const teachers = await get<{ id: string }[]>('pick/teachers', leader, {});
    expect(teachers.body.data.map((p) => p.id)).toContain(u('teacher'));
    const questions = await post<Page<{ questionId: string }>>('pick/questions', leader, { pageSize: 5 });
    expect(questions.body.data.total).toBeGreaterThan(0);
    // Without questionnaire:edit: refused; another school's pickers list only its own rows.
    for (const [verb, path] of [['post', 'pick/courses'], ['get', 'pick/teachers'], ['post', 'pick/questions']] as const) {
      const r = verb === 'post' ? await post(path, supervisor, {}) : await get(path, supervisor, {});
      expect(r.status).toBe(403);
    }
    const theirs = await post<Page<{ id: string }>>('pick/courses', admin2, { pageSize: 100 });
    expect(theirs.body.data.list.map((c) => c.id)).not.toContain(courses.body.data.list[0]!.id);
  });

  let qid: string;

  it('lets an enrolled student answer once, completely, and refuses everyone else', async () => {
    const made = await save({ courseIds: [mine[0], mine[1], other] });
    qid = made.body.data.questionnaireId;
    expect((await post('publish', admin, { ids: [qid] })).body.code).toBe(1);

    const form = await get<TQuestionnaireForm>('form', stu1, { questionnaireId: qid, courseId: mine[0]! });
    expect(form.body.code, form.body.msg).toBe(1);
    expect(form.body.data).toMatchObject({ questionnaireId: qid, answered: false, course: { courseId: mine[0], teacherName: demoName('teacher') }, courseSessionId: null });
    expect(form.body.data.questions.map((q) => q.key)).toEqual(['a', 'b', 'c', 'd']);

    const incomplete = await post('submit', stu1, { questionnaireId: qid, courseId: mine[0], answers: { a: { optionKey: 'y' }, b: { stars: 4 } } });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.errorKey).toBe('answer.missing');
    expect((incomplete.body as unknown as { fields: { path: string }[] }).fields.map((f) => f.path)).toEqual(['answers.c', 'answers.d']);
    const noComment = await post('submit', stu1, { questionnaireId: qid, courseId: mine[0], answers: { ...ANSWERS_76, d: { elementScores: { x: 1, y: 1 } } } });
    expect(noComment.body.errorKey).toBe('answer.commentRequired');
    const outOfRange = await post('submit', stu1, { questionnaireId: qid, courseId: mine[0], answers: { ...ANSWERS_76, b: { stars: 6 } } });
    expect(outOfRange.body.errorKey).toBe('answer.outOfRange');

    const done = await post<TQuestionnaireForm>('submit', stu1, { questionnaireId: qid, courseId: mine[0], answers: { ...ANSWERS_76, extra: { score: 1 } } });
    expect(done.body.code, done.body.msg).toBe(1);
    expect(done.body.data.answered).toBe(true);
    const twice = await post('submit', stu1, { questionnaireId: qid, courseId: mine[0], answers: ANSWERS_100 });
    expect(twice.status).toBe(409);
    expect(twice.body.errorKey).toBe('questionnaire.answered');
    expect((await get<TQuestionnaireForm>('form', stu1, { questionnaireId: qid, courseId: mine[0]! })).body.data.answered).toBe(true);
    const stored = await db((tx) => tx.select().from(questionnaireResponses).where(eq(questionnaireResponses.questionnaireId, qid)));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ courseId: mine[0], courseSessionId: null, scorePercent: 76, answers: ANSWERS_76 });

    // From the QR code of a class: the class names the course.
    const session = await sessionOf(mine[0]!);
    const viaQr = await post<TQuestionnaireForm>('submit', stu2, { questionnaireId: qid, courseSessionId: session, answers: ANSWERS_100 });
    expect(viaQr.body.code, viaQr.body.msg).toBe(1);
    expect(viaQr.body.data).toMatchObject({ course: { courseId: mine[0] }, courseSessionId: session });
    const mismatch = await get('form', stu2, { questionnaireId: qid, courseId: mine[1]!, courseSessionId: session });
    expect(mismatch.status).toBe(404);

    // Another course of the questionnaire is another answer; a course nobody enrolled me in is not mine.
    expect((await post('submit', stu1, { questionnaireId: qid, courseId: mine[1], answers: ANSWERS_100 })).body.code).toBe(1);
    const notEnrolled = await get('form', stu1, { questionnaireId: qid, courseId: other });
    expect(notEnrolled.status).toBe(403);
    expect(notEnrolled.body.errorKey).toBe('questionnaire.notAudience');
    expect((await get('form', stu1, { questionnaireId: qid, courseId: mine[2]! })).body.errorKey).toBe('questionnaire.notAudience');
    const noCourse = await get('form', stu1, { questionnaireId: qid });
    expect(noCourse.status).toBe(400);
    expect(noCourse.body.errorKey).toBe('questionnaire.courseRequired');
    const teacherQ = await seededId('Teachers\' view of supervision');
    expect((await get('form', stu1, { questionnaireId: teacherQ })).body.errorKey).toBe('questionnaire.notAudience');

    // Outside its dates, nobody may answer.
    const past = await save({ startDate: addDays(today, -10), endDate: addDays(today, -1) });
    await post('publish', admin, { ids: [past.body.data.questionnaireId] });
    const late = await post('submit', stu2, { questionnaireId: past.body.data.questionnaireId, courseId: mine[1], answers: ANSWERS_100 });
    expect(late.status).toBe(409);
    expect(late.body.errorKey).toBe('questionnaire.notOpen');
    const future = await save({ startDate: addDays(today, 2), endDate: addDays(today, 9) });
    await post('publish', admin, { ids: [future.body.data.questionnaireId] });
    expect((await get('form', stu1, { questionnaireId: future.body.data.questionnaireId, courseId: mine[0]! })).body.errorKey).toBe('questionnaire.notOpen');
    const draft = await save({});
    expect((await get('form', stu1, { questionnaireId: draft.body.data.questionnaireId, courseId: mine[0]! })).status).toBe(404);
  });

  it('lets the teachers of a teacher questionnaire answer it once, without a course', async () => {
    const teacherQ = await seededId('Teachers\' view of supervision');
    const form = await get<TQuestionnaireForm>('form', teacher, { questionnaireId: teacherQ });
    expect(form.body.data).toMatchObject({ course: null, answered: false });
    const answers = { t1: { stars: 4 }, t2: { optionKey: 'a' }, t3: { elementScores: { x: 9, y: 8 }, comment: 'Useful and fair.' } };
    expect((await post('submit', teacher, { questionnaireId: teacherQ, answers })).body.code).toBe(1);
    expect((await post('submit', teacher, { questionnaireId: teacherQ, answers })).body.errorKey).toBe('questionnaire.answered');
    expect((await post<Page<Mine>>('mine', teacher, {})).body.data.list).toEqual([expect.objectContaining({ answered: true })]);
    const t4 = await loginAs(env.app, 't004');
    const notAddressed = await get('form', t4, { questionnaireId: teacherQ });
    expect(notAddressed.body.errorKey, JSON.stringify(notAddressed.body)).toBe('questionnaire.notAudience');
  });

  it('keeps who answered apart from what: no respondent in the responses table or in any feedback reply', async () => {
    const columns = rowsOf<{ name: string }>(await db((tx) => tx.execute(sql`
      select column_name as name from information_schema.columns where table_name = 'questionnaire_responses' order by column_name`))).map((c) => c.name);
    expect(columns).toEqual(['answers', 'course_id', 'course_session_id', 'id', 'questionnaire_id', 'school_id', 'score_percent']);
    const submissions = await db((tx) => tx.select().from(questionnaireSubmissions).where(eq(questionnaireSubmissions.questionnaireId, qid)));
    expect(Object.keys(submissions[0]!).sort()).toEqual(['courseId', 'createdAt', 'id', 'questionnaireId', 'respondentId', 'schoolId']);

    // The school role may not change or remove an answer.
    const attempt = (q: ReturnType<typeof sql>) => schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => tx.execute(q)).then(() => 'done', () => 'refused');
    expect(await attempt(sql`update questionnaire_responses set answers = '{}'::jsonb where questionnaire_id = ${qid}`)).toBe('refused');
    expect(await attempt(sql`delete from questionnaire_submissions where questionnaire_id = ${qid}`)).toBe('refused');

    const respondents = await db((tx) => tx.select({ id: accounts.id, name: accounts.name, account: accounts.account }).from(accounts)
      .where(sql`${accounts.id} in (select respondent_id from questionnaire_submissions where school_id = ${env.schoolA.schoolId} and course_id is not null)`));
    expect(respondents.length).toBeGreaterThan(20);
    const replies = [
      await post('feedback', teacher, { pageSize: 100 }),
      await get('feedbackDetail', teacher, { questionnaireId: qid, courseId: mine[0]! }),
      await get('feedbackDetail', teacher, { questionnaireId: await seededId('End-of-class feedback'), courseId: mine[1]! }),
      await get('feedbackDetail', admin, { questionnaireId: await seededId('End-of-class feedback') }),
      await get('detail', admin, { questionnaireId: qid }),
      await post('list', admin, { pageSize: 100 }),
    ];
    for (const r of replies) {
      expect(r.body.code, r.body.msg).toBe(1);
      const text = JSON.stringify(r.body);
      for (const p of respondents) {
        expect(text).not.toContain(`"${p.id}"`);
        expect(text).not.toContain(`"account":"${p.account}"`);
        if (p.account.startsWith('stu0')) expect(text).not.toContain(p.account);
        expect(text).not.toContain(`"${p.name}"`);
      }
    }
  });

  it('aggregates answers per question for the teacher of the course, and no one else', async () => {
    const d = await get<TFeedbackDetail>('feedbackDetail', teacher, { questionnaireId: qid, courseId: mine[0]! });
    expect(d.body.code, d.body.msg).toBe(1);
    expect(d.body.data).toMatchObject({ responseCount: 2, averagePercent: 88, course: { courseId: mine[0], studentCount: 25 }, teacher: { userId: u('teacher') } });
    const [a, b, c, q4] = d.body.data.questions;
    expect(a).toMatchObject({ type: 'single', answered: 2, mean: null, full: null, options: [{ key: 'y', count: 1 }, { key: 'n', count: 1 }] });
    expect(b).toMatchObject({ type: 'star', mean: 4.5, full: 5 });
    expect(b!.options.map((o) => o.count)).toEqual([0, 0, 0, 1, 1]);
    expect(c).toMatchObject({ type: 'score', mean: 18, full: 20, options: [{ key: 'h', content: 'Clear', count: 2 }, { key: 'l', count: 0 }] });
    expect(q4).toMatchObject({ type: 'combo2', mean: 17, full: 20, comments: ['Good pace', 'Great examples'] });

    const row = (await post<Page<Feedback>>('feedback', teacher, { keyword: 'After-class', pageSize: 100 })).body.data.list
      .find((r) => r.questionnaireId === qid && r.course.courseId === mine[0]);
    expect(row).toMatchObject({ responseCount: 2, averagePercent: 88 });

    // Another teacher's course is not found; the whole questionnaire and other teachers are the managers'.
    const theirs = await get('feedbackDetail', colleague, { questionnaireId: qid, courseId: mine[0]! });
    expect(theirs.status).toBe(404);
    expect((await get('feedbackDetail', colleague, { questionnaireId: qid, courseId: other })).body.data).toMatchObject({ responseCount: 0 });
    const whole = await get('feedbackDetail', teacher, { questionnaireId: qid });
    expect(whole.status).toBe(403);
    expect(whole.body.errorKey).toBe('report.notAllowed');
    const all = await get<TFeedbackDetail>('feedbackDetail', admin, { questionnaireId: qid });
    expect(all.body.data).toMatchObject({ responseCount: 3, course: null, teacher: null });
    const others = await post('feedback', teacher, { teacherId: u('admin') });
    expect(others.status).toBe(403);
    expect(others.body.errorKey).toBe('report.notAllowed');
    const asAdmin = await post<Page<Feedback>>('feedback', admin, { teacherId: u('teacher'), pageSize: 100 });
    expect(asAdmin.body.data.list.some((r) => r.questionnaireId === qid)).toBe(true);
    expect((await post<Page<Feedback>>('feedback', colleague, { pageSize: 100 })).body.data.list.map((r) => r.course.courseId)).toEqual([other]);
  });

  it('shows the QR code of a questionnaire only for a class of mine', async () => {
    const session = await sessionOf(mine[0]!);
    const qr = await get<{ url: string; dataUrl: string; expiresAt: string }>('qr', teacher, { questionnaireId: qid, courseSessionId: session }, { host: 'demo.localhost:8080' });
    expect(qr.body.code, qr.body.msg).toBe(1);
    expect(qr.body.data.url).toBe(`http://demo.localhost:8080/hxk/EvaluationQuestionnaire?questionnaireId=${qid}&courseSessionId=${session}`);
    expect(qr.body.data.dataUrl).toMatch(/^data:image\/png;base64,/);
    expect(qr.body.data.expiresAt).toBe(endOfSchoolDay(addDays(today, 7), env.config.schoolTimezone));
    expect(zonedClock(new Date(qr.body.data.expiresAt), env.config.schoolTimezone)).toEqual({ date: addDays(today, 7), minute: 1439 });

    // Without TRUST_PROXY a client's forwarded headers say nothing about where the school is.
    const forged = await get<{ url: string }>('qr', teacher, { questionnaireId: qid, courseSessionId: session }, { host: 'demo.localhost', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(forged.body.data.url.startsWith('http://demo.localhost/hxk/')).toBe(true);

    const notMine = await get('qr', colleague, { questionnaireId: qid, courseSessionId: session });
    expect(notMine.status).toBe(403);
    expect(notMine.body.errorKey).toBe('questionnaire.notYourClass');
    expect((await get('qr', teacher, { questionnaireId: qid, courseSessionId: await sessionOf(other) })).body.errorKey).toBe('questionnaire.notYourClass');
    expect((await get('qr', teacher, { questionnaireId: qid, courseSessionId: await sessionOf(mine[3]!) })).status).toBe(404);
    expect((await get('qr', student, { questionnaireId: qid, courseSessionId: session })).status).toBe(403);

    // The classes to show it at: today's and the next two weeks' of that course of mine, in time order.
    const classes = await get<{ courseId: string; lessonDate: string; sessionStart: number }[]>('classes', teacher, { questionnaireId: qid, courseId: mine[0]! });
    expect(classes.body.code, classes.body.msg).toBe(1);
    expect(classes.body.data.length).toBeGreaterThan(0);
    expect(classes.body.data.length).toBeLessThanOrEqual(20);
    for (const c of classes.body.data) {
      expect(c.courseId).toBe(mine[0]);
      expect(c.lessonDate >= today && c.lessonDate <= addDays(today, 14)).toBe(true);
    }
    const order = classes.body.data.map((c) => `${c.lessonDate}:${String(c.sessionStart).padStart(2, '0')}`);
    expect(order).toEqual([...order].sort());
    expect((await get('classes', teacher, { questionnaireId: qid, courseId: other })).body.errorKey).toBe('questionnaire.notYourClass');
    expect((await get('classes', teacher, { questionnaireId: qid, courseId: mine[3]! })).status).toBe(404);
    expect((await get('classes', student, { questionnaireId: qid, courseId: mine[0]! })).status).toBe(403);
  });

  it('keeps an answer when its class is deleted, and loses it with its course', async () => {
    const session = await sessionOf(mine[0]!);
    await schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => tx.delete(courseSessions).where(eq(courseSessions.id, session)));
    const kept = await db((tx) => tx.select().from(questionnaireResponses).where(eq(questionnaireResponses.questionnaireId, qid)));
    expect(kept).toHaveLength(3);
    expect(kept.every((r) => r.courseSessionId === null)).toBe(true);

    const last = mine[4]!;
    const ofCourse = (courseId: string) => db((tx) => tx.select({ id: questionnaireResponses.id }).from(questionnaireResponses).where(eq(questionnaireResponses.courseId, courseId)));
    expect((await ofCourse(last)).length).toBeGreaterThan(10);
    await schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => tx.execute(sql`delete from courses where id = ${last}`));
    expect(await ofCourse(last)).toEqual([]);
  });

  it('holds one answer per person and course in the database itself', async () => {
    const again = db((tx) => tx.insert(questionnaireSubmissions).values({ schoolId: env.schoolA.schoolId, questionnaireId: qid, courseId: mine[0], respondentId: u('admin') })
      .then(() => tx.insert(questionnaireSubmissions).values({ schoolId: env.schoolA.schoolId, questionnaireId: qid, courseId: mine[0], respondentId: u('admin') })));
    await expect(again).rejects.toThrow();
    const teacherQ = await seededId('Teachers\' view of supervision');
    const twice = db((tx) => tx.insert(questionnaireSubmissions).values([0, 1].map(() => ({ schoolId: env.schoolA.schoolId, questionnaireId: teacherQ, courseId: null, respondentId: u('admin') }))));
    await expect(twice).rejects.toThrow();
  });

  it('hides one school\'s questionnaires from another', async () => {
    const id = qid;
    expect((await get('detail', admin2, { questionnaireId: id })).status).toBe(404);
    expect((await save({ questionnaireId: id }, admin2)).status).toBe(404);
    expect((await post('publish', admin2, { ids: [id] })).status).toBe(404);
    expect((await post('close', admin2, { ids: [id] })).status).toBe(404);
    expect((await get('form', student2, { questionnaireId: id, courseId: mine[0]! })).status).toBe(404);
    expect((await post('submit', student2, { questionnaireId: id, courseId: mine[0], answers: ANSWERS_100 })).status).toBe(404);
    expect((await get('feedbackDetail', admin2, { questionnaireId: id })).status).toBe(404);
    expect((await get('feedbackDetail', admin2, { questionnaireId: id, courseId: mine[0]! })).status).toBe(404);
    expect((await get('classes', admin2, { questionnaireId: id, courseId: mine[0]! })).status).toBe(404);
    expect((await post<Page<unknown>>('list', admin2, {})).body.data.total).toBe(0);
    expect((await post<Page<unknown>>('mine', student2, {})).body.data.total).toBe(0);
  });
});
