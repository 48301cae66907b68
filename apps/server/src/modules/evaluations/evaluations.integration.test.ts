import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  addDays,
  mondayOf,
  zonedClock,
  type TAnswer,
  type TEvaluation,
  type TEvaluationOpening,
  type TEvaluationRecord,
  type TListenClass,
  type TPlanClass,
  type TTemplateContent,
} from '@hxk/contracts';
import { accounts, checkIns, courseSessions, evaluations, planCourses, planSupervisors, supervisionPlans } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { platformTx, schoolTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

const P = '/app/ddxk/evaluation/v1';
type Page<T> = { list: T[]; total: number };
type Start = { evaluationId: string; created: boolean };
type Received = { evaluationId: string; evaluator: { userId: string } | null; totalScore: number; class: { courseSessionId: string } };
type Meeting = { id: string; courseId: string; lessonDate: string; sessionStart: number; sessionEnd: number };

/** Answers that satisfy every question of a form (the highest option, the full score, all stars, a comment). */
function fullAnswers(content: TTemplateContent): Record<string, TAnswer> {
  const out: Record<string, TAnswer> = {};
  for (const q of content.sections.flatMap((s) => s.questions)) {
    const comment = 'Clear structure; students took part.';
    switch (q.type) {
      case 'single': out[q.key] = { optionKey: q.options[0]!.key, comment }; break;
      case 'multiple': out[q.key] = { optionKeys: q.options.slice(0, 2).map((o) => o.key), comment }; break;
      case 'score': out[q.key] = { score: q.score - 1, comment }; break;
      case 'star': out[q.key] = { stars: q.stars, comment }; break;
      case 'combo1': out[q.key] = { optionKey: q.options[0]!.key, score: q.options[0]!.score, comment }; break;
      case 'combo2': out[q.key] = { elementScores: Object.fromEntries(q.elements.map((e) => [e.key, e.score])), comment }; break;
    }
  }
  return out;
}

describe.each(DRIVERS)('evaluating lessons on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let leader: string;
  let supervisor: string;
  let teacher: string;
  let student: string;
  let admin2: string;
  let supervisor2: string;
  let day: string;
  let content: TTemplateContent;
  /** Classes of `teacher` on `day` (a past Monday within the demo plan), by start: A 1-2, C 3-4, B 5-6, E 7-8. */
  let A: Meeting;
  let B: Meeting;
  let C: Meeting;
  let E: Meeting;
  const real = new Date();
  const u = (name: string) => env.schoolA.users[name]!.id;
  const plan = () => env.schoolA.evaluation.planId;
  const db = <T>(fn: (tx: Tx) => Promise<T>) => platformTx(env.dbh.db, 'seed', fn);
  const en = { language: 'en' };
  const post = <T>(path: string, token: string, body: unknown) => call<T>(env.app, { url: `${P}/${path}`, token, body, headers: en });
  const get = <T>(path: string, token: string) => call<T>(env.app, { url: `${P}/${path}`, token, headers: en });
  const detail = (id: string, token: string) => get<TEvaluation>(`detail?evaluationId=${id}`, token);
  const startPlan = (courseSessionId: string, token = supervisor, planId = plan()) => post<Start>('start/plan', token, { planId, courseSessionId });
  const evaluationRow = (id: string) => db((tx) => tx.select().from(evaluations).where(eq(evaluations.id, id)));

  /** The instant when the school's clock shows `minute` on `date`. */
  function atSchoolTime(date: string, minute: number): Date {
    let t = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
    for (let i = 0; i < 2; i++) {
      const c = zonedClock(new Date(t), env.config.schoolTimezone);
      const shown = c.minute + (c.date === date ? 0 : c.date < date ? -1440 : 1440);
      t -= (shown - minute) * 60_000;
    }
    return new Date(t);
  }
  const at = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number);
    env.clock.now = atSchoolTime(day, h! * 60 + m!);
  };

  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, leader, supervisor, teacher, student, admin2, supervisor2] = await Promise.all([
      loginAs(env.app, 'admin'), loginAs(env.app, 'leader'), loginAs(env.app, 'supervisor'), loginAs(env.app, 'teacher'), loginAs(env.app, 'student'),
      loginAs(env.app, 'admin2'), loginAs(env.app, env.schoolB.users.supervisor!.account),
    ]);
    const today = zonedClock(real, env.config.schoolTimezone).date;
    day = addDays(mondayOf(today), -7);
    const teacherCourses = env.schoolA.directory.courses.filter((c) => c.teacherId === u('teacher') && env.schoolA.evaluation.planCourseIds.includes(c.id)).map((c) => c.id);
    const meetings = await db((tx) => tx.select({ id: courseSessions.id, courseId: courseSessions.courseId, lessonDate: courseSessions.lessonDate, sessionStart: courseSessions.sessionStart, sessionEnd: courseSessions.sessionEnd })
      .from(courseSessions).where(and(inArray(courseSessions.courseId, teacherCourses), eq(courseSessions.lessonDate, day))).orderBy(asc(courseSessions.sessionStart)));
    expect(meetings.length).toBeGreaterThanOrEqual(4);
    [A, C, B, E] = meetings as [Meeting, Meeting, Meeting, Meeting];
    const version = await db((tx) => tx.execute(sql`select content from template_versions where id = ${env.schoolA.evaluation.templateVersionId}`));
    content = (version as unknown as { rows: { content: TTemplateContent }[] }).rows[0]!.content;
    at('08:30'); // A is in class, the others have not started
  });
  afterAll(async () => {
    env.clock.now = real;
    await env?.close();
  });

  let planEval: string;

  it('starts a plan evaluation once, keeps a partial draft and reads it back', async () => {
    const first = await startPlan(A.id);
    expect(first.body.code, first.body.msg).toBe(1);
    expect(first.body.data.created).toBe(true);
    planEval = first.body.data.evaluationId;
    const again = await startPlan(A.id);
    expect(again.body.data).toEqual({ evaluationId: planEval, created: false });
    const row = (await evaluationRow(planEval))[0]!;
    expect(row).toMatchObject({ kind: 'plan', status: 'draft', planId: plan(), templateVersionId: env.schoolA.evaluation.templateVersionId, evaluatorId: u('supervisor'), teacherId: u('teacher'), anonymous: false });

    const firstKey = content.sections[0]!.questions[0]!.key;
    const partial = { [firstKey]: fullAnswers(content)[firstKey]!, nope: { score: 3 } };
    const saved = await post<{ totalScore: number; answered: number; count: number; updatedAt: string }>('save', supervisor, { evaluationId: planEval, answers: partial, comment: 'Half way' });
    expect(saved.body.code, saved.body.msg).toBe(1);
    expect(saved.body.data).toMatchObject({ answered: 1, count: 6 });
    expect(saved.body.data.totalScore).toBeGreaterThan(0);

    const read = await detail(planEval, supervisor);
    expect(read.body.code, read.body.msg).toBe(1);
    expect(read.body.data).toMatchObject({
      evaluationId: planEval, kind: 'plan', status: 'draft', editable: true, comment: 'Half way', totalScore: null, submittedAt: null,
      plan: { planId: plan(), anonymous: false }, evaluator: { userId: u('supervisor'), account: 'supervisor' },
      template: { templateVersionId: env.schoolA.evaluation.templateVersionId, templateId: env.schoolA.evaluation.templateId, version: 1 },
      class: { courseSessionId: A.id, courseId: A.courseId, lessonDate: day, sessionStart: A.sessionStart, teacher: { userId: u('teacher') }, startTime: '08:00' },
    });
    expect(Object.keys(read.body.data.answers)).toEqual([firstKey]);
    expect(read.body.data.template.content.sections.length).toBe(content.sections.length);

    // An answer that can never be right is refused, named by its question.
    const bad = await post('save', supervisor, { evaluationId: planEval, answers: { [firstKey]: { optionKey: 'zz' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.errorKey).toBe('answer.optionUnknown');
    expect((bad.body as unknown as { fields: { path: string }[] }).fields[0]!.path).toBe(`answers.${firstKey}`);
    expect(Object.keys((await detail(planEval, supervisor)).body.data.answers)).toEqual([firstKey]);
  });

  it('refuses an incomplete form, submits a complete one once and counts it in the plan progress', async () => {
    const progress = async () => {
      const r = await call<{ supervisors: { userId: string; attended: number }[] }>(env.app, { url: `/app/ddxk/plan/v1/progress?planId=${plan()}`, token: admin });
      return r.body.data.supervisors.find((s) => s.userId === u('supervisor'))!.attended;
    };
    const before = await progress();
    const firstKey = content.sections[0]!.questions[0]!.key;
    const incomplete = await post('submit', supervisor, { evaluationId: planEval, answers: { [firstKey]: fullAnswers(content)[firstKey] } });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.errorKey).toBe('evaluation.incomplete');
    expect(incomplete.body.msg).toMatch(/^5 question\(s\) still need an answer: .+has not been answered/);
    expect((incomplete.body as unknown as { fields: unknown[] }).fields).toHaveLength(5);
    expect((await evaluationRow(planEval))[0]!.status).toBe('draft');

    const done = await post<TEvaluation>('submit', supervisor, { evaluationId: planEval, answers: fullAnswers(content), comment: 'Good lesson' });
    expect(done.body.code, done.body.msg).toBe(1);
    expect(done.body.data).toMatchObject({ status: 'submitted', editable: false, comment: 'Good lesson' });
    expect(done.body.data.totalScore).toBeGreaterThan(80);
    expect(done.body.data.submittedAt).toBe(env.clock.now.toISOString());
    expect(await progress()).toBe(before + 1);

    const twice = await post('submit', supervisor, { evaluationId: planEval, answers: fullAnswers(content) });
    expect(twice.status).toBe(409);
    expect(twice.body.errorKey).toBe('evaluation.submitted');
    const late = await post('save', supervisor, { evaluationId: planEval, answers: {} });
    expect(late.status).toBe(409);
    expect(late.body.errorKey).toBe('evaluation.submitted');
    expect(Object.keys((await evaluationRow(planEval))[0]!.answers as object)).toHaveLength(6);
  });

  it('opens a class only from its waiting time, stores nothing on opening, and submits only once it has started', async () => {
    const mineOf = (m: Meeting) => db((tx) => tx.select({ id: evaluations.id }).from(evaluations).where(and(eq(evaluations.courseSessionId, m.id), eq(evaluations.evaluatorId, u('supervisor')))));
    // 08:30: B (14:00, waiting from 13:50) has not opened; the plan's list says from when.
    const classes = await call<TPlanClass[]>(env.app, { url: `/app/ddxk/plan/v1/my/classes?planId=${plan()}&date=${day}`, token: supervisor });
    expect(classes.body.data.find((c) => c.courseSessionId === B.id)?.evaluableFrom).toBe(atSchoolTime(day, 13 * 60 + 50).toISOString());
    expect(classes.body.data.find((c) => c.courseSessionId === A.id)?.evaluableFrom).toBe(atSchoolTime(day, 7 * 60 + 50).toISOString());
    for (const r of [await get(`open/plan?planId=${plan()}&courseSessionId=${B.id}`, supervisor), await startPlan(B.id)]) {
      expect(r.status).toBe(409);
      expect(r.body.errorKey).toBe('evaluation.notOpenYet');
      expect(r.body.msg).toBe(`This class starts at ${day} 14:00; you can evaluate it from ${day} 13:50.`);
    }
    const zh = await call(env.app, { url: `${P}/start/plan`, token: supervisor, body: { planId: plan(), courseSessionId: B.id }, headers: { language: 'zh' } });
    expect(zh.body.msg).toBe(`本节课${day} 14:00开始，${day} 13:50起可以评价`);
    const early = await post('start/free', supervisor, { courseSessionId: E.id, templateId: env.schoolA.evaluation.templateId });
    expect(early.body.errorKey).toBe('evaluation.notOpenYet');
    expect(await mineOf(B)).toEqual([]);
    expect(await mineOf(E)).toEqual([]);

    at('13:55'); // B waits to begin
    try {
      // Opening it shows the blank form and stores nothing; the first save starts it.
      const open = await get<TEvaluationOpening>(`open/plan?planId=${plan()}&courseSessionId=${B.id}`, supervisor);
      expect(open.body.code, open.body.msg).toBe(1);
      expect(open.body.data.evaluationId).toBeNull();
      expect(open.body.data.blank).toMatchObject({
        kind: 'plan', plan: { planId: plan(), name: 'Routine classroom supervision' }, evaluator: { userId: u('supervisor') }, checkedInAt: null,
        template: { templateVersionId: env.schoolA.evaluation.templateVersionId, totalScore: 100 },
        class: { courseSessionId: B.id, lessonDate: day, startTime: '14:00', teacher: { userId: u('teacher') } },
      });
      expect(open.body.data.blank!.template.content.sections.length).toBe(content.sections.length);
      expect(await mineOf(B)).toEqual([]);

      const s = await startPlan(B.id);
      expect(s.body.code, s.body.msg).toBe(1);
      expect(s.body.data.created).toBe(true);
      const reopened = await get<TEvaluationOpening>(`open/plan?planId=${plan()}&courseSessionId=${B.id}`, supervisor);
      expect(reopened.body.data).toEqual({ evaluationId: s.body.data.evaluationId, blank: null });
      const notYet = await post('submit', supervisor, { evaluationId: s.body.data.evaluationId, answers: fullAnswers(content) });
      expect(notYet.status).toBe(409);
      expect(notYet.body.errorKey).toBe('evaluation.courseNotStarted');
      expect(notYet.body.msg).toBe('The course has not started.');
      at('14:05');
      expect((await post('submit', supervisor, { evaluationId: s.body.data.evaluationId, answers: fullAnswers(content) })).body.code).toBe(1);
      // Once there, it reopens whenever.
      at('08:30');
      expect((await startPlan(B.id)).body.data).toEqual({ evaluationId: s.body.data.evaluationId, created: false });
    } finally {
      at('08:30');
    }
  });

  it('refuses classes outside the plan, people who are not its supervisors and a plan that has ended', async () => {
    const outside = await db((tx) => tx.select({ id: courseSessions.id }).from(courseSessions)
      .where(and(eq(courseSessions.courseId, A.courseId), eq(courseSessions.lessonDate, env.schoolA.directory.semesterStart))));
    const notInPlan = await startPlan(outside[0]!.id);
    expect(notInPlan.status).toBe(400);
    expect(notInPlan.body.errorKey).toBe('evaluation.notInPlan');
    const notMine = await startPlan(A.id, admin);
    expect(notMine.status).toBe(403);
    expect(notMine.body.errorKey).toBe('plan.notSupervisor');

    const lastWeek = addDays(day, -7);
    const [past] = await db((tx) => tx.select({ id: courseSessions.id }).from(courseSessions)
      .where(and(eq(courseSessions.courseId, A.courseId), eq(courseSessions.lessonDate, lastWeek))));
    const schoolId = env.schoolA.schoolId;
    const ended = await db(async (tx) => {
      const [p] = await tx.insert(supervisionPlans).values({
        schoolId, name: 'Evaluations Ended Plan', evaluationType: 'ordinary', templateId: env.schoolA.evaluation.templateId,
        templateVersionId: env.schoolA.evaluation.templateVersionId, startDate: addDays(lastWeek, -3), endDate: addDays(day, -1), published: true,
      }).returning();
      await tx.insert(planCourses).values({ schoolId, planId: p!.id, courseId: A.courseId });
      await tx.insert(planSupervisors).values({ schoolId, planId: p!.id, accountId: u('supervisor') });
      return p!.id;
    });
    const expired = await startPlan(past!.id, supervisor, ended);
    expect(expired.status).toBe(409);
    expect(expired.body.errorKey).toBe('plan.expired');
    expect(expired.body.msg).toBe('The plan has ended or expired: choose the time again.');
    expect(await db((tx) => tx.select().from(evaluations).where(eq(evaluations.planId, ended)))).toHaveLength(0);

    // A draft left on it cannot be submitted either.
    const [draft] = await db((tx) => tx.insert(evaluations).values({
      schoolId, planId: ended, templateVersionId: env.schoolA.evaluation.templateVersionId, courseSessionId: past!.id, courseId: A.courseId,
      teacherId: u('teacher'), evaluatorId: u('supervisor'), kind: 'plan',
    }).returning());
    const late = await post('submit', supervisor, { evaluationId: draft!.id, answers: fullAnswers(content) });
    expect(late.status).toBe(409);
    expect(late.body.errorKey).toBe('plan.expired');
  });

  it('starts free listening with a published template, refuses a draft template and a clashing class', async () => {
    const tpl = env.schoolA.evaluation.templateId;
    const options = await get<{ templateId: string; version: number }[]>('templates', supervisor);
    expect(options.body.data.map((o) => o.templateId)).toContain(tpl);
    expect(options.body.data.map((o) => o.templateId)).not.toContain(env.schoolA.evaluation.draftTemplateId);

    const draftTpl = await post('start/free', supervisor, { courseSessionId: E.id, templateId: env.schoolA.evaluation.draftTemplateId });
    expect(draftTpl.status).toBe(409);
    expect(draftTpl.body.errorKey).toBe('template.notUsable');

    at('15:55'); // E waits to begin
    try {
      const open = await get<TEvaluationOpening>(`open/free?courseSessionId=${E.id}&templateId=${tpl}`, supervisor);
      expect(open.body.code, open.body.msg).toBe(1);
      expect(open.body.data.blank).toMatchObject({ kind: 'free', plan: null, class: { courseSessionId: E.id }, template: { templateId: tpl } });
      const free = await post<Start>('start/free', supervisor, { courseSessionId: E.id, templateId: tpl });
      expect(free.body.code, free.body.msg).toBe(1);
      expect(free.body.data.created).toBe(true);
      expect((await post<Start>('start/free', supervisor, { courseSessionId: E.id, templateId: tpl })).body.data).toEqual({ evaluationId: free.body.data.evaluationId, created: false });
      expect((await get<TEvaluationOpening>(`open/free?courseSessionId=${E.id}&templateId=${tpl}`, supervisor)).body.data.evaluationId).toBe(free.body.data.evaluationId);
      expect((await evaluationRow(free.body.data.evaluationId))[0]).toMatchObject({ kind: 'free', planId: null, templateVersionId: env.schoolA.evaluation.templateVersionId });
    } finally {
      at('08:30');
    }

    // Another class at the same time as A (which I evaluate): another course, another room.
    const other = env.schoolA.directory.courses.find((c) => c.teacherId !== u('teacher'))!;
    const room = env.schoolA.directory.classrooms.at(-1)!.id;
    const [clash] = await db((tx) => tx.insert(courseSessions).values({
      schoolId: env.schoolA.schoolId, courseId: other.id, classroomId: room, week: 50, weekday: 1, sessionStart: A.sessionStart, sessionEnd: A.sessionEnd, lessonDate: day,
    }).returning());
    for (const kind of ['free', 'temporary']) {
      const r = await post(`start/${kind}`, supervisor, { courseSessionId: clash!.id, templateId: tpl });
      expect(r.status).toBe(409);
      expect(r.body.errorKey).toBe('evaluation.timeConflict');
      expect(r.body.msg).toContain('Time conflict with another activity');
      // Opening it says so before anything is typed.
      expect((await get(`open/${kind}?courseSessionId=${clash!.id}&templateId=${tpl}`, supervisor)).body.errorKey).toBe('evaluation.timeConflict');
    }
    // Someone who evaluates nothing then may take it.
    expect((await post<Start>('start/free', leader, { courseSessionId: clash!.id, templateId: tpl })).body.data.created).toBe(true);
  });

  it('starts a temporary evaluation only of a class under way or about to start', async () => {
    const tpl = env.schoolA.evaluation.templateId;
    at('12:30');
    try {
      const none = await post('start/temporary', supervisor, { courseSessionId: B.id, templateId: tpl });
      expect(none.status).toBe(409);
      expect(none.body.errorKey).toBe('evaluation.noCourseNow');
      expect(none.body.msg).toBe('No course in the current session.');
      const now = await post<Page<TListenClass>>('classes/now', supervisor, { date: addDays(day, 1) });
      expect(now.body.code, now.body.msg).toBe(1);
      expect(now.body.data.list).toEqual([]);
      at('13:55'); // B waits to begin
      const waiting = await post<Page<TListenClass>>('classes/now', supervisor, {});
      expect(waiting.body.data.list.map((c) => c.courseSessionId)).toContain(B.id);
      expect(waiting.body.data.list.every((c) => c.lessonDate === day && ['waiting', 'inClass', 'warning'].includes(c.state ?? ''))).toBe(true);
      const temp = await post<Start>('start/temporary', supervisor, { courseSessionId: B.id, templateId: tpl });
      expect(temp.body.code, temp.body.msg).toBe(1);
      expect((await evaluationRow(temp.body.data.evaluationId))[0]).toMatchObject({ kind: 'temporary', planId: null, courseSessionId: B.id });
    } finally {
      at('08:30');
    }
  });

  it('checks in once at a class under way; the school role cannot remove or change a check-in', async () => {
    const first = await post<{ courseSessionId: string; checkedInAt: string }>('checkIn', supervisor, { courseSessionId: A.id });
    expect(first.body.code, first.body.msg).toBe(1);
    env.clock.advance(60);
    const second = await post<{ checkedInAt: string }>('checkIn', supervisor, { courseSessionId: A.id });
    expect(second.body.data.checkedInAt).toBe(first.body.data.checkedInAt);
    at('08:30');
    expect((await detail(planEval, supervisor)).body.data.checkedInAt).toBe(first.body.data.checkedInAt);

    const notNow = await post('checkIn', supervisor, { courseSessionId: B.id });
    expect(notNow.status).toBe(409);
    expect(notNow.body.errorKey).toBe('evaluation.noCourseNow');

    const schoolId = env.schoolA.schoolId;
    // Drizzle wraps the driver's error: the database's refusal is its cause.
    const refusal = (statement: ReturnType<typeof sql>) =>
      schoolTx(env.dbh.db, schoolId, (tx) => tx.execute(statement)).then(() => 'allowed', (e: Error) => String((e.cause as Error | undefined)?.message ?? e.message));
    expect(await refusal(sql`delete from check_ins`)).toMatch(/permission denied/);
    expect(await refusal(sql`update check_ins set checked_in_at = now()`)).toMatch(/permission denied/);
    expect(await db((tx) => tx.select().from(checkIns).where(eq(checkIns.courseSessionId, A.id)))).toHaveLength(1);
  });

  it('lists my records with filters, newest first', async () => {
    const records = (body: Record<string, unknown>, token = supervisor) => post<Page<TEvaluationRecord>>('records', token, { pageSize: 100, ...body });
    const mine = await records({ dateFrom: day, dateTo: day });
    expect(mine.body.code, mine.body.msg).toBe(1);
    const ids = mine.body.data.list.map((r) => r.class.courseSessionId);
    expect(ids).toEqual(expect.arrayContaining([A.id, B.id, E.id]));
    expect(mine.body.data.list.every((r) => r.class.lessonDate === day)).toBe(true);
    const stamps = mine.body.data.list.map((r) => r.updatedAt);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    const a = mine.body.data.list.find((r) => r.class.courseSessionId === A.id && r.kind === 'plan')!;
    expect(a).toMatchObject({ evaluationId: planEval, status: 'submitted', planName: 'Routine classroom supervision', fullScore: 100, class: { startTime: '08:00', teacher: { userId: u('teacher') } } });

    const submittedPlan = await records({ kind: 'plan', status: 'submitted', planId: plan(), dateFrom: day, dateTo: day });
    expect(submittedPlan.body.data.list.map((r) => r.class.courseSessionId).sort()).toEqual([A.id, B.id].sort());
    const drafts = await records({ status: 'draft', kind: 'free', dateFrom: day, dateTo: day });
    expect(drafts.body.data.list.map((r) => r.class.courseSessionId)).toEqual([E.id]);
    const [course] = await db((tx) => tx.execute(sql`select code from courses where id = ${E.courseId}`).then((r) => (r as unknown as { rows: { code: string }[] }).rows));
    const byCode = await records({ keyword: course!.code.toLowerCase(), dateFrom: day, dateTo: day });
    expect(byCode.body.data.list.every((r) => r.class.courseId === E.courseId)).toBe(true);
    expect(byCode.body.data.total).toBeGreaterThan(0);
    const paged = await records({ pageSize: 1, pageNum: 2, dateFrom: day, dateTo: day });
    expect(paged.body.data).toMatchObject({ total: mine.body.data.total, list: [expect.objectContaining({ evaluationId: mine.body.data.list[1]!.evaluationId })] });
    // The leader's own records do not hold the supervisor's.
    expect((await records({ dateFrom: day, dateTo: day }, leader)).body.data.list.map((r) => r.evaluationId)).not.toContain(planEval);

    // Without a filter on the class the page is picked from the evaluations alone, then joined: the
    // same rows, total and order as through the class's tables, and pages that cut that order.
    const all = await records({});
    const through = await records({ dateFrom: '2000-01-01', dateTo: '2100-12-31' });
    expect(all.body.data.total).toBeGreaterThanOrEqual(mine.body.data.total);
    expect(all.body.data).toEqual(through.body.data);
    const second = await records({ pageSize: 2, pageNum: 2 });
    expect(second.body.data).toEqual({ ...all.body.data, list: all.body.data.list.slice(2, 4), pageNum: 2, pageSize: 2 });
    expect(await records({ pageSize: 2, pageNum: 99 })).toMatchObject({ body: { data: { total: all.body.data.total, list: [] } } });
  });

  it("lists the day's classes for free listening with their state, my evaluation and my check-in", async () => {
    const classes = await post<Page<TListenClass>>('classes', supervisor, { date: day, pageSize: 100 });
    expect(classes.body.code, classes.body.msg).toBe(1);
    const byId = new Map(classes.body.data.list.map((c) => [c.courseSessionId, c]));
    expect(byId.get(A.id)).toMatchObject({ state: 'inClass', myEvaluationStatus: 'submitted', checkedIn: true, startTime: '08:00', teacher: { userId: u('teacher') } });
    // A also has no other evaluation of mine; the newest of any kind shows.
    expect(byId.get(A.id)!.myEvaluationId).toBe(planEval);
    expect(byId.get(E.id)).toMatchObject({ state: 'notStarted', myEvaluationStatus: 'draft', checkedIn: false, evaluableFrom: atSchoolTime(day, 15 * 60 + 50).toISOString() });
    expect(classes.body.data.list.every((c) => c.lessonDate === day)).toBe(true);
    const starts = classes.body.data.list.map((c) => c.sessionStart);
    expect([...starts].sort((x, y) => x - y)).toEqual(starts);

    const [course] = await db((tx) => tx.execute(sql`select name from courses where id = ${B.courseId}`).then((r) => (r as unknown as { rows: { name: string }[] }).rows));
    const byName = await post<Page<TListenClass>>('classes', supervisor, { date: day, keyword: course!.name });
    expect(byName.body.data.list.length).toBeGreaterThan(0);
    expect(byName.body.data.list.every((c) => c.courseName === course!.name)).toBe(true);
    const room = await db((tx) => tx.execute(sql`select building_id::text as id from classrooms r join course_sessions cs on cs.classroom_id = r.id and cs.school_id = r.school_id where cs.id = ${A.id}`)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows));
    const inBuilding = await post<Page<TListenClass>>('classes', supervisor, { date: day, buildingId: room[0]!.id, pageSize: 100 });
    expect(inBuilding.body.data.list.map((c) => c.courseSessionId)).toContain(A.id);
    const paged = await post<Page<TListenClass>>('classes', supervisor, { date: day, pageSize: 1, pageNum: 2 });
    expect(paged.body.data).toMatchObject({ total: classes.body.data.total, list: [expect.objectContaining({ courseSessionId: classes.body.data.list[1]!.courseSessionId })] });
  });

  it('lets plan managers and (once submitted) the teacher read an evaluation, nobody else', async () => {
    const managed = await detail(planEval, admin);
    expect(managed.body.code, managed.body.msg).toBe(1);
    expect(managed.body.data).toMatchObject({ editable: false, evaluator: { userId: u('supervisor') } });
    const byTeacher = await detail(planEval, teacher);
    expect(byTeacher.body.data).toMatchObject({ editable: false, evaluator: { userId: u('supervisor') } });

    // A draft is the evaluator's own; the free one has no plan for managers to read it by.
    const free = (await post<Start>('start/free', supervisor, { courseSessionId: E.id, templateId: env.schoolA.evaluation.templateId })).body.data.evaluationId;
    for (const token of [teacher, admin, leader]) expect((await detail(free, token)).status).toBe(404);

    // Another teacher of the school.
    const otherTeacher = env.schoolA.directory.teachers.find((t) => t.id !== u('teacher'))!;
    const other = await loginAs(env.app, otherTeacher.account);
    expect((await detail(planEval, other)).status).toBe(404);
    const received = await post<Page<Received>>('received', other, {});
    expect(received.body.data.list.map((r) => r.evaluationId)).not.toContain(planEval);

    // Reports hidden from teachers by the plan.
    await db((tx) => tx.update(supervisionPlans).set({ teacherCanView: false }).where(eq(supervisionPlans.id, plan())));
    try {
      expect((await detail(planEval, teacher)).status).toBe(404);
      expect((await post<Page<Received>>('received', teacher, { pageSize: 100 })).body.data.list.map((r) => r.evaluationId)).not.toContain(planEval);
    } finally {
      await db((tx) => tx.update(supervisionPlans).set({ teacherCanView: true }).where(eq(supervisionPlans.id, plan())));
    }
  });

  it('never shows the teacher who evaluated anonymously', async () => {
    await db((tx) => tx.update(supervisionPlans).set({ anonymous: true }).where(eq(supervisionPlans.id, plan())));
    at('10:30'); // C is in class
    const s = await startPlan(C.id, leader);
    expect(s.body.code, s.body.msg).toBe(1);
    const id = s.body.data.evaluationId;
    const sub = await post<TEvaluation>('submit', leader, { evaluationId: id, answers: fullAnswers(content), comment: 'Anonymous view' });
    expect(sub.body.code, sub.body.msg).toBe(1);
    expect(sub.body.data.evaluator).toMatchObject({ userId: u('leader') });
    at('08:30');

    const [who] = await db((tx) => tx.select({ name: accounts.name, account: accounts.account }).from(accounts).where(eq(accounts.id, u('leader'))));
    const leaks = (text: string) => [`"${u('leader')}"`, who!.name, `"${who!.account}"`].filter((s2) => text.includes(s2));

    const read = await detail(id, teacher);
    expect(read.body.code, read.body.msg).toBe(1);
    expect(read.body.data.evaluator).toBeNull();
    expect(read.body.data.comment).toBe('Anonymous view');
    expect(leaks(read.res.body)).toEqual([]);

    const received = await post<Page<Received>>('received', teacher, { pageSize: 100 });
    expect(received.body.code, received.body.msg).toBe(1);
    const mine = received.body.data.list.find((r) => r.evaluationId === id)!;
    expect(mine).toMatchObject({ evaluator: null, class: { courseSessionId: C.id } });
    expect(mine.totalScore).toBeGreaterThan(0);
    expect(leaks(received.res.body)).toEqual([]);
    // The evaluator's name is no key to search by.
    expect((await post<Page<Received>>('received', teacher, { keyword: who!.name })).body.data.list).toEqual([]);
    const dates = received.body.data.list.map((r) => (r as unknown as { submittedAt: string }).submittedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("keeps school A's evaluations out of school B's reach (404, unchanged)", async () => {
    const before = await evaluationRow(planEval);
    const draftA = (await post<Start>('start/free', supervisor, { courseSessionId: E.id, templateId: env.schoolA.evaluation.templateId })).body.data.evaluationId;
    const draftBefore = await evaluationRow(draftA);
    for (const token of [admin2, supervisor2]) {
      expect((await detail(planEval, token)).status).toBe(404);
      expect((await post('save', token, { evaluationId: draftA, answers: {} })).status).toBe(404);
      expect((await post('submit', token, { evaluationId: draftA, answers: fullAnswers(content) })).status).toBe(404);
      expect((await startPlan(A.id, token)).status).toBe(404);
      expect((await post('start/free', token, { courseSessionId: A.id, templateId: env.schoolB.evaluation.templateId })).status).toBe(404);
      expect((await post('start/temporary', token, { courseSessionId: A.id, templateId: env.schoolA.evaluation.templateId })).status).toBe(404);
      expect((await get(`open/plan?planId=${plan()}&courseSessionId=${A.id}`, token)).status).toBe(404);
      expect((await get(`open/free?courseSessionId=${A.id}&templateId=${env.schoolA.evaluation.templateId}`, token)).status).toBe(404);
      expect((await get(`open/temporary?courseSessionId=${A.id}&templateId=${env.schoolA.evaluation.templateId}`, token)).status).toBe(404);
      expect((await post('checkIn', token, { courseSessionId: A.id })).status).toBe(404);
    }
    expect(await evaluationRow(planEval)).toEqual(before);
    expect(await evaluationRow(draftA)).toEqual(draftBefore);
    const b = await db((tx) => tx.select().from(evaluations).where(eq(evaluations.courseSessionId, A.id)));
    expect(b.every((r) => r.schoolId === env.schoolA.schoolId)).toBe(true);
    expect(await db((tx) => tx.select().from(checkIns).where(eq(checkIns.courseSessionId, A.id)))).toHaveLength(1);
    // A supervisor of school B sees none of school A's classes in the timetable.
    const classes = await post<Page<TListenClass>>('classes', supervisor2, { date: day, pageSize: 100 });
    expect(classes.body.data.list.map((c) => c.courseSessionId)).not.toContain(A.id);
  });

  it('refuses the screens to people without them', async () => {
    for (const [path, body] of [['start/plan', { planId: plan(), courseSessionId: A.id }], ['records', {}], ['classes', {}], ['classes/now', {}], ['start/free', { courseSessionId: A.id, templateId: env.schoolA.evaluation.templateId }]] as const) {
      const r = await post(path, student, body);
      expect(r.status, path).toBe(403);
    }
    for (const path of [`open/plan?planId=${plan()}&courseSessionId=${A.id}`, `open/free?courseSessionId=${A.id}&templateId=${env.schoolA.evaluation.templateId}`]) {
      expect((await get(path, student)).status, path).toBe(403);
    }
    // Students evaluate nothing and receive nothing: the front page (/Evaluate) is not theirs (issue 20).
    expect((await post('received', student, {})).status).toBe(403);
  });
});
