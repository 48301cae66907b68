import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { addDays, type TAssignedSession, type TAssignment, type TAssignmentProgress, type TAssignmentTask } from '@hxk/contracts';
import { assignments, assignmentTasks, courses, courseSessions, evaluations, semesters } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { mayAttend, type RuleSession } from './visibility.ts';

const P = '/app/ddxk/assignments/v1';
type Page<T> = { list: T[]; total: number; pageNum: number; pageSize: number };

describe.each(DRIVERS)('supervisor assignments on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let teacher: string;
  let supervisor: string;
  let taskId: string;
  const u = (name: string) => env.schoolA.users[name]!.id;
  const dir = () => env.schoolA.directory;
  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, admin2, teacher, supervisor] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'teacher'), loginAs(env.app, 'supervisor')]);
  });
  afterAll(async () => {
    await env?.close();
  });

  const seedRows = () => platformTx(env.dbh.db, 'seed', async (tx) => ({
    tasks: await tx.select().from(assignmentTasks).where(eq(assignmentTasks.schoolId, env.schoolA.schoolId)),
    assignments: await tx.select().from(assignments).where(eq(assignments.schoolId, env.schoolA.schoolId)),
    sessions: (await tx.select({ sessionId: courseSessions.id, courseId: courses.id, teacherId: courses.teacherId, semesterId: courses.semesterId, lessonDate: courseSessions.lessonDate })
      .from(courseSessions).innerJoin(courses, eq(courses.id, courseSessions.courseId)).where(eq(courses.schoolId, env.schoolA.schoolId))) as RuleSession[],
  }));
  /** What the rule says a supervisor may attend under a task, from the rows themselves. */
  const expected = async (supervisorId: string, tid: string) => {
    const rows = await seedRows();
    const t = rows.tasks.find((x) => x.id === tid)!;
    return rows.sessions.filter((s) => mayAttend(supervisorId, { taskId: t.id, semesterId: t.semesterId, startDate: t.startDate, endDate: t.endDate }, rows.assignments, s)).map((s) => s.sessionId).sort();
  };
  const allPoints = async (token: string, body: Record<string, unknown>) => {
    const out: TAssignedSession[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const r = await call<Page<TAssignedSession>>(env.app, { url: `${P}/points`, token, body: { ...body, pageNum, pageSize: 100 } });
      expect(r.status).toBe(200);
      out.push(...r.body.data.list);
      if (out.length >= r.body.data.total) return { list: out, total: r.body.data.total };
    }
  };
  const statusOf = async (ids: string[]) => platformTx(env.dbh.db, 'seed', (tx) => tx.select({ id: assignments.id, status: assignments.status }).from(assignments).where(inArray(assignments.id, ids)));

  it('adds, lists and edits a task; the end is not before the start and the dates lie in the semester', async () => {
    const start = dir().semesterStart;
    const body = { name: 'Two-week round', semesterId: dir().semesterId, startDate: start, endDate: addDays(start, 13), minClasses: 3, description: 'First fortnight' };
    const created = await call<{ taskId: string }>(env.app, { url: `${P}/task/saveOrUpdate`, token: admin, body });
    expect(created.body.code).toBe(1);
    taskId = created.body.data.taskId;
    const bad = await call(env.app, { url: `${P}/task/saveOrUpdate`, token: admin, body: { ...body, endDate: addDays(start, -1) }, headers: { language: 'en' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('must not be before the start date');
    const outside = await call(env.app, { url: `${P}/task/saveOrUpdate`, token: admin, body: { ...body, endDate: addDays(start, 400) } });
    expect(outside.status).toBe(400);
    expect(outside.body.errorKey).toBe('assignment.outsideSemester');
    expect((await call(env.app, { url: `${P}/task/saveOrUpdate`, token: admin, body: { ...body, minClasses: -1 } })).status).toBe(400);
    expect((await call(env.app, { url: `${P}/task/saveOrUpdate`, token: admin, body: { ...body, name: ' ' } })).status).toBe(400);

    await call(env.app, { url: `${P}/task/saveOrUpdate`, token: admin, body: { ...body, taskId, name: 'Fortnight round' } });
    const page = await call<Page<TAssignmentTask>>(env.app, { url: `${P}/task/pageList`, token: admin, body: { pageNum: 1, pageSize: 10, keyword: 'fortnight' } });
    expect(page.body.data.list).toEqual([expect.objectContaining({ taskId, name: 'Fortnight round', minClasses: 3, supervisorCount: 0, description: 'First fortnight' })]);
    const options = await call<{ taskId: string }[]>(env.app, { url: `${P}/task/options`, token: supervisor });
    expect(options.body.data.map((o) => o.taskId)).toEqual(expect.arrayContaining([taskId, dir().taskId]));
  });

  it("assigns a supervisor by teacher: they see all that teacher's class sessions within the task dates", async () => {
    const teacherId = dir().courses[0]!.teacherId;
    const r = await call<{ created: number }>(env.app, { url: `${P}/assign`, token: admin, body: { taskId, kind: 'teacher', supervisorIds: [u('leader')], targetIds: [teacherId] } });
    expect(r.body.data).toEqual({ created: 1, reassigned: 0, unchanged: 0 });
    const again = await call(env.app, { url: `${P}/assign`, token: admin, body: { taskId, kind: 'teacher', supervisorIds: [u('leader')], targetIds: [teacherId] } });
    expect(again.body.data).toEqual({ created: 0, reassigned: 0, unchanged: 1 });

    const points = await allPoints(admin, { supervisorId: u('leader'), taskId });
    const want = await expected(u('leader'), taskId);
    expect(want.length).toBeGreaterThan(4);
    expect(points.list.map((p) => p.sessionId).sort()).toEqual(want);
    expect(points.list.every((p) => p.teacher.userId === teacherId && p.lessonDate <= addDays(dir().semesterStart, 13))).toBe(true);
    const firstWeek = await allPoints(admin, { supervisorId: u('leader'), taskId, from: dir().semesterStart, to: addDays(dir().semesterStart, 6) });
    expect(firstWeek.total).toBe(points.total / 2);

    const list = await call<Page<TAssignment>>(env.app, { url: `${P}/teacher/pageList`, token: admin, body: { pageNum: 1, pageSize: 10, taskId } });
    expect(list.body.data.list).toEqual([expect.objectContaining({ kind: 'teacher', status: 'assigning', supervisor: expect.objectContaining({ userId: u('leader') }), target: expect.objectContaining({ id: teacherId }) })]);
  });

  it('assigns by course and by single class session; the seeded task agrees with the rule too', async () => {
    const course = dir().courses.find((c) => c.teacherId !== dir().courses[0]!.teacherId)!;
    await call(env.app, { url: `${P}/assign`, token: admin, body: { taskId, kind: 'course', supervisorIds: [u('supervisor')], targetIds: [course.id] } });
    const sessions = await call<Page<TAssignedSession>>(env.app, { url: `${P}/sessions`, token: admin, body: { taskId, courseId: dir().courses[0]!.id, pageNum: 1, pageSize: 3 } });
    expect(sessions.body.data.total).toBe(4); // two a week, two weeks
    const one = sessions.body.data.list[0]!.sessionId;
    await call(env.app, { url: `${P}/assign`, token: admin, body: { taskId, kind: 'session', supervisorIds: [u('supervisor')], targetIds: [one] } });
    const mine = await allPoints(supervisor, { taskId });
    expect(mine.list.map((p) => p.sessionId).sort()).toEqual(await expected(u('supervisor'), taskId));
    expect(mine.list.map((p) => p.sessionId)).toContain(one);
    const seeded = await allPoints(supervisor, { taskId: dir().taskId });
    expect(seeded.list.map((p) => p.sessionId).sort()).toEqual(await expected(u('supervisor'), dir().taskId));

    const courses = await call<Page<TAssignment>>(env.app, { url: `${P}/course/pageList`, token: admin, body: { pageNum: 1, pageSize: 10, taskId } });
    expect(courses.body.data.list[0]!.target).toMatchObject({ id: course.id, detail: course.code });
    const sections = await call<Page<TAssignment>>(env.app, { url: `${P}/section/pageList`, token: admin, body: { pageNum: 1, pageSize: 10, taskId, keyword: 'supervisor' } });
    expect(sections.body.data.list.map((a) => a.target.id)).toEqual([one]);
  });

  it("refuses a course of another semester and a date filter that ends before it starts", async () => {
    const other = await platformTx(env.dbh.db, 'seed', async (tx) => {
      const [sem] = await tx.insert(semesters).values({ schoolId: env.schoolA.schoolId, name: 'Another semester', startDate: addDays(dir().semesterStart, 400), weekCount: 10 }).returning({ id: semesters.id });
      const [course] = await tx.insert(courses).values({ schoolId: env.schoolA.schoolId, semesterId: sem!.id, code: 'OTHER1', name: 'Elsewhere', teacherId: u('teacher') }).returning({ id: courses.id });
      return course!.id;
    });
    const r = await call(env.app, { url: `${P}/assign`, token: admin, body: { taskId, kind: 'course', supervisorIds: [u('supervisor')], targetIds: [other] }, headers: { language: 'en' } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errorKey: 'assignment.targetNotInSemester', msg: "The chosen course or class session is not in the task's semester." });
    expect((await seedRows()).assignments.some((a) => a.courseId === other)).toBe(false);
    const dates = await call(env.app, { url: `${P}/points`, token: supervisor, body: { pageNum: 1, pageSize: 10, from: '2026-05-02', to: '2026-05-01' }, headers: { language: 'en' } });
    expect(dates.status).toBe(400);
    expect(dates.body.msg).toContain('must not be before the start date');
  });

  it('withdraws, gives back and removes; removal is final and batches are all or nothing', async () => {
    const list = await call<Page<TAssignment>>(env.app, { url: `${P}/teacher/pageList`, token: admin, body: { pageNum: 1, pageSize: 10, taskId } });
    const id = list.body.data.list[0]!.assignmentId;
    const withdraw = await call(env.app, { url: `${P}/changeStatus`, token: admin, body: { ids: [id], action: 'withdraw' } });
    expect(withdraw.body.code).toBe(1);
    expect((await allPoints(admin, { supervisorId: u('leader'), taskId })).total).toBe(0);

    const course = await call<Page<TAssignment>>(env.app, { url: `${P}/course/pageList`, token: admin, body: { pageNum: 1, pageSize: 10, taskId } });
    const courseId = course.body.data.list[0]!.assignmentId;
    const mixed = await call(env.app, { url: `${P}/changeStatus`, token: admin, body: { ids: [id, courseId], action: 'reassign' }, headers: { language: 'zh' } });
    expect(mixed.status).toBe(409);
    expect(mixed.body.errorKey).toBe('assignment.badTransition');
    expect(await statusOf([id, courseId])).toEqual(expect.arrayContaining([{ id, status: 'withdrawn' }, { id: courseId, status: 'assigning' }]));
    expect((await call(env.app, { url: `${P}/changeStatus`, token: admin, body: { ids: [], action: 'withdraw' } })).status).toBe(400);

    // Assigning a withdrawn one again gives it back; so does reassign.
    const back = await call(env.app, { url: `${P}/assign`, token: admin, body: { taskId, kind: 'teacher', supervisorIds: [u('leader')], targetIds: [dir().courses[0]!.teacherId] } });
    expect(back.body.data).toEqual({ created: 0, reassigned: 1, unchanged: 0 });
    expect((await allPoints(admin, { supervisorId: u('leader'), taskId })).total).toBeGreaterThan(0);

    await call(env.app, { url: `${P}/changeStatus`, token: admin, body: { ids: [id], action: 'remove' } });
    for (const action of ['reassign', 'withdraw', 'remove']) {
      expect((await call(env.app, { url: `${P}/changeStatus`, token: admin, body: { ids: [id], action } })).status).toBe(409);
    }
    expect(await statusOf([id])).toEqual([{ id, status: 'removed' }]);
    const filtered = await call<Page<TAssignment>>(env.app, { url: `${P}/teacher/pageList`, token: admin, body: { pageNum: 1, pageSize: 10, taskId } });
    expect(filtered.body.data.total).toBe(0); // removed ones are hidden unless asked for
    const removed = await call<Page<TAssignment>>(env.app, { url: `${P}/teacher/pageList`, token: admin, body: { pageNum: 1, pageSize: 10, taskId, status: 'removed' } });
    expect(removed.body.data.total).toBe(1);
    const fresh = await call(env.app, { url: `${P}/assign`, token: admin, body: { taskId, kind: 'teacher', supervisorIds: [u('leader')], targetIds: [dir().courses[0]!.teacherId] } });
    expect(fresh.body.data).toEqual({ created: 1, reassigned: 0, unchanged: 0 });
  });

  it('shows progress per supervisor: assigned targets, class sessions held so far vs the minimum', async () => {
    const before = env.clock.now;
    try {
      env.clock.now = new Date(`${addDays(dir().semesterStart, -1)}T12:00:00Z`);
      const early = await call<Page<TAssignmentProgress>>(env.app, { url: `${P}/progress`, token: admin, body: { pageNum: 1, pageSize: 10, taskId } });
      const sup = early.body.data.list.find((p) => p.supervisor.userId === u('supervisor'))!;
      expect(sup).toMatchObject({ teachers: 0, courses: 1, sessions: 1, held: 0, attended: 0, minClasses: 3 });
      const reach = await expected(u('supervisor'), taskId);
      expect(sup.visible).toBe(reach.length);

      // Attended counts the supervisor's submitted evaluations of classes in reach, nothing else: not a
      // draft, not someone else's evaluation, not a class out of reach.
      const evaluate = (sessionId: string, evaluatorId: string, status: 'draft' | 'submitted') => platformTx(env.dbh.db, 'seed', async (tx) => {
        const [m] = await tx.select({ courseId: courseSessions.courseId, teacherId: courses.teacherId }).from(courseSessions)
          .innerJoin(courses, eq(courses.id, courseSessions.courseId)).where(eq(courseSessions.id, sessionId));
        await tx.insert(evaluations).values({
          schoolId: env.schoolA.schoolId, kind: 'free', templateVersionId: env.schoolA.evaluation.templateVersionId, courseSessionId: sessionId,
          courseId: m!.courseId, teacherId: m!.teacherId, evaluatorId, status, answers: {}, anonymous: false, ...(status === 'submitted' ? { submittedAt: new Date(), totalScore: 80 } : {}),
        });
      });
      const outOfReach = (await seedRows()).sessions.map((s) => s.sessionId).find((id) => !reach.includes(id))!;
      await evaluate(reach[0]!, u('supervisor'), 'submitted');
      await evaluate(reach[1]!, u('supervisor'), 'draft');
      await evaluate(reach[2]!, u('leader'), 'submitted');
      await evaluate(outOfReach, u('supervisor'), 'submitted');
      const after = await call<Page<TAssignmentProgress>>(env.app, { url: `${P}/progress`, token: admin, body: { pageNum: 1, pageSize: 10, taskId } });
      expect(after.body.data.list.find((p) => p.supervisor.userId === u('supervisor'))!.attended).toBe(1);
      env.clock.now = new Date(`${addDays(dir().semesterStart, 30)}T12:00:00Z`);
      const late = await call<Page<TAssignmentProgress>>(env.app, { url: `${P}/progress`, token: admin, body: { pageNum: 1, pageSize: 10, taskId, keyword: 'leader' } });
      expect(late.body.data.total).toBe(1);
      expect(late.body.data.list[0]).toMatchObject({ teachers: 1, courses: 0, sessions: 0 });
      expect(late.body.data.list[0]!.held).toBe(late.body.data.list[0]!.visible);
    } finally {
      env.clock.now = before;
    }
    const sups = await call<{ userId: string }[]>(env.app, { url: `${P}/supervisors?taskId=${taskId}`, token: admin });
    expect(sups.body.data.map((s) => s.userId).sort()).toEqual([u('leader'), u('supervisor')].sort());
  });

  it("keeps school A's tasks and assignments out of school B's reach (404, unchanged)", async () => {
    const [task] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(assignmentTasks).where(eq(assignmentTasks.id, taskId)));
    const ids = (await seedRows()).assignments.filter((a) => a.taskId === taskId).map((a) => a.id);
    const before = await statusOf(ids);
    const attempts: [string, unknown?][] = [
      [`${P}/task/saveOrUpdate`, { taskId, name: 'Mine now', semesterId: env.schoolB.directory.semesterId, startDate: env.schoolB.directory.semesterStart, endDate: env.schoolB.directory.semesterStart, minClasses: 1 }],
      [`${P}/task/deleteByIds`, { ids: [taskId] }],
      [`${P}/teacher/pageList`, { pageNum: 1, pageSize: 10, taskId }],
      [`${P}/course/pageList`, { pageNum: 1, pageSize: 10, taskId }],
      [`${P}/section/pageList`, { pageNum: 1, pageSize: 10, taskId }],
      [`${P}/assign`, { taskId, kind: 'teacher', supervisorIds: [env.schoolB.users.admin!.id], targetIds: [env.schoolB.users.teacher!.id] }],
      [`${P}/assign`, { taskId: env.schoolB.directory.taskId, kind: 'teacher', supervisorIds: [env.schoolB.users.admin!.id], targetIds: [u('teacher')] }],
      [`${P}/assign`, { taskId: env.schoolB.directory.taskId, kind: 'course', supervisorIds: [env.schoolB.users.admin!.id], targetIds: [dir().courses[0]!.id] }],
      [`${P}/changeStatus`, { ids, action: 'remove' }],
      [`${P}/points`, { pageNum: 1, pageSize: 10, supervisorId: u('supervisor') }],
      [`${P}/supervisors?taskId=${taskId}`],
      [`${P}/progress`, { pageNum: 1, pageSize: 10, taskId }],
      [`${P}/courses?taskId=${taskId}`],
      [`${P}/sessions`, { taskId, courseId: dir().courses[0]!.id, pageNum: 1, pageSize: 10 }],
    ];
    for (const [url, body] of attempts) {
      const r = await call(env.app, { url, body, token: admin2 });
      expect(r.status, url).toBe(404);
    }
    const list = await call<Page<TAssignmentTask>>(env.app, { url: `${P}/task/pageList`, token: admin2, body: { pageNum: 1, pageSize: 100 } });
    expect(list.body.data.list.map((t) => t.taskId)).not.toContain(taskId);
    const [after] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(assignmentTasks).where(eq(assignmentTasks.id, taskId)));
    expect(after).toEqual(task);
    expect(await statusOf(ids)).toEqual(before);
  });

  it('refuses the administrator endpoints to a teacher; a teacher sees only their own points', async () => {
    const attempts: [string, unknown?][] = [
      [`${P}/task/pageList`, { pageNum: 1, pageSize: 10 }],
      [`${P}/task/saveOrUpdate`, { name: 'Sneaky', semesterId: dir().semesterId, startDate: dir().semesterStart, endDate: dir().semesterStart, minClasses: 1 }],
      [`${P}/task/deleteByIds`, { ids: [taskId] }],
      [`${P}/teacher/pageList`, { pageNum: 1, pageSize: 10, taskId }],
      [`${P}/course/pageList`, { pageNum: 1, pageSize: 10, taskId }],
      [`${P}/section/pageList`, { pageNum: 1, pageSize: 10, taskId }],
      [`${P}/assign`, { taskId, kind: 'teacher', supervisorIds: [u('teacher')], targetIds: [u('teacher')] }],
      [`${P}/changeStatus`, { ids: ['1'], action: 'remove' }],
      [`${P}/people`],
      [`${P}/courses?taskId=${taskId}`],
      [`${P}/sessions`, { taskId, courseId: dir().courses[0]!.id, pageNum: 1, pageSize: 10 }],
      [`${P}/points`, { pageNum: 1, pageSize: 10, supervisorId: u('supervisor') }],
      [`${P}/supervisors?taskId=${taskId}`],
      [`${P}/progress`, { pageNum: 1, pageSize: 10, taskId }],
    ];
    for (const [url, body] of attempts) {
      const r = await call(env.app, { url, body, token: teacher });
      expect(r.status, url).toBe(403);
    }
    const others = await call(env.app, { url: `${P}/points`, token: supervisor, body: { pageNum: 1, pageSize: 10, supervisorId: u('leader') } });
    expect(others.status).toBe(403); // a supervisor sees only their own
    const own = await call<Page<TAssignedSession>>(env.app, { url: `${P}/points`, token: teacher, body: { pageNum: 1, pageSize: 10 } });
    expect(own.body.data.total).toBe(0);
    expect((await call(env.app, { url: `${P}/task/pageList`, token: admin, body: { pageNum: 1, pageSize: 10, keyword: 'Sneaky' } })).body.data).toMatchObject({ total: 0 });
  });

  it('deletes a task with its assignments', async () => {
    expect((await call(env.app, { url: `${P}/task/deleteByIds`, token: admin, body: { ids: [taskId] } })).body.code).toBe(1);
    expect((await seedRows()).assignments.filter((a) => a.taskId === taskId)).toEqual([]);
    expect((await call(env.app, { url: `${P}/task/deleteByIds`, token: admin, body: { ids: [taskId] } })).status).toBe(404);
  });
});
