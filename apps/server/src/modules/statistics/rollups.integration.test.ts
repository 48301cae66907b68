import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appeals, courses as coursesTable, courseSessions, evaluations, evaluationSectionScores } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/sql-rows.ts';
import { platformTx, schoolTx } from '../../platform/tenancy.ts';
import { createTestEnv, DRIVERS, type TestEnv } from '../../test/harness.ts';
import { seedDemoStatistics } from '../../db/seed/demo-statistics.ts';
import type { Filters, StatsReach } from './statistics.repo.ts';
import { figuresFrom } from './statistics.service.ts';

/** Every number, rounded so that sums taken in another order compare equal. */
const round = (x: unknown): unknown => {
  if (typeof x === 'number') return Math.round(x * 1e6) / 1e6;
  if (Array.isArray(x)) return x.map(round);
  if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, round(v)]));
  return x;
};

const ROLLUPS = {
  evaluation_rollups: sql`select semester_id, org_unit_id, course_teacher_id, teacher_id, week, template_id, plan_id, kind, n, round(pct_sum::numeric, 6) as pct_sum, pct_n,
    b_lt60, b_60to70, b_70to80, b_80to90, b_ge90 from evaluation_rollups order by 1, 2, 3, 4, 5, 6, 7, 8`,
  evaluation_week_rollups: sql`select semester_id, org_unit_id, course_teacher_id, teacher_id, week, n, round(pct_sum::numeric, 6) as pct_sum, pct_n,
    b_lt60, b_60to70, b_70to80, b_80to90, b_ge90 from evaluation_week_rollups order by 1, 2, 3, 4, 5`,
  evaluation_day_rollups: sql`select semester_id, org_unit_id, course_teacher_id, teacher_id, lesson_date::text, week, n, round(pct_sum::numeric, 6) as pct_sum, pct_n,
    b_lt60, b_60to70, b_70to80, b_80to90, b_ge90 from evaluation_day_rollups order by 1, 2, 3, 4, 5`,
  evaluation_indicator_day_rollups: sql`select semester_id, org_unit_id, lesson_date::text, indicator_key, section_key, name,
    round(score_sum::numeric, 6) as score_sum, round(full_sum::numeric, 6) as full_sum, n from evaluation_indicator_day_rollups order by 1, 2, 3, 4`,
  evaluation_indicator_rollups: sql`select semester_id, org_unit_id, template_id, plan_id, kind, indicator_key, section_key, name,
    round(score_sum::numeric, 6) as score_sum, round(full_sum::numeric, 6) as full_sum, n from evaluation_indicator_rollups order by 1, 2, 3, 4, 5, 6`,
  plan_attendance_rollups: sql`select plan_id, evaluator_id, n from plan_attendance_rollups order by 1, 2`,
};

/**
 * The rollups the database keeps (migration 0061) equal a rebuild from the raw rows after every kind of
 * change, and the figures read from them equal the figures computed from the raw rows (issue 17).
 */
describe.each(DRIVERS)('statistics rollups on %s', (driver) => {
  let env: TestEnv;
  let schoolId: string;
  let semesterId: string;
  const u = (name: string) => env.schoolA.users[name]!.id;
  const seed = <T>(fn: (tx: Tx) => Promise<T>) => platformTx(env.dbh.db, 'seed', fn);
  const inA = <T>(fn: (tx: Tx) => Promise<T>) => schoolTx(env.dbh.db, schoolId, fn);

  /** The rollups as they are, then as a rebuild from the raw rows makes them. */
  async function rollupsAndRebuilt() {
    const read = () => seed(async (tx) => {
      const out: Record<string, unknown[]> = {};
      for (const [name, q] of Object.entries(ROLLUPS)) out[name] = rowsOf(await tx.execute(sql`${q}`)).map((r) => JSON.stringify(r));
      return out;
    });
    const kept = await read();
    await seed((tx) => tx.execute(sql`select hxk_stats_rebuild(${schoolId})`));
    return { kept, rebuilt: await read() };
  }

  /** The figures of every kind the screens ask for, from the rollups and from the raw rows. */
  async function bothWays(f: Filters, reach: StatsReach, groupBy: 'unit' | 'teacher' | 'none') {
    return inA(async (tx) => ({
      rollup: round(await figuresFrom(tx, f, reach, groupBy, 'auto')),
      raw: round(await figuresFrom(tx, f, reach, groupBy, 'raw')),
    }));
  }

  beforeAll(async () => {
    env = await createTestEnv(driver);
    schoolId = env.schoolA.schoolId;
    semesterId = env.schoolA.directory.semesterId;
    const { evaluation: ev, directory } = env.schoolA;
    await seed(async (tx) => {
      await seedDemoStatistics(tx, env.schoolA, new Date().toISOString().slice(0, 10));
      // Plan evaluations by the supervisor over the plan's courses, each with two sections in one statement.
      const sessions = rowsOf<{ id: string; course_id: string; teacher_id: string }>(await tx.execute(sql`
        select cs.id::text, cs.course_id::text, c.teacher_id::text from course_sessions cs join courses c on c.school_id = cs.school_id and c.id = cs.course_id
        where cs.school_id = ${schoolId} and cs.course_id in (${sql.join(ev.planCourseIds.map((id) => sql`${id}`), sql`, `)})
          and not exists (select 1 from evaluations e where e.school_id = cs.school_id and e.course_session_id = cs.id)
        order by cs.lesson_date, cs.id limit 12`));
      let i = 0;
      for (const s of sessions) {
        const [e] = await tx.insert(evaluations).values({
          schoolId, planId: ev.planId, templateVersionId: ev.templateVersionId, courseSessionId: s.id, courseId: s.course_id, teacherId: s.teacher_id,
          evaluatorId: u('supervisor'), kind: 'plan', status: 'submitted', totalScore: 50 + i * 4, submittedAt: new Date(), answers: {},
        }).returning({ id: evaluations.id });
        await tx.insert(evaluationSectionScores).values([
          { schoolId, evaluationId: e!.id, sectionKey: 's1', indicatorKey: 'k1', name: 'Teaching content', score: 30 + i, full: 60 },
          { schoolId, evaluationId: e!.id, sectionKey: 's2', indicatorKey: 'k2', name: 'Teaching method', score: 20 + (i % 7), full: 40 },
        ]);
        i++;
      }
      expect(i).toBeGreaterThan(3);
    });
    expect(directory.courses.length).toBeGreaterThan(2);
  });
  afterAll(async () => env?.close());

  it('keeps the rollups equal to a rebuild through every kind of change', async () => {
    const { directory } = env.schoolA;
    const before = await rollupsAndRebuilt();
    expect(before.kept.evaluation_rollups!.length).toBeGreaterThan(5);
    expect(before.kept.plan_attendance_rollups!.length).toBeGreaterThan(0);
    expect(before.kept).toEqual(before.rebuilt);

    await seed(async (tx) => {
      const ids = rowsOf<{ id: string; course_id: string; course_session_id: string; teacher_id: string }>(await tx.execute(sql`
        select id::text, course_id::text, course_session_id::text, teacher_id::text from evaluations
        where school_id = ${schoolId} and status = 'submitted' order by id`));
      expect(ids.length).toBeGreaterThan(10);
      const [a, b, c, d, e] = ids;
      // An appeal resolved with a new score, then a second one resolved later that counts instead.
      await tx.insert(appeals).values({ schoolId, evaluationId: a!.id, teacherId: a!.teacher_id, reason: 'Please look again', score: 60, scoreAfter: 95, status: 'resolved',
        handlerId: u('admin'), opinion: 'Agreed, rescored', handledAt: new Date(Date.now() - 1000) });
      await tx.insert(appeals).values({ schoolId, evaluationId: a!.id, teacherId: a!.teacher_id, reason: 'Please look again', score: 60, status: 'pending' });
      await tx.update(appeals).set({ status: 'resolved', scoreAfter: 12, handlerId: u('admin'), opinion: 'Rescored again', handledAt: new Date() }).where(sql`${appeals.evaluationId} = ${a!.id} and ${appeals.status} = 'pending'`);
      // A submitted evaluation deleted; one back to draft; a section score changed and one removed.
      await tx.delete(evaluations).where(sql`${evaluations.id} = ${b!.id}`);
      await tx.update(evaluations).set({ status: 'draft', submittedAt: null }).where(sql`${evaluations.id} = ${c!.id}`);
      await tx.update(evaluationSectionScores).set({ score: 1 }).where(sql`${evaluationSectionScores.evaluationId} = ${d!.id}`);
      await tx.delete(evaluationSectionScores).where(sql`${evaluationSectionScores.evaluationId} = ${e!.id} and ${evaluationSectionScores.sectionKey} = 's1'`);
      // A course moved to another department and teacher; a class moved to another week and day; a class deleted with its evaluations.
      const other = directory.courses.find((x) => x.id !== d!.course_id && x.orgUnitId !== directory.courses.find((y) => y.id === d!.course_id)?.orgUnitId)!;
      await tx.update(coursesTable).set({ orgUnitId: other.orgUnitId, teacherId: other.teacherId }).where(sql`${coursesTable.id} = ${d!.course_id}`);
      await tx.update(courseSessions).set({ week: 41, lessonDate: '2031-01-06' }).where(sql`${courseSessions.id} = ${e!.course_session_id}`);
      const f = ids.find((x) => x.course_id !== d!.course_id && x.id !== e!.id && x.id !== a!.id)!;
      await tx.delete(courseSessions).where(sql`${courseSessions.id} = ${f.course_session_id}`);
      // And a course deleted outright (its classes and evaluations go with it).
      const g = ids.find((x) => ![a, b, c, d, e, f].some((y) => y!.course_id === x.course_id))!;
      await tx.delete(coursesTable).where(sql`${coursesTable.id} = ${g.course_id}`);
    });
    const after = await rollupsAndRebuilt();
    expect(after.kept).toEqual(after.rebuilt);
    expect(after.kept).not.toEqual(before.kept);
  });

  it('reads the same figures from the rollups as from the raw rows, for every scope and reach', async () => {
    const { directory, evaluation: ev } = env.schoolA;
    const unit = directory.courses[0]!.orgUnitId;
    const teacher = directory.courses[1]!.teacherId;
    // A course with evaluations.
    const course = await inA(async (tx) => rowsOf<{ id: string }>(await tx.execute(sql`
      select course_id::text as id from evaluations where status = 'submitted' group by course_id order by count(*) desc, course_id limit 1`))[0]!.id);
    // Four lesson days with evaluations, in order: the date filters' ends.
    const days = await inA(async (tx) => rowsOf<{ d: string }>(await tx.execute(sql`
      select distinct cs.lesson_date::text as d from evaluations e join course_sessions cs on cs.id = e.course_session_id
      where e.status = 'submitted' order by 1`)).map((r) => r.d));
    expect(days.length).toBeGreaterThan(8);
    const q = Math.floor(days.length / 4);
    days.splice(0, days.length, days[0]!, days[q]!, days[2 * q]!, days[3 * q]!);
    const cases: [Filters, StatsReach, 'unit' | 'teacher' | 'none'][] = [
      [{ semesterId }, { kind: 'school' }, 'unit'],
      [{ semesterId, orgUnitId: unit }, { kind: 'school' }, 'teacher'],
      [{ semesterId, teacherId: teacher }, { kind: 'school' }, 'none'],
      [{ semesterId, planId: ev.planId }, { kind: 'school' }, 'unit'],
      [{ semesterId, templateId: ev.templateId, kind: 'free' }, { kind: 'school' }, 'teacher'],
      [{ semesterId, evaluationType: 'ordinary' }, { kind: 'school' }, 'unit'],
      [{ semesterId }, { kind: 'selected', accountId: u('leader'), byUnits: true, byTeachers: false }, 'unit'],
      [{ semesterId }, { kind: 'selected', accountId: u('leader'), byUnits: true, byTeachers: true }, 'teacher'],
      [{ semesterId, teacherId: teacher }, { kind: 'self', teacherId: teacher }, 'none'],
      // Lesson days: the daily rollups (and the raw rows where they cannot tell).
      [{ semesterId, from: days[1], to: days[3] }, { kind: 'school' }, 'unit'],
      [{ semesterId, from: days[0], orgUnitId: unit }, { kind: 'school' }, 'teacher'],
      [{ semesterId, to: days[2], teacherId: teacher }, { kind: 'school' }, 'none'],
      [{ semesterId, from: days[1], to: days[3] }, { kind: 'selected', accountId: u('leader'), byUnits: true, byTeachers: true }, 'teacher'],
      [{ semesterId, from: days[1], to: days[3], kind: 'free' }, { kind: 'school' }, 'unit'],
      [{ semesterId, from: days[1], teacherId: teacher }, { kind: 'self', teacherId: teacher }, 'none'],
      // A course: its own rows, against the school's from the rollups.
      [{ semesterId, courseId: course }, { kind: 'school' }, 'teacher'],
      [{ semesterId, courseId: course, from: days[0], to: days[3] }, { kind: 'school' }, 'none'],
      [{ semesterId, courseId: course, kind: 'free' }, { kind: 'selected', accountId: u('leader'), byUnits: true, byTeachers: true }, 'none'],
    ];
    for (const [f, reach, groupBy] of cases) {
      const { rollup, raw } = await bothWays(f, reach, groupBy);
      expect(rollup, JSON.stringify([f, reach])).toEqual(raw);
    }
    // The school's figures are not empty: the comparison says something.
    const { rollup } = await bothWays({ semesterId }, { kind: 'school' }, 'unit');
    expect((rollup as { fig: { sn: number } }).fig.sn).toBeGreaterThan(20);
  });

  it('keeps each school to its own rollups', async () => {
    const other = await schoolTx(env.dbh.db, env.schoolB.schoolId, async (tx) =>
      rowsOf<{ n: number }>(await tx.execute(sql`select (select count(*) from evaluation_rollups where school_id = ${schoolId})::int
        + (select count(*) from evaluation_stat_facts where school_id = ${schoolId})::int + (select count(*) from evaluation_indicator_rollups where school_id = ${schoolId})::int
        + (select count(*) from plan_attendance_rollups where school_id = ${schoolId})::int
        + (select count(*) from evaluation_week_rollups where school_id = ${schoolId})::int
        + (select count(*) from evaluation_day_rollups where school_id = ${schoolId})::int as n`))[0]!.n);
    const mine = await inA(async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from evaluation_rollups`))[0]!.n);
    expect(mine).toBeGreaterThan(0);
    expect(other).toBe(0);
  });
});
