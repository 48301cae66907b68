import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TEvaluationStats, TStatsEvaluationRow } from '@hxk/contracts';
import { MENU_BY_KEY } from '@hxk/contracts';
import { evaluations, evaluationSectionScores, memberScopeUnits, roleMenus, roles, schoolMemberships } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/sql-rows.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { seedDemoStatistics } from '../../db/seed/demo-statistics.ts';

const P = '/app/ddxk/statistics/v1';
type Page<T> = { list: T[]; total: number };
/** One raw evaluation row, as the test reads it straight from the tables. */
type Raw = { id: string; status: string; teacher: string; unit: string | null; courseTeacher: string; week: number; lessonDate: string; pct: number; evaluator: string; anonymous: boolean };

const r1 = (n: number) => Math.round(n * 10) / 10;
const mean = (xs: number[]) => (xs.length ? r1(xs.reduce((s, x) => s + x, 0) / xs.length) : null);
const band = (p: number) => (p < 60 ? 'lt60' : p < 70 ? '60to70' : p < 80 ? '70to80' : p < 90 ? '80to90' : 'ge90');

/** Statistics equal straightforward arithmetic over the raw rows; readers see what their reach allows (issue 17). */
describe.each(DRIVERS)('evaluation statistics on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let leader: string;
  let teacher: string;
  let admin2: string;
  let semesterId: string;
  let raw: Raw[];
  let courses: { id: string; teacherId: string; orgUnitId: string }[];
  let demoMade: number;
  const u = (name: string) => env.schoolA.users[name]!.id;
  const db = <T>(fn: (tx: Tx) => Promise<T>) => platformTx(env.dbh.db, 'seed', fn);
  const en = { language: 'en' };
  const qs = (q: Record<string, string | undefined>) => new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  const stats = (token: string, q: Record<string, string | undefined>) => call<TEvaluationStats>(env.app, { url: `${P}/evaluation?${qs({ semesterId, ...q })}`, token, headers: en });
  const records = (token: string, q: Record<string, string | undefined>) => call<Page<TStatsEvaluationRow>>(env.app, { url: `${P}/evaluation/records?${qs({ semesterId, pageSize: '100', ...q })}`, token, headers: en });

  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, leader, teacher, admin2] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'leader'), loginAs(env.app, 'teacher'), loginAs(env.app, 'admin2')]);
    semesterId = env.schoolA.directory.semesterId;
    courses = env.schoolA.directory.courses;
    const schoolId = env.schoolA.schoolId;
    const versionId = env.schoolA.evaluation.templateVersionId;
    // Generated data: evaluations over every course's classes by three evaluators, varied scores, some anonymous, one draft.
    await db(async (tx) => {
      const full = rowsOf<{ t: number }>(await tx.execute(sql`select total_score as t from template_versions where id = ${versionId}`))[0]!.t;
      const sessions = rowsOf<{ id: string; course_id: string }>(await tx.execute(sql`
        select id::text, course_id::text from (select cs.*, row_number() over (partition by course_id order by lesson_date, session_start) as k from course_sessions cs where school_id = ${schoolId}) x
        where k <= 4 order by course_id, k`));
      const evaluators = [u('admin'), u('leader'), u('supervisor')];
      const teacherOf = new Map(courses.map((c) => [c.id, c.teacherId]));
      let i = 0;
      for (const s of sessions) {
        if (i % 7 === 3) { i++; continue; } // some classes never evaluated
        const score = Math.min(full, Math.round(full * (0.45 + ((i * 37) % 55) / 100)));
        const [e] = await tx.insert(evaluations).values({
          schoolId, templateVersionId: versionId, courseSessionId: s.id, courseId: s.course_id, teacherId: teacherOf.get(s.course_id)!, evaluatorId: evaluators[i % 3]!,
          kind: 'free', status: i % 29 === 0 ? 'draft' : 'submitted', totalScore: score, anonymous: i % 5 === 0, answers: {},
          submittedAt: i % 29 === 0 ? null : new Date(),
        }).returning({ id: evaluations.id });
        await tx.insert(evaluationSectionScores).values([
          { schoolId, evaluationId: e!.id, sectionKey: 's1', indicatorKey: 'k1', name: 'Teaching content', score: Math.min(60, (i * 13) % 61), full: 60 },
          { schoolId, evaluationId: e!.id, sectionKey: 's2', indicatorKey: 'k2', name: 'Teaching method', score: (i * 7) % 41, full: 40 },
        ]);
        i++;
      }
      // And the demo's semester of peer evaluations on the classes left.
      demoMade = await seedDemoStatistics(tx, env.schoolA, new Date().toISOString().slice(0, 10));
    });
    raw = await db(async (tx) => rowsOf<Raw>(await tx.execute(sql`
      select e.id::text, e.status, e.teacher_id::text as teacher, c.org_unit_id::text as unit, c.teacher_id::text as "courseTeacher", cs.week,
        cs.lesson_date::text as "lessonDate", e.total_score / tv.total_score * 100 as pct, e.evaluator_id::text as evaluator, e.anonymous
      from evaluations e join courses c on c.id = e.course_id join course_sessions cs on cs.id = e.course_session_id
      join template_versions tv on tv.id = e.template_version_id
      where e.school_id = ${schoolId} and c.semester_id = ${semesterId}`)).map((r) => ({ ...r, week: Number(r.week), pct: Number(r.pct) })));
  });
  afterAll(async () => env?.close());

  const submitted = () => raw.filter((r) => r.status === 'submitted');

  it('gives the school figures as the raw rows do: counts, coverage, mean, bands, weeks, indicators', async () => {
    const res = await stats(admin, {});
    expect(res.body.code, res.body.msg).toBe(1);
    const d = res.body.data;
    const rows = submitted();
    expect(rows.length).toBeGreaterThan(20);
    const teaching = new Set(courses.map((c) => c.teacherId)).size;
    const evaluated = new Set(rows.map((r) => r.teacher)).size;
    expect(d.school).toEqual({ evaluations: rows.length, teachersEvaluated: evaluated, teachersTeaching: teaching, coverage: r1((evaluated / teaching) * 100), meanPercent: mean(rows.map((r) => r.pct)) });
    expect(d.scope).toEqual(d.school);
    for (const b of d.distribution) expect(b.count).toBe(rows.filter((r) => band(r.pct) === b.band).length);
    const weeks = [...new Set(rows.map((r) => r.week))].sort((a, b) => a - b);
    expect(d.trend.map((w) => [w.week, w.evaluations, w.meanPercent])).toEqual(weeks.map((w) => [w, rows.filter((r) => r.week === w).length, mean(rows.filter((r) => r.week === w).map((r) => r.pct))]));
    // Indicators: sum of scores over sum of full scores, straight from the score rows.
    const ind = await db(async (tx) => rowsOf<{ key: string; p: number }>(await tx.execute(sql`
      select ss.indicator_key as key, sum(ss.score) / sum(ss."full") * 100 as p from evaluation_section_scores ss
      join evaluations e on e.id = ss.evaluation_id join courses c on c.id = e.course_id
      where e.school_id = ${env.schoolA.schoolId} and e.status = 'submitted' and c.semester_id = ${semesterId} group by 1`)));
    for (const i of ind) expect(d.indicators.find((x) => x.key === i.key)?.percent).toBe(r1(Number(i.p)));
    // Departments of the drill-down table add up to the school.
    expect(d.groupBy).toBe('unit');
    expect(d.groups.reduce((s, g) => s + g.evaluations, 0)).toBe(rows.length);
    const top = d.top[0]!;
    const byTeacher = [...new Set(rows.map((r) => r.teacher))].map((t) => mean(rows.filter((r) => r.teacher === t).map((r) => r.pct))!);
    expect(top.meanPercent).toBe(Math.max(...byTeacher));
    expect(d.bottom[0]!.meanPercent).toBe(Math.min(...byTeacher));
    expect(d.supervisors).not.toBeNull();
  });

  it('seeds demo peer evaluations that the product would accept', async () => {
    expect(demoMade).toBeGreaterThan(0);
    const rows = await db(async (tx) => rowsOf<{ evaluator: string; teacher: string; sections: number }>(await tx.execute(sql`
      select e.evaluator_id::text as evaluator, c.teacher_id::text as teacher, (select count(*) from evaluation_section_scores ss where ss.evaluation_id = e.id)::int as sections
      from evaluations e join courses c on c.id = e.course_id where e.school_id = ${env.schoolA.schoolId} and e.kind = 'free' and e.answers <> '{}'::jsonb`)));
    expect(rows.length).toBe(demoMade);
    for (const r of rows) {
      expect(r.evaluator).not.toBe(r.teacher);
      expect(r.teacher).not.toBe(u('teacher'));
      expect(Number(r.sections)).toBeGreaterThan(0);
    }
  });

  it('gives a department and a teacher as the raw rows do, against the school, with a date range', async () => {
    const unit = courses[0]!.orgUnitId;
    const lessonDays = submitted().map((r) => r.lessonDate).sort();
    const from = lessonDays[Math.floor(lessonDays.length / 4)]!;
    const res = await stats(admin, { orgUnitId: unit, groupBy: 'teacher', from });
    expect(res.body.code, res.body.msg).toBe(1);
    const inRange = submitted().filter((r) => r.lessonDate >= from);
    const rows = inRange.filter((r) => r.unit === unit);
    expect(res.body.data.scope.evaluations).toBe(rows.length);
    expect(res.body.data.scope.meanPercent).toBe(mean(rows.map((r) => r.pct)));
    expect(res.body.data.school.evaluations).toBe(inRange.length);
    expect(res.body.data.subject.orgUnit?.id).toBe(unit);
    for (const g of res.body.data.groups) {
      const mine = rows.filter((r) => r.teacher === g.id);
      expect([g.evaluations, g.meanPercent]).toEqual([mine.length, mean(mine.map((r) => r.pct))]);
    }
    const t = rows[0]!.teacher;
    const one = await stats(admin, { teacherId: t, groupBy: 'none' });
    const theirs = submitted().filter((r) => r.teacher === t);
    expect([one.body.data.scope.evaluations, one.body.data.scope.meanPercent, one.body.data.groups]).toEqual([theirs.length, mean(theirs.map((r) => r.pct)), []]);
  });

  it('lists the evaluations behind the figures without naming anonymous evaluators', async () => {
    const t = submitted().find((r) => r.anonymous)!.teacher;
    const res = await records(admin, { teacherId: t });
    expect(res.body.code, res.body.msg).toBe(1);
    const theirs = submitted().filter((r) => r.teacher === t);
    expect(res.body.data.total).toBe(theirs.length);
    for (const row of res.body.data.list) {
      const r = theirs.find((x) => x.id === row.evaluationId)!;
      expect(row.percent).toBe(r1(r.pct));
      expect(row.anonymous).toBe(r.anonymous);
      expect(row.evaluator?.userId ?? null).toBe(r.anonymous ? null : r.evaluator);
      // Nothing in an anonymous row names its evaluator.
      if (r.anonymous) expect(JSON.stringify(row)).not.toContain(`"${r.evaluator}"`);
    }
  });

  it('keeps a member supervising selected departments inside them, and refuses the rest', async () => {
    const [inside, outside] = env.schoolA.directory.departmentIds as [string, string];
    await db(async (tx) => {
      await tx.update(schoolMemberships).set({ deptScope: 'selected' }).where(sql`school_id = ${env.schoolA.schoolId} and account_id = ${u('leader')}`);
      await tx.insert(memberScopeUnits).values({ schoolId: env.schoolA.schoolId, accountId: u('leader'), orgUnitId: inside });
    });
    const whole = await stats(leader, {});
    expect(whole.body.code, whole.body.msg).toBe(1);
    const rows = submitted().filter((r) => r.unit === inside);
    expect(whole.body.data.scope.evaluations).toBe(rows.length);
    expect(whole.body.data.school.evaluations).toBe(submitted().length);
    expect(whole.body.data.groups.map((g) => g.id)).toEqual([inside]);
    expect(whole.body.data.supervisors).toBeNull();
    const refused = await stats(leader, { orgUnitId: outside });
    expect([refused.status, refused.body.errorKey]).toEqual([403, 'statistics.outOfScope']);
    const otherTeacher = courses.find((c) => c.orgUnitId === outside)!.teacherId;
    expect((await records(leader, { teacherId: otherTeacher })).body.errorKey).toBe('statistics.outOfScope');
    const list = await records(leader, {});
    expect(list.body.data.total).toBe(rows.length);
  });

  it('offers the templates and plans the semester\'s submitted evaluations used as the filters\' choices, by name', async () => {
    const expected = await db(async (tx) => ({
      templates: rowsOf<{ id: string; name: string }>(await tx.execute(sql`select distinct t.id::text, t.name from evaluations e join courses c on c.id = e.course_id
        join template_versions tv on tv.id = e.template_version_id join evaluation_templates t on t.id = tv.template_id
        where e.school_id = ${env.schoolA.schoolId} and c.semester_id = ${semesterId} and e.status = 'submitted' order by t.name`)),
      plans: rowsOf<{ id: string; name: string }>(await tx.execute(sql`select distinct p.id::text, p.name from evaluations e join courses c on c.id = e.course_id
        join supervision_plans p on p.id = e.plan_id
        where e.school_id = ${env.schoolA.schoolId} and c.semester_id = ${semesterId} and e.status = 'submitted' order by p.name`)),
    }));
    expect(expected.templates.length).toBeGreaterThan(0);
    const r = await call<{ templates: { id: string; name: string }[]; plans: { id: string; name: string }[] }>(env.app, { url: `${P}/evaluation/options?${qs({ semesterId })}`, token: admin, headers: en });
    expect(r.body.data.templates.map((t) => t.id).sort()).toEqual(expected.templates.map((t) => t.id).sort());
    expect(r.body.data.plans.map((t) => t.id).sort()).toEqual(expected.plans.map((t) => t.id).sort());
    // Another school's semester is not found; a teacher without the menu is refused.
    const other = await call(env.app, { url: `${P}/evaluation/options?${qs({ semesterId })}`, token: admin2, headers: en });
    expect([other.status, other.body.errorKey]).toEqual([404, 'common.notFound']);
    expect((await call(env.app, { url: `${P}/evaluation/options?${qs({ semesterId })}`, token: teacher, headers: en })).status).toBe(403);
  });

  it('refuses a teacher without the menu, and another school by id', async () => {
    const t = await stats(teacher, {});
    expect(t.status).toBe(403);
    const other = await stats(admin2, {});
    expect([other.status, other.body.errorKey]).toEqual([404, 'common.notFound']);
    const foreignUnit = await call<TEvaluationStats>(env.app, {
      url: `${P}/evaluation?${qs({ semesterId: env.schoolB.directory.semesterId, orgUnitId: courses[0]!.orgUnitId })}`, token: admin2, headers: en,
    });
    expect([foreignUnit.status, foreignUnit.body.errorKey]).toEqual([404, 'common.notFound']);
    const bad = await stats(admin, { from: '2026-05-02', to: '2026-05-01' });
    expect(bad.status).toBe(400);
  });

  it('shows a teacher given the menu only their own figures', async () => {
    await db(async (tx) => {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(sql`school_id = ${env.schoolA.schoolId} and builtin = 4`);
      const menuIds = ['statistics', 'evaluateStatistics', 'evaluateStatisticsDetailss'].map((k) => MENU_BY_KEY.get(k)!.menuId);
      await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ schoolId: env.schoolA.schoolId, roleId: role!.id, menuId }))).onConflictDoNothing();
    });
    const me = await loginAs(env.app, 'teacher');
    const res = await stats(me, {});
    expect(res.body.code, res.body.msg).toBe(1);
    const mine = submitted().filter((r) => r.teacher === u('teacher'));
    expect([res.body.data.ownOnly, res.body.data.scope.evaluations, res.body.data.scope.meanPercent]).toEqual([true, mine.length, mean(mine.map((r) => r.pct))]);
    expect([res.body.data.top, res.body.data.bottom, res.body.data.supervisors]).toEqual([[], [], null]);
    expect(res.body.data.groups.every((g) => g.evaluations <= mine.length)).toBe(true);
    const other = courses.find((c) => c.teacherId !== u('teacher'))!.teacherId;
    const refused = await stats(me, { teacherId: other });
    expect([refused.status, refused.body.errorKey]).toEqual([403, 'statistics.ownOnly']);
    const list = await records(me, {});
    expect(list.body.data.total).toBe(mine.length);
    expect(list.body.data.list.every((r) => r.teacher.userId === u('teacher') && (r.anonymous ? r.evaluator === null : true))).toBe(true);
  });
});
