import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { addDays, mondayOf, zonedClock, type TMyPlan, type TPlan, type TPlanClass, type TPlanProgress, type TPlanSummary } from '@hxk/contracts';
import { courseSessions, evaluations, evaluationTemplates, planSupervisors, sessionTimes, supervisionPlans, templateVersions } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

const P = '/app/ddxk/plan/v1';
type Page<T> = { list: T[]; total: number };
type Steering = { userId: string; groups: string[]; planCount: number; attended: number; required: number; behindPlans: number };

const CONTENT = {
  sections: [{
    key: 's1', name: 'Teaching', indicatorId: null,
    questions: [{
      key: 'q1', type: 'score', title: 'Overall quality', standard: '', score: 10, knowledgeLevel: null, options: [], ranges: [], elements: [],
      stars: 5, commentRequired: false, sourceQuestionId: null,
    }],
  }],
};

describe.each(DRIVERS)('supervision plans on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let leader: string;
  let supervisor: string;
  let teacher: string;
  let today: string;
  let tpl: { templateId: string; versionId: string };
  const u = (name: string) => env.schoolA.users[name]!.id;
  const courseIds = (n: number) => env.schoolA.directory.courses.slice(0, n).map((c) => c.id);
  const db = <T>(fn: (tx: Tx) => Promise<T>) => platformTx(env.dbh.db, 'seed', fn);

  /** A published template (version 1) written directly: the templates API is not this module's. */
  async function insertTemplate(name: string) {
    return db(async (tx) => {
      const schoolId = env.schoolA.schoolId;
      const [t] = await tx.insert(evaluationTemplates).values({ schoolId, name, status: 'published', content: CONTENT, totalScore: 10, sectionCount: 1, questionCount: 1, version: 1 }).returning();
      const [v] = await tx.insert(templateVersions).values({ schoolId, templateId: t!.id, version: 1, name, content: CONTENT, totalScore: 10, questionCount: 1 }).returning();
      return { templateId: t!.id, versionId: v!.id };
    });
  }

  const planBody = (over: Record<string, unknown> = {}) => ({
    name: 'Spring Listening', evaluationType: 'ordinary', templateId: tpl.templateId, courseIds: courseIds(3),
    supervisorIds: [u('leader')], groupIds: [env.schoolA.directory.groupIds[0]!], minClasses: 2, description: 'Listen twice',
    startDate: addDays(today, -7), endDate: addDays(today, 28), ...over,
  });
  const save = (body: Record<string, unknown>, token = admin, lang = 'en') => call<TPlan>(env.app, { url: `${P}/saveOrUpdate`, token, body, headers: { language: lang } });
  const act = (action: 'publish' | 'unpublish' | 'deleteByIds', ids: string[], token = admin) => call(env.app, { url: `${P}/${action}`, token, body: { ids }, headers: { language: 'en' } });
  const planRow = (id: string) => db((tx) => tx.select().from(supervisionPlans).where(eq(supervisionPlans.id, id)));
  const list = (body: Record<string, unknown>, token = admin) => call<Page<TPlanSummary>>(env.app, { url: `${P}/pageList`, token, body: { pageNum: 1, pageSize: 50, ...body } });

  async function created(over: Record<string, unknown> = {}) {
    const r = await save(planBody(over));
    expect(r.body.code, r.body.msg).toBe(1);
    return r.body.data;
  }

  /** Past classes of some courses within [from, to], oldest first. */
  const sessionsOf = (courses: string[], from: string, to: string) =>
    db((tx) => tx.select({ id: courseSessions.id, courseId: courseSessions.courseId, lessonDate: courseSessions.lessonDate }).from(courseSessions)
      .where(and(inArray(courseSessions.courseId, courses), gte(courseSessions.lessonDate, from), lte(courseSessions.lessonDate, to)))
      .orderBy(asc(courseSessions.lessonDate), asc(courseSessions.sessionStart), asc(courseSessions.id)));

  async function evaluate(planId: string, evaluatorId: string, session: { id: string; courseId: string }, score: number | null, versionId = tpl.versionId) {
    const teacherId = env.schoolA.directory.courses.find((c) => c.id === session.courseId)!.teacherId;
    await db((tx) => tx.insert(evaluations).values({
      schoolId: env.schoolA.schoolId, planId, templateVersionId: versionId, courseSessionId: session.id, courseId: session.courseId, teacherId, evaluatorId,
      kind: 'plan', status: score === null ? 'draft' : 'submitted', totalScore: score, submittedAt: score === null ? null : new Date(),
    }));
  }

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

  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, admin2, leader, supervisor, teacher] = await Promise.all([
      loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'leader'), loginAs(env.app, 'supervisor'), loginAs(env.app, 'teacher'),
    ]);
    today = zonedClock(env.clock.now, env.config.schoolTimezone).date;
    tpl = await insertTemplate('Plan Test Template');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('creates a plan with a person and a group, publishes it and lists it by tab', async () => {
    const plan = await created();
    expect(plan).toMatchObject({
      name: 'Spring Listening', evaluationType: 'ordinary', published: false, phase: 'inProgress', minClasses: 2, courseCount: 3, supervisorCount: 2,
      template: { templateId: tpl.templateId, templateVersionId: tpl.versionId, version: 1, totalScore: 10, name: 'Plan Test Template' },
      creator: { userId: u('admin') }, createdByMe: true, joinedByMe: false, attended: 0, required: 4, behind: 2, description: 'Listen twice',
    });
    expect(plan.supervisors).toEqual(expect.arrayContaining([
      expect.objectContaining({ userId: u('leader'), groupId: null, groupName: null }),
      expect.objectContaining({ userId: u('supervisor'), groupId: env.schoolA.directory.groupIds[0], groupName: 'Science Supervision Group' }),
    ]));
    expect(plan.groups).toEqual([{ groupId: env.schoolA.directory.groupIds[0], name: 'Science Supervision Group' }]);
    expect(plan.courses.map((c) => c.courseId).sort()).toEqual(courseIds(3).sort());
    expect(plan.courses[0]!.teacher.userId).toBeTruthy();
    expect(plan.courses[0]!.orgUnitName).toBeTruthy();
    expect((await planRow(plan.planId))[0]!.semesterId).toBe(env.schoolA.directory.semesterId);

    expect((await act('publish', [plan.planId])).body.code).toBe(1);
    const all = await list({ keyword: 'spring listening' });
    expect(all.body.data.total).toBe(1);
    expect(all.body.data.list[0]).toMatchObject({ planId: plan.planId, published: true });
    expect((await list({ tab: 'mine', keyword: 'Spring' })).body.data.list.map((p) => p.planId)).toEqual([plan.planId]);
    expect((await list({ tab: 'mine', keyword: 'Spring' }, leader)).body.data.total).toBe(0);
    const joined = await list({ tab: 'joined', keyword: 'Spring' }, leader);
    expect(joined.body.data.list).toEqual([expect.objectContaining({ planId: plan.planId, joinedByMe: true, createdByMe: false })]);
    expect((await list({ tab: 'joined', keyword: 'Spring' })).body.data.total).toBe(0);
    expect((await list({ keyword: 'Spring', published: false })).body.data.total).toBe(0);
    expect((await list({ keyword: 'Spring', phase: 'ended' })).body.data.total).toBe(0);
    expect((await list({ keyword: 'Spring', phase: 'inProgress', evaluationType: 'ordinary' })).body.data.total).toBe(1);
    expect((await list({ keyword: 'Spring', evaluationType: 'expert' })).body.data.total).toBe(0);

    const detail = await call<TPlan>(env.app, { url: `${P}/detail?planId=${plan.planId}`, token: leader });
    expect(detail.body.data).toMatchObject({ planId: plan.planId, published: true, joinedByMe: true });
    expect(detail.body.data.supervisors).toHaveLength(2);
  });

  it('refuses bad input with localized messages, and records of another school as 404', async () => {
    const r1 = await save(planBody({ name: 'Too Many', minClasses: 4 }));
    expect(r1.status).toBe(400);
    expect(r1.body.msg).toContain('cannot exceed the number of selected courses');
    const r2 = await save(planBody({ name: 'Too Many', minClasses: 4 }), admin, 'zh');
    expect(r2.body.msg).toContain('不能超过所选课程数');
    const r3 = await save(planBody({ name: 'Backwards', startDate: today, endDate: today }));
    expect(r3.status).toBe(400);
    expect(r3.body.msg).toContain('must be later than the start date');
    expect((await save(planBody({ name: 'Nobody', supervisorIds: [], groupIds: [] }))).status).toBe(400);
    expect((await save(planBody({ name: 'No Courses', courseIds: [], minClasses: 0 }))).status).toBe(400);
    const dup = await save(planBody({ name: 'SPRING listening' }));
    expect(dup.status).toBe(409);
    expect(dup.body.errorKey).toBe('plan.nameTaken');
    const b = env.schoolB;
    expect((await save(planBody({ name: 'Mixed', courseIds: [...courseIds(2), b.directory.courses[0]!.id] }))).status).toBe(404);
    expect((await save(planBody({ name: 'Mixed', supervisorIds: [b.users.supervisor!.id] }))).status).toBe(404);
    expect((await save(planBody({ name: 'Mixed', groupIds: [b.directory.groupIds[0]!] }))).status).toBe(404);
    expect((await save(planBody({ name: 'Mixed', templateId: b.evaluation.templateId }))).status).toBe(404);
    expect((await list({ keyword: 'Mixed' })).body.data.total).toBe(0);
  });

  it('pins the template version: a stopped template is refused, plans keep the version they were saved with', async () => {
    const t2 = await insertTemplate('Pinned Template');
    const pinned = await created({ name: 'Pinned Plan', templateId: t2.templateId });
    expect(pinned.template.templateVersionId).toBe(t2.versionId);
    expect((await act('publish', [pinned.planId])).body.code).toBe(1);

    await db((tx) => tx.update(evaluationTemplates).set({ status: 'stopped' }).where(eq(evaluationTemplates.id, t2.templateId)));
    const stopped = await save(planBody({ name: 'Stopped Plan', templateId: t2.templateId }));
    expect(stopped.status).toBe(409);
    expect(stopped.body.errorKey).toBe('template.notUsable');
    const afterStop = await call<TPlan>(env.app, { url: `${P}/detail?planId=${pinned.planId}`, token: admin });
    expect(afterStop.body.data.template).toMatchObject({ templateVersionId: t2.versionId, version: 1 });

    // Published again as version 2: the published plan keeps version 1, a new plan takes version 2.
    const v2 = await db(async (tx) => {
      await tx.update(evaluationTemplates).set({ status: 'published', version: 2, name: 'Pinned Template v2' }).where(eq(evaluationTemplates.id, t2.templateId));
      const [v] = await tx.insert(templateVersions).values({ schoolId: env.schoolA.schoolId, templateId: t2.templateId, version: 2, name: 'Pinned Template v2', content: CONTENT, totalScore: 10, questionCount: 1 }).returning();
      return v!.id;
    });
    const afterV2 = await call<TPlan>(env.app, { url: `${P}/detail?planId=${pinned.planId}`, token: admin });
    expect(afterV2.body.data.template).toMatchObject({ templateVersionId: t2.versionId, version: 1, name: 'Pinned Template' });
    const fresh = await created({ name: 'Fresh Plan', templateId: t2.templateId });
    expect(fresh.template).toMatchObject({ templateVersionId: v2, version: 2 });

    await db((tx) => tx.update(evaluationTemplates).set({ deletedAt: new Date(), status: 'stopped' }).where(eq(evaluationTemplates.id, t2.templateId)));
    const gone = await save(planBody({ name: 'Fresh Plan', planId: fresh.planId, templateId: t2.templateId }));
    expect(gone.status).toBe(409);
    expect(gone.body.errorKey).toBe('template.notUsable');
  });

  it('enforces the plan states: expired, published locked, bad transitions, all or nothing', async () => {
    const old = await created({ name: 'Old Plan', startDate: addDays(today, -30), endDate: addDays(today, -10) });
    expect(old.phase).toBe('ended');
    const expired = await act('publish', [old.planId]);
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({ errorKey: 'plan.expired', msg: 'The plan has ended or expired: choose the time again.' });

    const live = await created({ name: 'Live Plan' });
    const draft = await created({ name: 'Draft Plan' });
    expect((await act('publish', [draft.planId, old.planId])).status).toBe(409);
    expect((await planRow(draft.planId))[0]!.published).toBe(false);
    expect((await act('publish', [live.planId])).body.code).toBe(1);
    expect((await act('publish', [live.planId])).body.errorKey).toBe('plan.badTransition');
    expect((await act('unpublish', [draft.planId])).body.errorKey).toBe('plan.badTransition');
    expect((await act('unpublish', [live.planId, draft.planId])).status).toBe(409);
    expect((await planRow(live.planId))[0]!.published).toBe(true);

    const edit = await save(planBody({ name: 'Live Plan', planId: live.planId, minClasses: 1 }));
    expect(edit.status).toBe(409);
    expect(edit.body.errorKey).toBe('plan.publishedLocked');
    const del = await act('deleteByIds', [draft.planId, live.planId]);
    expect(del.status).toBe(409);
    expect(del.body.errorKey).toBe('plan.publishedLocked');
    expect(await planRow(draft.planId)).toHaveLength(1);
    expect((await act('deleteByIds', [draft.planId, '999999999'])).status).toBe(404);
    expect(await planRow(draft.planId)).toHaveLength(1);

    // Unpublished, it can be edited again; with evaluations it cannot be deleted.
    expect((await act('unpublish', [live.planId])).body.code).toBe(1);
    const edited = await save(planBody({ name: 'Live Plan', planId: live.planId, minClasses: 1, courseIds: courseIds(2), groupIds: [], description: '' }));
    expect(edited.body.data).toMatchObject({ minClasses: 1, courseCount: 2, supervisorCount: 1, description: null, groups: [] });
    const [s] = await sessionsOf(courseIds(1), addDays(today, -7), today);
    await evaluate(live.planId, u('leader'), s!, null);
    const used = await act('deleteByIds', [live.planId]);
    expect(used.status).toBe(409);
    expect(used.body).toMatchObject({ errorKey: 'plan.hasEvaluations', msg: 'This plan already has 1 evaluation(s) and cannot be deleted.' });
    expect((await act('deleteByIds', [draft.planId, old.planId])).body.code).toBe(1);
    expect(await planRow(draft.planId)).toHaveLength(0);
  });

  it('reports progress, target advance and the steering list from submitted evaluations', async () => {
    const steering = async (body: Record<string, unknown> = {}) =>
      (await call<Page<Steering>>(env.app, { url: `${P}/steering/pageList`, token: admin, body: { pageNum: 1, pageSize: 100, ...body } })).body.data;
    const before = await steering();
    const plan = await created({ name: 'Progress Plan', supervisorIds: [u('leader'), u('supervisor')], groupIds: [], startDate: addDays(today, -14), endDate: addDays(today, 14) });
    const calm = await created({ name: 'Progress Calm', minClasses: 0, startDate: addDays(today, -14), endDate: addDays(today, 20) });
    expect((await act('publish', [plan.planId, calm.planId])).body.code).toBe(1);

    const past = await sessionsOf(courseIds(3), addDays(today, -14), addDays(today, -1));
    expect(past.length).toBeGreaterThanOrEqual(4);
    await evaluate(plan.planId, u('supervisor'), past[0]!, 80);
    await evaluate(plan.planId, u('supervisor'), past[1]!, 90);
    await evaluate(plan.planId, u('supervisor'), past[2]!, 70);
    await evaluate(plan.planId, u('leader'), past[0]!, 60);
    await evaluate(plan.planId, u('leader'), past[3]!, null); // a draft does not count

    const progress = await call<TPlanProgress>(env.app, { url: `${P}/progress?planId=${plan.planId}`, token: admin });
    expect(progress.body.data.plan).toMatchObject({ attended: 3, required: 4, behind: 1, supervisorCount: 2 });
    const bySup = new Map(progress.body.data.supervisors.map((s) => [s.userId, s]));
    expect(bySup.get(u('supervisor'))).toMatchObject({ attended: 3, required: 2, remaining: 0, behind: false });
    expect(bySup.get(u('leader'))).toMatchObject({ attended: 1, required: 2, remaining: 1, behind: true });
    expect(bySup.get(u('leader'))!.lastEvaluatedAt).toBeTruthy();
    const c0 = progress.body.data.courses.find((c) => c.courseId === past[0]!.courseId)!;
    const onC0 = [past[0], past[1], past[2]].filter((s) => s!.courseId === c0.courseId).length + 1;
    expect(c0.evaluations).toBe(onC0);
    expect(c0.supervisors).toBe(2);
    expect(progress.body.data.courses).toHaveLength(3);

    const target = await call<TPlanProgress>(env.app, { url: `${P}/target/detail?planId=${plan.planId}`, token: admin });
    expect(target.body.data.supervisors.map((s) => s.userId)).toEqual([u('leader'), u('supervisor')]);
    const targets = await call<Page<TPlanSummary>>(env.app, { url: `${P}/target/pageList`, token: admin, body: { pageNum: 1, pageSize: 10, keyword: 'Progress', tab: 'mine' } });
    expect(targets.body.data.list.map((p) => p.name)).toEqual(['Progress Plan', 'Progress Calm']);
    expect(targets.body.data.list[0]).toMatchObject({ behind: 1, attended: 3 });
    const unpublished = await created({ name: 'Progress Hidden' });
    const hidden = await call<Page<TPlanSummary>>(env.app, { url: `${P}/target/pageList`, token: admin, body: { keyword: 'Progress Hidden' } });
    expect(hidden.body.data.total).toBe(0);
    expect((await act('deleteByIds', [unpublished.planId])).body.code).toBe(1);

    const after = await steering();
    const row = (page: Page<Steering>, id: string) => page.list.find((r) => r.userId === id);
    const lBefore = row(before, u('leader'));
    const lAfter = row(after, u('leader'))!;
    expect(lAfter).toMatchObject({
      planCount: (lBefore?.planCount ?? 0) + 2,
      attended: (lBefore?.attended ?? 0) + 1,
      required: (lBefore?.required ?? 0) + 2,
      behindPlans: (lBefore?.behindPlans ?? 0) + 1,
    });
    expect(lAfter.groups).toContain('Science Supervision Group');
    const sAfter = row(after, u('supervisor'))!;
    expect(sAfter.attended).toBe((row(before, u('supervisor'))?.attended ?? 0) + 2);
    expect((await steering({ behindOnly: true })).list.map((r) => r.userId)).toContain(u('leader'));
    expect((await steering({ keyword: 'leader' })).list.map((r) => r.userId)).toContain(u('leader'));
    expect((await steering({ keyword: 'leader' })).list.map((r) => r.userId)).not.toContain(u('supervisor'));
    expect((await steering({ groupId: env.schoolA.directory.groupIds[0] })).list.map((r) => r.userId)).toContain(u('supervisor'));
    expect((await steering({ keyword: 'nobody-like-this' })).total).toBe(0);
    const second = await call<Page<Steering>>(env.app, { url: `${P}/steering/pageList`, token: admin, body: { pageNum: 1, pageSize: 1 } });
    expect(second.body.data.list).toHaveLength(1);
    expect(second.body.data.total).toBe(after.total);
  });

  it("shows a supervisor their plans with the next classes, and a plan's classes by day and week", async () => {
    const mine = await call<Page<TMyPlan>>(env.app, { url: `${P}/my/pageList`, token: supervisor, body: { pageNum: 1, pageSize: 20, keyword: 'Progress' } });
    expect(mine.status).toBe(200);
    const plan = mine.body.data.list.find((p) => p.name === 'Progress Plan')!;
    expect(plan).toMatchObject({ myAttended: 3, myRequired: 2, joinedByMe: true, published: true });
    expect(plan.nextClasses.length).toBeGreaterThan(0);
    expect(plan.nextClasses.length).toBeLessThanOrEqual(5);
    const dates = plan.nextClasses.map((c) => c.lessonDate);
    expect([...dates].sort()).toEqual(dates);
    expect(dates.every((d) => d >= today && d <= plan.endDate)).toBe(true);
    expect(plan.nextClasses[0]).toMatchObject({ evaluation: 'none' });
    expect(plan.nextClasses[0]!.startTime).toMatch(/^\d\d:\d\d$/);
    const first = plan.nextClasses[0]!;
    await evaluate(plan.planId, u('supervisor'), { id: first.courseSessionId, courseId: first.courseId }, null);
    const again = await call<Page<TMyPlan>>(env.app, { url: `${P}/my/pageList`, token: supervisor, body: { pageNum: 1, pageSize: 20, keyword: 'Progress Plan' } });
    expect(again.body.data.list[0]!.nextClasses.find((c) => c.courseSessionId === first.courseSessionId)?.evaluation).toBe('draft');
    // Only published plans I supervise are listed.
    expect(mine.body.data.list.every((p) => p.published && p.joinedByMe)).toBe(true);

    const past = await sessionsOf(courseIds(3), addDays(today, -14), addDays(today, -1));
    const day = await call<TPlanClass[]>(env.app, { url: `${P}/my/classes?planId=${plan.planId}&date=${past[0]!.lessonDate}`, token: supervisor });
    expect(day.status).toBe(200);
    expect(day.body.data.every((c) => c.lessonDate === past[0]!.lessonDate)).toBe(true);
    expect(day.body.data.find((c) => c.courseSessionId === past[0]!.id)?.evaluation).toBe('submitted');
    const week = await call<TPlanClass[]>(env.app, { url: `${P}/my/classes?planId=${plan.planId}&weekOf=${addDays(today, -7)}`, token: supervisor });
    const inWeek = await sessionsOf(courseIds(3), addDays(today, -7), addDays(today, -1));
    expect(week.body.data.map((c) => c.courseSessionId).sort()).toEqual(inWeek.map((s) => s.id).sort());
    const outside = await call<TPlanClass[]>(env.app, { url: `${P}/my/classes?planId=${plan.planId}&date=${addDays(today, -30)}`, token: supervisor });
    expect(outside.body.data).toEqual([]);
    const todays = await call<TPlanClass[]>(env.app, { url: `${P}/my/classes?planId=${plan.planId}`, token: supervisor });
    expect(todays.body.data.every((c) => c.lessonDate === today)).toBe(true);

    const notMine = await call(env.app, { url: `${P}/my/classes?planId=${plan.planId}`, token: admin, headers: { language: 'en' } });
    expect(notMine.status).toBe(403);
    expect(notMine.body.errorKey).toBe('plan.notSupervisor');
  });

  it("counts a class of today among the next ones until its last session ends (school clock)", async () => {
    const plan = (await list({ keyword: 'Progress Plan' })).body.data.list[0]!;
    const day = addDays(mondayOf(today), -7); // a past Monday within the plan's dates: classes of courses 1-3 meet on Mondays
    const times = await db((tx) => tx.select().from(sessionTimes).where(eq(sessionTimes.schoolId, env.schoolA.schoolId)));
    const endOf = new Map(times.map((t) => [t.sessionNo, t.endMinute]));
    const onDay = (await sessionsOf(courseIds(3), day, day)).map((s) => s.id);
    const rows = await db((tx) => tx.select().from(courseSessions).where(inArray(courseSessions.id, onDay)).orderBy(asc(courseSessions.sessionStart)));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const minute = endOf.get(rows[0]!.sessionEnd)! + 1; // the first class of the day has just ended
    const expected = rows.filter((r) => endOf.get(r.sessionEnd)! > minute)[0]!;
    const real = env.clock.now;
    env.clock.now = atSchoolTime(day, minute);
    try {
      const mine = await call<Page<TMyPlan>>(env.app, { url: `${P}/my/pageList`, token: supervisor, body: { keyword: 'Progress Plan' } });
      const next = mine.body.data.list.find((p) => p.planId === plan.planId)!.nextClasses;
      expect(next.map((c) => c.courseSessionId)).not.toContain(rows[0]!.id);
      expect(next[0]).toMatchObject({ courseSessionId: expected.id, lessonDate: day });
    } finally {
      env.clock.now = real;
    }
  });

  it("keeps school A's plans out of school B's reach (404, unchanged)", async () => {
    const plan = (await list({ keyword: 'Progress Plan' })).body.data.list[0]!;
    const draft = await created({ name: 'Cross Draft' });
    const before = [await planRow(plan.planId), await planRow(draft.planId)];
    const supsBefore = await db((tx) => tx.select().from(planSupervisors).where(eq(planSupervisors.planId, plan.planId)));
    const b2 = env.schoolB;
    expect((await call(env.app, { url: `${P}/detail?planId=${plan.planId}`, token: admin2 })).status).toBe(404);
    const body = { ...planBody({ name: 'Taken', planId: draft.planId }), templateId: b2.evaluation.templateId, courseIds: [b2.directory.courses[0]!.id], supervisorIds: [b2.users.supervisor!.id], groupIds: [], minClasses: 1 };
    expect((await save(body, admin2)).status).toBe(404);
    expect((await act('publish', [draft.planId], admin2)).status).toBe(404);
    expect((await act('unpublish', [plan.planId], admin2)).status).toBe(404);
    expect((await act('deleteByIds', [draft.planId], admin2)).status).toBe(404);
    expect((await call(env.app, { url: `${P}/progress?planId=${plan.planId}`, token: admin2 })).status).toBe(404);
    expect((await call(env.app, { url: `${P}/target/detail?planId=${plan.planId}`, token: admin2 })).status).toBe(404);
    expect((await call(env.app, { url: `${P}/my/classes?planId=${plan.planId}`, token: admin2 })).status).toBe(404);
    const theirs = await call<Page<TPlanSummary>>(env.app, { url: `${P}/pageList`, token: admin2, body: { pageNum: 1, pageSize: 100 } });
    expect(theirs.body.data.list.map((p) => p.planId)).not.toContain(plan.planId);
    expect([await planRow(plan.planId), await planRow(draft.planId)]).toEqual(before);
    expect(await db((tx) => tx.select().from(planSupervisors).where(eq(planSupervisors.planId, plan.planId)))).toEqual(supsBefore);
  });

  it('checks permissions: teachers cannot plan, supervisors only see their own plans', async () => {
    const any = (await list({})).body.data.list[0]!;
    expect((await save(planBody({ name: 'By Teacher' }), teacher)).status).toBe(403);
    expect((await act('publish', [any.planId], teacher)).status).toBe(403);
    expect((await call(env.app, { url: `${P}/my/pageList`, token: teacher, body: {} })).status).toBe(403);
    expect((await call(env.app, { url: `${P}/my/pageList`, token: supervisor, body: {} })).status).toBe(200);
    expect((await save(planBody({ name: 'By Supervisor' }), supervisor)).status).toBe(403);
    expect((await list({}, supervisor)).status).toBe(403);
    for (const url of [`${P}/teachers?keyword=t`, `${P}/people?keyword=sup`, `${P}/groups`]) {
      expect((await call(env.app, { url, token: admin })).status, url).toBe(200);
      expect((await call(env.app, { url, token: supervisor })).status, url).toBe(403);
    }
    const picked = await call<Page<{ id: string }>>(env.app, { url: `${P}/courses`, token: leader, body: { pageNum: 1, pageSize: 10, semesterId: env.schoolA.directory.semesterId } });
    expect(picked.body.data.list.map((c) => c.id)).toEqual(expect.arrayContaining(courseIds(3)));
  });
});
