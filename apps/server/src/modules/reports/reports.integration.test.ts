import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { addDays, mondayOf, zonedClock, type TAnswer, type TCourseReport, type TEvaluation, type TReadableReportCourseRow, type TTemplateContent } from '@hxk/contracts';
import { courseSessions, evaluations, planCourses, planSupervisors, supervisionPlans } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

const R_P = '/app/ddxk/report/v1';
const E_P = '/app/ddxk/evaluation/v1';
type Page<T> = { list: T[]; total: number };
type Meeting = { id: string; courseId: string };

/** Answers that satisfy every question of a form. */
function answersFor(content: TTemplateContent): Record<string, TAnswer> {
  const out: Record<string, TAnswer> = {};
  for (const q of content.sections.flatMap((s) => s.questions)) {
    const comment = 'Clear structure; students took part.';
    switch (q.type) {
      case 'single': out[q.key] = { optionKey: q.options[0]!.key, comment }; break;
      case 'multiple': out[q.key] = { optionKeys: q.options.slice(0, 2).map((o) => o.key), comment }; break;
      case 'score': out[q.key] = { score: q.score - 2, comment }; break;
      case 'star': out[q.key] = { stars: q.stars, comment }; break;
      case 'combo1': out[q.key] = { optionKey: q.options[0]!.key, score: q.options[0]!.score, comment }; break;
      case 'combo2': out[q.key] = { elementScores: Object.fromEntries(q.elements.map((e) => [e.key, e.score])), comment }; break;
    }
  }
  return out;
}

/** The course evaluation report opened from the menu lists the courses whose report the reader may open (issue 20). */
describe.each(DRIVERS)('courses of the course evaluation report on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let leader: string;
  let supervisor: string;
  let teacher: string;
  let student: string;
  let admin2: string;
  let teacher2: string;
  let content: TTemplateContent;
  /** Classes of the teacher (a plan course; a course only a plan hiding reports covers) and of another teacher. */
  let mine: Meeting;
  let hidden: Meeting;
  let shown: Meeting;
  let otherTeacherId: string;
  const u = (name: string) => env.schoolA.users[name]!.id;
  const db = <T>(fn: (tx: Tx) => Promise<T>) => platformTx(env.dbh.db, 'seed', fn);
  const en = { language: 'en' };
  const readable = (token: string, body: Record<string, unknown> = {}) => call<Page<TReadableReportCourseRow>>(env.app, { url: `${R_P}/courses/readable`, token, body: { pageSize: 100, ...body }, headers: en });

  async function evaluate(token: string, planId: string, m: Meeting) {
    const s = await call<{ evaluationId: string }>(env.app, { url: `${E_P}/start/plan`, token, body: { planId, courseSessionId: m.id }, headers: en });
    expect(s.body.code, s.body.msg).toBe(1);
    const done = await call<TEvaluation>(env.app, { url: `${E_P}/submit`, token, body: { evaluationId: s.body.data.evaluationId, answers: answersFor(content) }, headers: en });
    expect(done.body.code, done.body.msg).toBe(1);
  }

  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, leader, supervisor, teacher, student, admin2, teacher2] = await Promise.all([
      loginAs(env.app, 'admin'), loginAs(env.app, 'leader'), loginAs(env.app, 'supervisor'), loginAs(env.app, 'teacher'), loginAs(env.app, 'student'),
      loginAs(env.app, 'admin2'), loginAs(env.app, env.schoolB.users.teacher!.account),
    ]);
    const version = await db((tx) => tx.execute(sql`select content from template_versions where id = ${env.schoolA.evaluation.templateVersionId}`));
    content = (version as unknown as { rows: { content: TTemplateContent }[] }).rows[0]!.content;
    const day = addDays(mondayOf(zonedClock(new Date(), env.config.schoolTimezone).date), -7);
    const meetingsOf = (courseIds: string[]) => db((tx) => tx.select({ id: courseSessions.id, courseId: courseSessions.courseId }).from(courseSessions)
      .where(and(inArray(courseSessions.courseId, courseIds), eq(courseSessions.lessonDate, day))).orderBy(asc(courseSessions.sessionStart)));
    const planned = env.schoolA.directory.courses.filter((c) => c.teacherId === u('teacher') && env.schoolA.evaluation.planCourseIds.includes(c.id));
    [mine] = (await meetingsOf(planned.map((c) => c.id))) as [Meeting];
    await evaluate(supervisor, env.schoolA.evaluation.planId, mine);

    // Another of the teacher's courses, evaluated only in a plan that hides reports from teachers: nobody's report shows it;
    // and another teacher's course, in a plan that shows them.
    const evaluated = new Set((await db((tx) => tx.select({ courseId: evaluations.courseId }).from(evaluations))).map((r) => r.courseId));
    const pastOf = (courseIds: string[]) => db((tx) => tx.select({ id: courseSessions.id, courseId: courseSessions.courseId }).from(courseSessions)
      .where(and(inArray(courseSessions.courseId, courseIds), gte(courseSessions.lessonDate, addDays(day, -14)), lt(courseSessions.lessonDate, day)))
      .orderBy(asc(courseSessions.lessonDate), asc(courseSessions.sessionStart)));
    const courses = env.schoolA.directory.courses;
    hidden = (await pastOf(courses.filter((c) => c.teacherId === u('teacher') && !evaluated.has(c.id)).map((c) => c.id)))[0]!;
    shown = (await pastOf(courses.filter((c) => c.teacherId !== u('teacher')).map((c) => c.id)))[0]!;
    otherTeacherId = courses.find((c) => c.id === shown.courseId)!.teacherId;
    const schoolId = env.schoolA.schoolId;
    const planOver = (name: string, courseId: string, teacherCanView: boolean) => db(async (tx) => {
      const [p] = await tx.insert(supervisionPlans).values({
        schoolId, name, evaluationType: 'ordinary', templateId: env.schoolA.evaluation.templateId, templateVersionId: env.schoolA.evaluation.templateVersionId,
        semesterId: env.schoolA.directory.semesterId, startDate: addDays(day, -14), endDate: addDays(day, 60), published: true, teacherCanView,
      }).returning();
      await tx.insert(planCourses).values({ schoolId, planId: p!.id, courseId });
      await tx.insert(planSupervisors).values({ schoolId, planId: p!.id, accountId: u('leader') });
      return p!.id;
    });
    await evaluate(leader, await planOver('Reports hidden', hidden.courseId, false), hidden);
    await evaluate(leader, await planOver('Reports shown', shown.courseId, true), shown);
  });
  afterAll(async () => {
    await env?.close();
  });

  it("lists a teacher's own courses with visible evaluations, each opening its report", async () => {
    const r = await readable(teacher);
    expect(r.body.code, r.body.msg).toBe(1);
    expect(r.body.data.list.length).toBeGreaterThan(0);
    expect(r.body.data.list.every((c) => c.teacher.userId === u('teacher'))).toBe(true);
    expect(r.body.data.list.map((c) => c.courseId)).not.toContain(hidden.courseId);
    const row = r.body.data.list.find((c) => c.courseId === mine.courseId)!;
    expect(row).toMatchObject({ teacher: { account: 'teacher' } });
    expect(row.evaluationCount).toBeGreaterThanOrEqual(1);
    expect(row.averagePercent).toBeGreaterThan(50);
    const last = r.body.data.list.map((c) => c.lastEvaluatedAt ?? '');
    expect([...last].sort().reverse()).toEqual(last);
    for (const c of r.body.data.list) {
      const report = await call<TCourseReport>(env.app, { url: `${R_P}/course?courseId=${c.courseId}`, token: teacher });
      expect(report.status, c.courseName).toBe(200);
      expect(report.body.data.summary.evaluationCount).toBe(c.evaluationCount);
    }
  });

  it("lists every teacher's courses for plan managers, searchable by course or teacher and paged", async () => {
    const all = await readable(leader);
    expect(all.body.code, all.body.msg).toBe(1);
    const teachers = new Set(all.body.data.list.map((c) => c.teacher.userId));
    expect(teachers.has(u('teacher'))).toBe(true);
    expect(teachers.size).toBeGreaterThanOrEqual(2);
    expect(all.body.data.total).toBe(all.body.data.list.length);
    expect((await readable(admin)).body.data.total).toBe(all.body.data.total);
    expect(all.body.data.list.map((c) => c.courseId)).toContain(shown.courseId);
    // Evaluations the plan hides from teachers are in no report, so their course is not offered.
    expect(all.body.data.list.map((c) => c.courseId)).not.toContain(hidden.courseId);
    const byOther = await readable(leader, { keyword: await teacherName(otherTeacherId) });
    expect(byOther.body.data.list.map((c) => c.courseId)).toContain(shown.courseId);
    expect(byOther.body.data.list.map((c) => c.courseId)).not.toContain(mine.courseId);

    const name = await teacherName(u('teacher'));
    const byTeacher = await readable(leader, { keyword: name });
    expect(byTeacher.body.data.list.map((c) => c.courseId)).toContain(mine.courseId);
    expect(byTeacher.body.data.list.every((c) => c.teacher.name.includes(name) || c.courseName.includes(name) || c.courseCode.includes(name))).toBe(true);
    const code = all.body.data.list.find((c) => c.courseId === mine.courseId)!.courseCode;
    const byCode = await readable(leader, { keyword: code.toLowerCase() });
    expect(byCode.body.data.list.map((c) => c.courseId)).toContain(mine.courseId);
    const bySemester = await readable(leader, { semesterId: env.schoolA.directory.semesterId });
    expect(bySemester.body.data.total).toBe(all.body.data.total);

    const second = await readable(leader, { pageSize: 1, pageNum: 2 });
    expect(second.body.data).toMatchObject({ total: all.body.data.total, list: [expect.objectContaining({ courseId: all.body.data.list[1]!.courseId })] });
    const beyond = await readable(leader, { pageSize: 50, pageNum: 99 });
    expect(beyond.body.data).toMatchObject({ list: [], total: all.body.data.total });
  });

  it('gives a supervisor who teaches nothing an empty list, and refuses people without the screen', async () => {
    const r = await readable(supervisor);
    expect(r.body.code, r.body.msg).toBe(1);
    expect(r.body.data.list.every((c) => c.teacher.userId === u('supervisor'))).toBe(true);
    expect(r.body.data.list.map((c) => c.courseId)).not.toContain(mine.courseId);
    expect((await readable(student)).status).toBe(403);
  });

  it("keeps school A's courses out of school B's lists and reports (404)", async () => {
    const ids = (await readable(leader)).body.data.list.map((c) => c.courseId);
    for (const token of [admin2, teacher2]) {
      const r = await readable(token);
      expect(r.body.code, r.body.msg).toBe(1);
      expect(r.body.data.list.map((c) => c.courseId).filter((id) => ids.includes(id))).toEqual([]);
      expect((await call(env.app, { url: `${R_P}/course?courseId=${mine.courseId}`, token })).status).toBe(404);
    }
    // School B's own courses are B's only.
    const b = await readable(admin2);
    const bCourses = await db((tx) => tx.execute(sql`select id::text as id from courses where school_id = ${env.schoolB.schoolId}`));
    const bIds = new Set((bCourses as unknown as { rows: { id: string }[] }).rows.map((x) => x.id));
    expect(b.body.data.list.every((c) => bIds.has(c.courseId))).toBe(true);
  });

  async function teacherName(id: string): Promise<string> {
    const rows = await db((tx) => tx.execute(sql`select name from accounts where id = ${id}`));
    return (rows as unknown as { rows: { name: string }[] }).rows[0]!.name;
  }
});
