import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { courseSessions, semesters, sessionTimes } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

type Semester = { id: string; name: string; startDate: string; endDate: string; weekCount: number; current: boolean; courseCount: number };
type Week = { week: number | null; today: string; dates: string[]; startDate: string; endDate: string };

describe.each(DRIVERS)('calendar and session times on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let teacher: string;
  const db = () => env.dbh.db;

  beforeAll(async () => {
    env = await createTestEnv(driver);
    // 2030-11-27 03:00 UTC is Wednesday 11:00 in Shanghai (the default SCHOOL_TIMEZONE); far from the seeded semester.
    env.clock.now = new Date('2030-11-27T03:00:00Z');
    admin = await loginAs(env.app, 'admin');
    admin2 = await loginAs(env.app, 'admin2');
    teacher = await loginAs(env.app, 'teacher');
  });
  afterAll(async () => {
    await env?.close();
  });

  const save = (body: unknown, token = admin, lang = 'en') => call<Semester>(env.app, { url: '/base/calendar/v1/saveOrUpdate', body, token, headers: { language: lang } });

  it('adds semesters, lists them with the current one flagged, and gives its weeks', async () => {
    const a = await save({ name: 'Autumn 2030 (test)', startDate: '2030-09-04', weekCount: 18 });
    expect(a.body.data).toMatchObject({ name: 'Autumn 2030 (test)', startDate: '2030-09-04', endDate: '2031-01-05', weekCount: 18, current: true, courseCount: 0 });
    const b = await save({ name: 'Spring 2031 (test)', startDate: '2031-02-24', weekCount: 16 });
    expect(b.body.data.current).toBe(false);

    const list = await call<Semester[]>(env.app, { url: '/base/calendar/v1/list', token: teacher });
    expect(list.body.code).toBe(1);
    const mine = list.body.data.filter((s) => s.name.endsWith('(test)'));
    expect(mine.map((s) => s.name)).toEqual(['Spring 2031 (test)', 'Autumn 2030 (test)']);

    const dict = await call<{ value: string; label: string; current: boolean }[]>(env.app, { url: '/app/ddxk/base/data/v1/calendar/dict', token: teacher });
    expect(dict.body.data).toContainEqual(expect.objectContaining({ value: a.body.data.id, label: 'Autumn 2030 (test)', current: true }));
    expect(dict.body.data).toContainEqual(expect.objectContaining({ value: b.body.data.id, current: false }));

    // 2030-11-27 is in week 13 of a semester whose week 1 starts on Monday 2030-09-02.
    const week = await call<Week>(env.app, { url: `/base/calendar/getClendarInWeek?id=${a.body.data.id}`, token: teacher });
    expect(week.body.data).toMatchObject({ week: 13, today: '2030-11-27', startDate: '2030-11-25', endDate: '2030-12-01' });
    expect(week.body.data.dates).toHaveLength(7);
    // Outside the semester: no teaching week, this calendar week's dates.
    const outside = await call<Week>(env.app, { url: `/base/calendar/getClendarInWeek?id=${b.body.data.id}`, token: teacher });
    expect(outside.body.data).toMatchObject({ week: null, startDate: '2030-11-25', endDate: '2030-12-01' });

    const weeks = await call<{ weekCount: number; weeks: { week: number; startDate: string; endDate: string }[] }>(env.app, { url: `/base/calendar/getClendarWeeks?id=${a.body.data.id}`, token: teacher });
    expect(weeks.body.data.weeks).toHaveLength(18);
    expect(weeks.body.data.weeks[0]).toMatchObject({ week: 1, startDate: '2030-09-02', endDate: '2030-09-08' });
    expect(weeks.body.data.weeks[17]).toMatchObject({ week: 18, startDate: '2030-12-30', endDate: '2031-01-05' });
  });

  it("takes today in the school's time zone", async () => {
    const s = await save({ name: 'Zone (test)', startDate: '2030-11-25', weekCount: 1 });
    const saved = env.clock.now;
    try {
      // Sunday 2030-12-01 17:00 UTC is already Monday 2030-12-02 01:00 in Shanghai: after the one-week semester.
      env.clock.now = new Date('2030-12-01T17:00:00Z');
      const token = await loginAs(env.app, 'admin');
      const w = await call<Week>(env.app, { url: `/base/calendar/getClendarInWeek?id=${s.body.data.id}`, token });
      expect(w.body.data).toMatchObject({ today: '2030-12-02', week: null });
      env.clock.now = new Date('2030-12-01T15:00:00Z');
      const w2 = await call<Week>(env.app, { url: `/base/calendar/getClendarInWeek?id=${s.body.data.id}`, token });
      expect(w2.body.data).toMatchObject({ today: '2030-12-01', week: 1 });
    } finally {
      env.clock.now = saved;
    }
  });

  it('refuses bad semesters with localized messages', async () => {
    const dup = await save({ name: 'Autumn 2030 (test)', startDate: '2030-09-01', weekCount: 10 }, admin, 'zh');
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ errorKey: 'semester.nameTaken', msg: '学期名称已存在' });
    for (const [body, field] of [
      [{ name: 'X', startDate: '2026-02-30', weekCount: 10 }, 'startDate'],
      [{ name: 'X', startDate: '2026-09-01', weekCount: 0 }, 'weekCount'],
      [{ name: 'X', startDate: '2026-09-01', weekCount: 61 }, 'weekCount'],
      [{ name: 'X', startDate: '2026-09-01', weekCount: 1.5 }, 'weekCount'],
      [{ name: ' ', startDate: '2026-09-01', weekCount: 3 }, 'name'],
    ] as const) {
      const r = await save(body, admin, 'ja');
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ errorKey: 'common.validation', fields: [expect.objectContaining({ path: field })] });
      expect(r.body.msg).toMatch(/^入力が正しくありません：/);
    }
  });

  it('moves every class date when the start date changes, and guards week count and deletion', async () => {
    const s = (await save({ name: 'Moving (test)', startDate: '2030-09-09', weekCount: 10 })).body.data;
    const c = await call<{ id: string }>(env.app, {
      url: '/app/ddxk/course/v1/saveOrUpdate', token: admin,
      body: { semesterId: s.id, name: 'Moving course', code: 'MOV-1', teacherId: env.schoolA.users.teacher!.id, slots: [{ weekFrom: 1, weekTo: 8, parity: 'all', weekday: 3, sessionStart: 1, sessionEnd: 2 }] },
    });
    expect(c.body.code).toBe(1);
    const dates = async () => (await platformTx(db(), 'seed', (tx) => tx.select({ week: courseSessions.week, d: courseSessions.lessonDate }).from(courseSessions).where(eq(courseSessions.courseId, c.body.data.id)).orderBy(courseSessions.week)));
    expect((await dates())[0]).toEqual({ week: 1, d: '2030-09-11' });
    const moved = await save({ id: s.id, name: 'Moving (test)', startDate: '2030-09-18', weekCount: 10 });
    expect(moved.body.data).toMatchObject({ startDate: '2030-09-18', courseCount: 1 });
    const after = await dates();
    expect(after[0]).toEqual({ week: 1, d: '2030-09-18' });
    expect(after[7]).toEqual({ week: 8, d: '2030-11-06' });

    const shrink = await save({ id: s.id, name: 'Moving (test)', startDate: '2030-09-18', weekCount: 6 });
    expect(shrink.body).toMatchObject({ errorKey: 'semester.weeksInUse', msg: 'Week 8 still has classes: the semester needs at least 8 weeks.' });

    const del = await call(env.app, { url: '/base/calendar/v1/delete', body: { id: s.id }, token: admin, headers: { language: 'en' } });
    expect(del.status).toBe(409);
    expect(del.body).toMatchObject({ errorKey: 'semester.hasCourses', msg: 'This semester still has 1 courses and cannot be deleted.' });
    await call(env.app, { url: '/app/ddxk/course/v1/deleteByIds', body: { ids: [c.body.data.id] }, token: admin });
    expect((await call(env.app, { url: '/base/calendar/v1/delete', body: { id: s.id }, token: admin })).body.code).toBe(1);
    const [gone] = await platformTx(db(), 'seed', (tx) => tx.select().from(semesters).where(eq(semesters.id, s.id)));
    expect(gone).toBeUndefined();
  });

  it('saves the daily session times after the rules and reads them back', async () => {
    const list = [
      { sessionNo: 1, start: '08:00', end: '08:45' },
      { sessionNo: 2, start: '08:55', end: '09:40' },
      { sessionNo: 3, start: '10:00', end: '10:45' },
    ];
    const saved = await call<{ sessionNo: number; start: string; end: string }[]>(env.app, { url: '/base/calendar/v1/sessionTimes/save', body: { list }, token: admin });
    expect(saved.body.data).toEqual(list);
    expect((await call(env.app, { url: '/base/calendar/v1/sessionTimes', token: teacher })).body.data).toEqual(list);

    const bad = async (l: unknown, lang = 'en') => (await call(env.app, { url: '/base/calendar/v1/sessionTimes/save', body: { list: l }, token: admin, headers: { language: lang } })).body;
    expect(await bad([{ sessionNo: 1, start: '09:00', end: '08:00' }])).toMatchObject({ errorKey: 'schedule.sessionEndBeforeStart', msg: 'Session 1: the end time must be later than the start time.' });
    expect(await bad([{ sessionNo: 1, start: '08:00', end: '08:10' }], 'zh')).toMatchObject({ errorKey: 'schedule.sessionTooShort', msg: '第 1 节：开始和结束时间须相隔 10 分钟以上' });
    expect(await bad([{ sessionNo: 1, start: '08:00', end: '08:45' }, { sessionNo: 2, start: '08:30', end: '09:15' }], 'ja')).toMatchObject({ errorKey: 'schedule.sessionOverlap', msg: '第 2 時限が第 1 時限と重なっています。' });
    expect(await bad([{ sessionNo: 2, start: '08:00', end: '08:45' }, { sessionNo: 1, start: '09:00', end: '09:45' }])).toMatchObject({ errorKey: 'schedule.sessionOrder' });
    expect(await bad([{ sessionNo: 1, start: '08:00', end: '08:45' }, { sessionNo: 1, start: '09:00', end: '09:45' }])).toMatchObject({ errorKey: 'schedule.sessionNoDuplicate' });
    expect(await bad([{ sessionNo: 1, start: '8:00', end: '08:45' }])).toMatchObject({ errorKey: 'common.validation' });
    expect(await bad([{ sessionNo: 21, start: '08:00', end: '08:45' }])).toMatchObject({ errorKey: 'common.validation' });
    // Nothing was lost.
    expect((await call(env.app, { url: '/base/calendar/v1/sessionTimes', token: admin })).body.data).toEqual(list);
  });

  it("keeps another school's semesters and session times out of reach", async () => {
    const s = (await save({ name: 'Private (test)', startDate: '2026-09-01', weekCount: 5 })).body.data;
    const b = (await call<Semester[]>(env.app, { url: '/base/calendar/v1/list', token: admin2 })).body.data;
    expect(b.map((x) => x.id)).not.toContain(s.id);
    for (const url of [`/base/calendar/getClendarInWeek?id=${s.id}`, `/base/calendar/getClendarWeeks?id=${s.id}`]) {
      const r = await call(env.app, { url, token: admin2 });
      expect(r.status, url).toBe(404);
    }
    const edit = await save({ id: s.id, name: 'Taken over', startDate: '2027-01-01', weekCount: 3 }, admin2);
    expect(edit.status).toBe(404);
    const del = await call(env.app, { url: '/base/calendar/v1/delete', body: { id: s.id }, token: admin2 });
    expect(del.status).toBe(404);
    const [row] = await platformTx(db(), 'seed', (tx) => tx.select().from(semesters).where(eq(semesters.id, s.id)));
    expect(row).toMatchObject({ name: 'Private (test)', startDate: '2026-09-01', weekCount: 5 });

    // Session times are per school: B saving its own leaves A's untouched.
    const before = await platformTx(db(), 'seed', (tx) => tx.select().from(sessionTimes).where(eq(sessionTimes.schoolId, env.schoolA.schoolId)).orderBy(sessionTimes.sessionNo));
    const r = await call(env.app, { url: '/base/calendar/v1/sessionTimes/save', body: { list: [{ sessionNo: 1, start: '07:00', end: '07:50' }] }, token: admin2 });
    expect(r.body.code).toBe(1);
    const after = await platformTx(db(), 'seed', (tx) => tx.select().from(sessionTimes).where(eq(sessionTimes.schoolId, env.schoolA.schoolId)).orderBy(sessionTimes.sessionNo));
    expect(after).toEqual(before);
    expect((await call(env.app, { url: '/base/calendar/v1/sessionTimes', token: admin2 })).body.data).toEqual([{ sessionNo: 1, start: '07:00', end: '07:50' }]);
  });

  it('refuses every change to a teacher', async () => {
    const [s] = await platformTx(db(), 'seed', (tx) => tx.select().from(semesters).where(eq(semesters.schoolId, env.schoolA.schoolId)).limit(1));
    const attempts: [string, unknown][] = [
      ['/base/calendar/v1/saveOrUpdate', { name: 'Sneaky', startDate: '2026-09-01', weekCount: 3 }],
      ['/base/calendar/v1/saveOrUpdate', { id: s!.id, name: 'Sneaky', startDate: '2026-09-01', weekCount: 3 }],
      ['/base/calendar/v1/delete', { id: s!.id }],
      ['/base/calendar/v1/sessionTimes/save', { list: [] }],
    ];
    for (const [url, body] of attempts) {
      const r = await call(env.app, { url, body, token: teacher });
      expect(r.status, url).toBe(403);
      expect(r.body.errorKey, url).toBe('auth.forbidden');
    }
    const [same] = await platformTx(db(), 'seed', (tx) => tx.select().from(semesters).where(eq(semesters.id, s!.id)));
    expect(same).toEqual(s);
  });
});

