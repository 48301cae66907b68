import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TThreeRateClassRow, TThreeRateFigures, TThreeRateStats } from '@hxk/contracts';
import { MENU_BY_KEY } from '@hxk/contracts';
import { classAnalyses, memberScopeUnits, roleMenus, roles, schoolMemberships } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/sql-rows.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

const P = '/app/ddxk/statistics/v1';
type Page<T> = { list: T[]; total: number };
/** One analysed class as the test reads it straight from the tables: the analysis its report shows. */
type Raw = { id: string; teacher: string; unit: string | null; course: string; room: string; building: string; week: number; session: number; lessonDate: string; att: number | null; hu: number | null; fr: number | null };

const r1 = (n: number) => Math.round(n * 10) / 10;
const meanPct = (xs: (number | null)[]) => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? r1((v.reduce((s, x) => s + x, 0) / v.length) * 100) : null;
};
const figures = (rows: Raw[]): TThreeRateFigures => ({
  classes: rows.length,
  attendance: meanPct(rows.map((r) => r.att)),
  headUp: meanPct(rows.map((r) => r.hu)),
  frontRow: meanPct(rows.map((r) => r.fr)),
  attendanceClasses: rows.filter((r) => r.att !== null).length,
  headUpClasses: rows.filter((r) => r.hu !== null).length,
  frontRowClasses: rows.filter((r) => r.fr !== null).length,
});

/** Three-rate figures equal arithmetic over the raw analysis rows; readers see what their reach allows (issue 17). */
describe.each(DRIVERS)('three-rate statistics on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let leader: string;
  let teacher: string;
  let admin2: string;
  let semesterId: string;
  let raw: Raw[];
  const u = (name: string) => env.schoolA.users[name]!.id;
  const db = <T>(fn: (tx: Tx) => Promise<T>) => platformTx(env.dbh.db, 'seed', fn);
  const en = { language: 'en' };
  const qs = (q: Record<string, string | undefined>) => new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  const stats = (token: string, q: Record<string, string | undefined>) => call<TThreeRateStats>(env.app, { url: `${P}/three-rate?${qs({ semesterId, ...q })}`, token, headers: en });
  const classes = (token: string, q: Record<string, string | undefined>) =>
    call<Page<TThreeRateClassRow>>(env.app, { url: `${P}/three-rate/classes?${qs({ semesterId, pageSize: '100', ...q })}`, token, headers: en });

  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, leader, teacher, admin2] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'leader'), loginAs(env.app, 'teacher'), loginAs(env.app, 'admin2')]);
    semesterId = env.schoolA.directory.semesterId;
    const schoolId = env.schoolA.schoolId;
    // Generated analyses: up to four classes in a room per course, varied rates (some not measured),
    // a live analysis beside some recordings, and analyses that are not done.
    await db(async (tx) => {
      const sessions = rowsOf<{ id: string; classroom_id: string }>(await tx.execute(sql`
        select id::text, classroom_id::text from (select cs.*, row_number() over (partition by course_id order by lesson_date, session_start) as k
          from course_sessions cs where school_id = ${schoolId} and classroom_id is not null) x
        where k <= 4 order by course_id, k`));
      let i = 0;
      for (const s of sessions) {
        i++;
        if (i % 6 === 5) continue; // some classes never analysed
        const base = { schoolId, courseSessionId: s.id, classroomId: s.classroom_id, sampleSeconds: 10, stIntervalSeconds: 30 };
        const rates = {
          attendanceRate: i % 11 === 0 ? null : ((i * 37) % 50 + 50) / 100,
          headUpRate: ((i * 23) % 70 + 30) / 100,
          frontRowRate: i % 9 === 0 ? null : ((i * 13) % 90 + 10) / 100,
        };
        // Status of the recording's analysis: mostly done, some queued or failed (then the live one is not the report's).
        const status = i % 13 === 0 ? 'failed' : i % 17 === 0 ? 'queued' : 'done';
        await tx.insert(classAnalyses).values({ ...base, source: 'recording', status, ...rates });
        if (i % 4 === 0) await tx.insert(classAnalyses).values({ ...base, source: 'live', status: 'done', attendanceRate: 0.11, headUpRate: 0.12, frontRowRate: 0.13 });
        if (i % 19 === 0) {
          // A class analysed only live: the report shows the live figures.
          await tx.execute(sql`delete from class_analyses where school_id = ${schoolId} and course_session_id = ${s.id} and source = 'recording'`);
          await tx.insert(classAnalyses).values({ ...base, source: 'live', status: 'done', attendanceRate: 0.5, headUpRate: 0.6, frontRowRate: 0.7 }).onConflictDoNothing();
        }
      }
    });
    raw = await db(async (tx) => rowsOf<Raw>(await tx.execute(sql`
      select cs.id::text, c.teacher_id::text as teacher, c.org_unit_id::text as unit, c.id::text as course, cs.classroom_id::text as room, r.building_id::text as building,
        cs.week, cs.session_start as session, cs.lesson_date::text as "lessonDate", a.attendance_rate as att, a.head_up_rate as hu, a.front_row_rate as fr
      from course_sessions cs join courses c on c.id = cs.course_id join classrooms r on r.id = cs.classroom_id
      join class_analyses a on a.course_session_id = cs.id
      where cs.school_id = ${env.schoolA.schoolId} and c.semester_id = ${semesterId} and a.status = 'done'
        and (a.source = 'recording' or not exists (select 1 from class_analyses x where x.course_session_id = cs.id and x.source = 'recording'))`))
      .map((r) => ({ ...r, week: Number(r.week), session: Number(r.session), att: r.att === null ? null : Number(r.att), hu: r.hu === null ? null : Number(r.hu), fr: r.fr === null ? null : Number(r.fr) })));
  });
  afterAll(async () => env?.close());

  it('gives the school figures, weeks and every grouping as the raw rows do', async () => {
    expect(raw.length).toBeGreaterThan(10);
    expect(raw.some((r) => r.att === null) && raw.some((r) => r.fr === null)).toBe(true);
    const res = await stats(admin, {});
    expect(res.body.code, res.body.msg).toBe(1);
    const d = res.body.data;
    expect(d.school).toEqual(figures(raw));
    expect(d.scope).toEqual(d.school);
    const weeks = [...new Set(raw.map((r) => r.week))].sort((a, b) => a - b);
    expect(d.trend.map((w) => [w.week, w.school])).toEqual(weeks.map((w) => [w, figures(raw.filter((r) => r.week === w))]));
    const keyOf: Record<string, (r: Raw) => string | null> = {
      building: (r) => r.building, classroom: (r) => r.room, unit: (r) => r.unit, teacher: (r) => r.teacher, course: (r) => r.course,
      session: (r) => String(r.session), week: (r) => String(r.week),
    };
    for (const [groupBy, key] of Object.entries(keyOf)) {
      const g = await stats(admin, { groupBy });
      expect(g.body.code, g.body.msg).toBe(1);
      const keys = [...new Set(raw.map(key).filter((k): k is string => k !== null))].sort();
      expect(g.body.data.groups.map((x) => x.key).sort(), groupBy).toEqual(keys);
      for (const row of g.body.data.groups) {
        const { key: _k, name: _n, detail: _d, ...fig } = row;
        expect(fig, `${groupBy} ${row.key}`).toEqual(figures(raw.filter((r) => key(r) === row.key)));
      }
    }
  });

  it('narrows to a scope against the school, and lists the classes behind it', async () => {
    const unit = raw.find((r) => r.unit)!.unit!;
    const days = raw.map((r) => r.lessonDate).sort();
    const from = days[Math.floor(days.length / 3)]!;
    const inRange = raw.filter((r) => r.lessonDate >= from);
    const res = await stats(admin, { orgUnitId: unit, from, groupBy: 'teacher' });
    expect(res.body.code, res.body.msg).toBe(1);
    expect(res.body.data.scope).toEqual(figures(inRange.filter((r) => r.unit === unit)));
    expect(res.body.data.school).toEqual(figures(inRange));
    expect(res.body.data.subject.orgUnit?.id).toBe(unit);
    const room = raw[0]!.room;
    const session = String(raw[0]!.session);
    const one = await stats(admin, { classroomId: room, session });
    expect(one.body.data.scope).toEqual(figures(raw.filter((r) => r.room === room && String(r.session) === session)));
    const list = await classes(admin, { orgUnitId: unit });
    expect(list.body.code, list.body.msg).toBe(1);
    const mine = raw.filter((r) => r.unit === unit);
    expect(list.body.data.total).toBe(mine.length);
    for (const row of list.body.data.list) {
      const r = mine.find((x) => x.id === row.courseSessionId)!;
      expect([row.attendance, row.headUp, row.frontRow]).toEqual([meanPct([r.att]), meanPct([r.hu]), meanPct([r.fr])]);
    }
    // Nothing in a class row is about a single student.
    expect(Object.keys(list.body.data.list[0]!).some((k) => /student(Id|Name)|name$/i.test(k) && k !== 'classroomName' && k !== 'buildingName' && k !== 'orgUnitName')).toBe(false);
  });

  it('keeps a member supervising selected departments inside them, and refuses the rest', async () => {
    const [inside, outside] = env.schoolA.directory.departmentIds as [string, string];
    await db(async (tx) => {
      await tx.update(schoolMemberships).set({ deptScope: 'selected' }).where(sql`school_id = ${env.schoolA.schoolId} and account_id = ${u('leader')}`);
      await tx.insert(memberScopeUnits).values({ schoolId: env.schoolA.schoolId, accountId: u('leader'), orgUnitId: inside });
    });
    const whole = await stats(leader, {});
    expect(whole.body.code, whole.body.msg).toBe(1);
    expect(whole.body.data.scope).toEqual(figures(raw.filter((r) => r.unit === inside)));
    expect(whole.body.data.school).toEqual(figures(raw));
    expect(whole.body.data.groups.every((g) => g.key === inside)).toBe(true);
    const refused = await stats(leader, { orgUnitId: outside });
    expect([refused.status, refused.body.errorKey]).toEqual([403, 'statistics.outOfScope']);
    expect((await classes(leader, { orgUnitId: outside })).body.errorKey).toBe('statistics.outOfScope');
    expect((await classes(leader, {})).body.data.total).toBe(raw.filter((r) => r.unit === inside).length);
  });

  it('refuses a teacher without the menu, and another school by id (404) or gives it nothing', async () => {
    expect((await stats(teacher, {})).status).toBe(403);
    const other = await stats(admin2, {});
    expect([other.status, other.body.errorKey]).toEqual([404, 'common.notFound']);
    const ownSemester = env.schoolB.directory.semesterId;
    const foreignRoom = await call<TThreeRateStats>(env.app, { url: `${P}/three-rate?${qs({ semesterId: ownSemester, classroomId: raw[0]!.room })}`, token: admin2, headers: en });
    expect([foreignRoom.status, foreignRoom.body.errorKey]).toEqual([404, 'common.notFound']);
    const b = await call<TThreeRateStats>(env.app, { url: `${P}/three-rate?${qs({ semesterId: ownSemester })}`, token: admin2, headers: en });
    expect(b.body.code, b.body.msg).toBe(1);
    expect([b.body.data.school.classes, b.body.data.groups]).toEqual([0, []]);
    const list = await call<Page<TThreeRateClassRow>>(env.app, { url: `${P}/three-rate/classes?${qs({ semesterId: ownSemester })}`, token: admin2, headers: en });
    expect(list.body.data.total).toBe(0);
  });

  it('shows a teacher given the menu only their own classes', async () => {
    await db(async (tx) => {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(sql`school_id = ${env.schoolA.schoolId} and builtin = 4`);
      const menuIds = ['statistics', 'threeRateStatistics', 'threeRateStatisticsDetails'].map((k) => MENU_BY_KEY.get(k)!.menuId);
      await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ schoolId: env.schoolA.schoolId, roleId: role!.id, menuId }))).onConflictDoNothing();
    });
    const me = await loginAs(env.app, 'teacher');
    const res = await stats(me, {});
    expect(res.body.code, res.body.msg).toBe(1);
    const mine = raw.filter((r) => r.teacher === u('teacher'));
    expect([res.body.data.ownOnly, res.body.data.scope]).toEqual([true, figures(mine)]);
    const other = raw.find((r) => r.teacher !== u('teacher'))!.teacher;
    expect((await stats(me, { teacherId: other })).body.errorKey).toBe('statistics.ownOnly');
    expect((await classes(me, {})).body.data.list.every((r) => r.teacher.userId === u('teacher'))).toBe(true);
  });
});
