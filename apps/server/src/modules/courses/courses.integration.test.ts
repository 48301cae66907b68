import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildings, classrooms, courseSessions, courses, orgUnits, schoolSettings, warnings } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

type Slot = { weekFrom: number; weekTo: number; parity: string; weekday: number; sessionStart: number; sessionEnd: number; classroomId: string | null; classroomName: string | null };
type Course = { id: string; code: string; name: string; teacherId: string; teacherName: string; orgUnitId: string | null; orgUnitName: string | null; sessionCount: number; slots: Slot[]; state: string | null };
type Page = { list: Course[]; total: number };
type Entry = { courseSessionId: string; courseId: string; courseName: string; weekday: number; sessionStart: number; sessionEnd: number; startTime: string | null; endTime: string | null; state: string | null; classroomName: string | null };
type Timetable = { week: number; today: string; dates: string[]; sessions: unknown[]; cells: { weekday: number; sessionStart: number; entries: Entry[] }[] };

const P = '/app/ddxk/course/v1';

describe.each(DRIVERS)('courses and timetable on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let teacher: string;
  let semesterId: string;
  let semesterB: string;
  let college: string;
  let dept: string;
  let otherDept: string;
  let rooms: string[];
  let teacherId: string;
  let supervisorId: string;
  const db = () => env.dbh.db;
  const at = (iso: string) => {
    env.clock.now = new Date(iso);
  };

  beforeAll(async () => {
    env = await createTestEnv(driver);
    // Wednesday 2030-11-27 10:20 in Shanghai: week 13 of a semester starting 2030-09-02 (far from the seeded one).
    at('2030-11-27T02:20:00Z');
    admin = await loginAs(env.app, 'admin');
    admin2 = await loginAs(env.app, 'admin2');
    teacher = await loginAs(env.app, 'teacher');
    teacherId = env.schoolA.users.teacher!.id;
    supervisorId = env.schoolA.users.supervisor!.id;
    const A = env.schoolA.schoolId;
    ({ college, dept, otherDept, rooms } = await platformTx(db(), 'seed', async (tx) => {
      const [root] = await tx.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.schoolId, A)).orderBy(orgUnits.id).limit(1);
      const [c] = await tx.insert(orgUnits).values({ schoolId: A, parentId: root!.id, name: 'Test College', kind: 'college' }).returning();
      const [d] = await tx.insert(orgUnits).values({ schoolId: A, parentId: c!.id, name: 'Test Physics', kind: 'department' }).returning();
      const [o] = await tx.insert(orgUnits).values({ schoolId: A, parentId: root!.id, name: 'Test Arts', kind: 'department' }).returning();
      const [b] = await tx.insert(buildings).values({ schoolId: A, name: 'Test Hall' }).returning();
      const rs = await tx.insert(classrooms).values([101, 102].map((n) => ({ schoolId: A, buildingId: b!.id, floor: 1, name: `T${n}` }))).returning();
      await tx.insert(schoolSettings).values({ schoolId: A, waitingMinutes: 10 }).onConflictDoUpdate({ target: schoolSettings.schoolId, set: { waitingMinutes: 10 } });
      return { college: c!.id, dept: d!.id, otherDept: o!.id, rooms: rs.map((r) => r.id) };
    }));
    const s = await call<{ id: string }>(env.app, { url: '/base/calendar/v1/saveOrUpdate', body: { name: 'Courses (test)', startDate: '2030-09-02', weekCount: 18 }, token: admin });
    semesterId = s.body.data.id;
    semesterB = (await call<{ id: string }>(env.app, { url: '/base/calendar/v1/saveOrUpdate', body: { name: 'B (test)', startDate: '2030-09-02', weekCount: 18 }, token: admin2 })).body.data.id;
    const times = [['08:00', '08:45'], ['08:55', '09:40'], ['10:00', '10:45'], ['10:55', '11:40'], ['14:00', '14:45']].map(([start, end], i) => ({ sessionNo: i + 1, start, end }));
    expect((await call(env.app, { url: '/base/calendar/v1/sessionTimes/save', body: { list: times }, token: admin })).body.code).toBe(1);
  });
  afterAll(async () => {
    await env?.close();
  });

  const save = (body: Record<string, unknown>, token = admin, lang = 'en') => call<Course>(env.app, { url: `${P}/saveOrUpdate`, body: { semesterId, teacherId, ...body }, token, headers: { language: lang } });
  const page = async (filters: Record<string, unknown>) => (await call<Page>(env.app, { url: `${P}/page`, body: { pageNum: 1, pageSize: 50, semesterId, ...filters }, token: admin })).body.data;

  it('adds a course with odd-week sessions and returns it with its timetable lines', async () => {
    const r = await save({
      name: 'Mechanics', code: 'PHY-101', orgUnitId: dept, teachingClass: 'Physics 2026-1', studentCount: 40,
      slots: [{ weekFrom: 1, weekTo: 15, parity: 'odd', weekday: 3, sessionStart: 3, sessionEnd: 4, classroomId: rooms[0] }, { weekFrom: 1, weekTo: 16, weekday: 1, sessionStart: 1, sessionEnd: 2 }],
    });
    expect(r.body.code).toBe(1);
    expect(r.body.data).toMatchObject({ code: 'PHY-101', orgUnitName: 'Test Physics', teacherName: expect.any(String), sessionCount: 8 + 16 });
    expect(r.body.data.slots).toEqual([
      { weekFrom: 1, weekTo: 16, parity: 'all', weekday: 1, sessionStart: 1, sessionEnd: 2, classroomId: null, classroomName: null },
      { weekFrom: 1, weekTo: 15, parity: 'odd', weekday: 3, sessionStart: 3, sessionEnd: 4, classroomId: rooms[0], classroomName: 'Test Hall T101' },
    ]);
    // Week 13 Wednesday is 2030-11-27, 10:20: the class is on.
    expect(r.body.data.state).toBe('inClass');
    const rows = await platformTx(db(), 'seed', (tx) => tx.select().from(courseSessions).where(eq(courseSessions.courseId, r.body.data.id)).orderBy(courseSessions.week, courseSessions.weekday));
    expect(rows.find((x) => x.week === 13 && x.weekday === 3)?.lessonDate).toBe('2030-11-27');
    expect(rows.find((x) => x.week === 1 && x.weekday === 1)?.lessonDate).toBe('2030-09-02');

    const one = await call<Course>(env.app, { url: `${P}/getInfoById?id=${r.body.data.id}`, token: admin });
    expect(one.body.data.slots).toEqual(r.body.data.slots);
  });

  it('keeps session ids that did not change when the timetable is edited', async () => {
    const c = (await page({ keyword: 'PHY-101' })).list[0]!;
    const before = await platformTx(db(), 'seed', (tx) => tx.select().from(courseSessions).where(eq(courseSessions.courseId, c.id)));
    const wed13 = before.find((x) => x.week === 13 && x.weekday === 3)!;
    const r = await save({ id: c.id, name: 'Mechanics', code: 'PHY-101', orgUnitId: dept, studentCount: 40, slots: [{ weekFrom: 1, weekTo: 15, parity: 'odd', weekday: 3, sessionStart: 3, sessionEnd: 4, classroomId: rooms[1] }] });
    expect(r.body.data.sessionCount).toBe(8);
    const after = await platformTx(db(), 'seed', (tx) => tx.select().from(courseSessions).where(eq(courseSessions.courseId, c.id)));
    expect(after.find((x) => x.week === 13 && x.weekday === 3)).toMatchObject({ id: wed13.id, classroomId: rooms[1] });
    // Back to room 1 for the tests below.
    await save({ id: c.id, name: 'Mechanics', code: 'PHY-101', orgUnitId: dept, studentCount: 40, slots: [{ weekFrom: 1, weekTo: 15, parity: 'odd', weekday: 3, sessionStart: 3, sessionEnd: 4, classroomId: rooms[0] }] });
  });

  it('refuses a room or a teacher booked twice, naming the clash', async () => {
    const room = await save({ name: 'Optics', code: 'PHY-102', teacherId: supervisorId, slots: [{ weekFrom: 13, weekTo: 13, weekday: 3, sessionStart: 4, sessionEnd: 5, classroomId: rooms[0] }] });
    expect(room.status).toBe(409);
    expect(room.body).toMatchObject({ errorKey: 'course.roomClash', msg: 'Room clash: Test Hall T101 already has "Mechanics" in week 13, Wednesday, sessions 4.' });
    const zh = await save({ name: 'Optics', code: 'PHY-102', teacherId: supervisorId, slots: [{ weekFrom: 13, weekTo: 13, weekday: 3, sessionStart: 4, sessionEnd: 5, classroomId: rooms[0] }] }, admin, 'zh');
    expect(zh.body.msg).toBe('教室冲突：Test Hall T101 在第 13 周星期三第 4 节已安排《Mechanics》');
    const teacherClash = await save({ name: 'Waves', code: 'PHY-103', slots: [{ weekFrom: 2, weekTo: 6, weekday: 3, sessionStart: 2, sessionEnd: 3, classroomId: rooms[1] }] });
    expect(teacherClash.status).toBe(409);
    expect(teacherClash.body.errorKey).toBe('course.teacherClash');
    expect(teacherClash.body.msg).toMatch(/^Teacher clash: .+ already teaches "Mechanics" in week 3, Wednesday, sessions 3\.$/);
    const self = await save({ name: 'Waves', code: 'PHY-103', slots: [{ weekFrom: 1, weekTo: 2, weekday: 2, sessionStart: 1, sessionEnd: 2 }, { weekFrom: 2, weekTo: 2, weekday: 2, sessionStart: 2, sessionEnd: 3 }] });
    expect(self.body).toMatchObject({ errorKey: 'course.slotOverlap' });
    // Nothing was written by the refused saves.
    expect((await page({ keyword: 'PHY-10' })).list.map((c) => c.code)).toEqual(['PHY-101']);
    // Even weeks do not clash with odd ones; another room at the same time is fine.
    const ok = await save({ name: 'Optics', code: 'PHY-102', teacherId: supervisorId, orgUnitId: otherDept, slots: [{ weekFrom: 2, weekTo: 16, parity: 'even', weekday: 3, sessionStart: 3, sessionEnd: 4, classroomId: rooms[0] }, { weekFrom: 13, weekTo: 13, weekday: 3, sessionStart: 3, sessionEnd: 3, classroomId: rooms[1] }] });
    expect(ok.body.code).toBe(1);
  });

  it('refuses bad courses with clear messages', async () => {
    const dup = await save({ name: 'Copy', code: 'PHY-101' }, admin, 'ja');
    expect(dup.body).toMatchObject({ errorKey: 'course.codeTaken', msg: '授業コード PHY-101 はこの学期で既に使われています。' });
    const outsider = await save({ name: 'X', code: 'X-1', teacherId: env.schoolB.users.teacher!.id });
    expect(outsider.body).toMatchObject({ errorKey: 'course.teacherNotMember', msg: 'The teacher must be a member of this school.' });
    const weeks = await save({ name: 'X', code: 'X-1', slots: [{ weekFrom: 17, weekTo: 19, weekday: 1, sessionStart: 1, sessionEnd: 1 }] });
    expect(weeks.body).toMatchObject({ errorKey: 'course.weekOutOfRange', msg: 'A teaching week is outside the semester (18 weeks).' });
    for (const slot of [{ weekFrom: 5, weekTo: 3, weekday: 1, sessionStart: 1, sessionEnd: 1 }, { weekFrom: 1, weekTo: 1, weekday: 8, sessionStart: 1, sessionEnd: 1 }, { weekFrom: 1, weekTo: 1, weekday: 1, sessionStart: 3, sessionEnd: 2 }]) {
      const r = await save({ name: 'X', code: 'X-1', slots: [slot] });
      expect(r.status, JSON.stringify(slot)).toBe(400);
      expect(r.body.errorKey).toBe('common.validation');
    }
    const room = await save({ name: 'X', code: 'X-1', slots: [{ weekFrom: 1, weekTo: 1, weekday: 1, sessionStart: 1, sessionEnd: 1, classroomId: '999999999' }] });
    expect(room.status).toBe(404);
    expect((await save({ name: 'X', code: 'X-1', studentCount: -1 })).status).toBe(400);
  });

  it('filters the course list by department (with sub-units), teacher, keyword, week, weekday, session and room', async () => {
    expect((await page({ orgUnitId: college })).list.map((c) => c.code)).toEqual(['PHY-101']);
    expect((await page({ orgUnitId: otherDept })).list.map((c) => c.code)).toEqual(['PHY-102']);
    expect((await page({ teacherId: supervisorId })).list.map((c) => c.code)).toEqual(['PHY-102']);
    expect((await page({ keyword: 'mech' })).list.map((c) => c.code)).toEqual(['PHY-101']);
    expect((await page({ keyword: 'phy-10' })).total).toBe(2);
    expect((await page({ week: 2 })).list.map((c) => c.code)).toEqual(['PHY-102']);
    expect((await page({ week: 13, weekday: 3, session: 3 })).list.map((c) => c.code)).toEqual(['PHY-101', 'PHY-102']);
    expect((await page({ weekday: 1 })).total).toBe(0);
    expect((await page({ classroomId: rooms[1] })).list.map((c) => c.code)).toEqual(['PHY-102']);
    const paged = (await call<Page>(env.app, { url: `${P}/page`, body: { pageNum: 2, pageSize: 1, semesterId, keyword: 'PHY' }, token: admin })).body.data;
    expect(paged).toMatchObject({ total: 2, list: [expect.objectContaining({ code: 'PHY-102' })] });
    // A page past the end still tells how many there are (no row of the page carries it).
    const past = (await call<Page>(env.app, { url: `${P}/page`, body: { pageNum: 5, pageSize: 1, semesterId, keyword: 'PHY' }, token: admin })).body.data;
    expect(past).toMatchObject({ total: 2, list: [] });
    expect(Object.keys(paged.list[0]!)).not.toContain('total');
  });

  it('shows the week view by room, teacher and department, with each class state', async () => {
    const tt = (body: Record<string, unknown>) => call<Timetable>(env.app, { url: `${P}/timetable`, body: { semesterId, week: 13, ...body }, token: admin });
    const room = (await tt({ classroomId: rooms[0] })).body.data;
    expect(room).toMatchObject({ week: 13, today: '2030-11-27', dates: expect.arrayContaining(['2030-11-25', '2030-12-01']) });
    expect(room.cells).toEqual([{ weekday: 3, sessionStart: 3, entries: [expect.objectContaining({ courseName: 'Mechanics', sessionEnd: 4, startTime: '10:00', endTime: '11:40', state: 'inClass', classroomName: 'Test Hall T101' })] }]);
    const mine = (await tt({ teacherId })).body.data;
    expect(mine.cells.flatMap((c) => c.entries.map((e) => e.courseName))).toEqual(['Mechanics']);
    const arts = (await tt({ orgUnitId: otherDept })).body.data;
    expect(arts.cells.flatMap((c) => c.entries.map((e) => [e.courseName, e.state]))).toEqual([['Optics', 'inClass']]);
    expect((await tt({ week: 2, classroomId: rooms[0] })).body.data.cells[0]!.entries[0]).toMatchObject({ courseName: 'Optics', state: 'ended' });
    expect((await tt({ week: 19 })).status).toBe(400);
  });

  it("shows today's classes with their state as the clock moves, and a warning in progress", async () => {
    const day = async () => (await call<{ date: string; list: Entry[] }>(env.app, { url: `${P}/day?classroomId=${rooms[0]}`, token: admin })).body.data;
    const states = async () => (await day()).list.map((e) => [e.courseName, e.state]);
    at('2030-11-27T01:45:00Z'); // 09:45
    expect(await states()).toEqual([['Mechanics', 'notStarted']]);
    at('2030-11-27T01:52:00Z'); // 09:52
    expect(await states()).toEqual([['Mechanics', 'waiting']]);
    at('2030-11-27T02:20:00Z'); // 10:20
    const today = await day();
    expect(today.date).toBe('2030-11-27');
    const sessionId = today.list[0]!.courseSessionId;
    await platformTx(db(), 'seed', (tx) => tx.insert(warnings).values({ schoolId: env.schoolA.schoolId, courseSessionId: sessionId, classroomId: rooms[0], level: 'moderate', kind: 'noise' }));
    expect(await states()).toEqual([['Mechanics', 'warning']]);
    expect((await page({ keyword: 'PHY-101' })).list[0]!.state).toBe('warning');
    await platformTx(db(), 'seed', (tx) => tx.update(warnings).set({ endedAt: new Date() }).where(eq(warnings.courseSessionId, sessionId)));
    expect(await states()).toEqual([['Mechanics', 'inClass']]);
    at('2030-11-27T03:40:00Z'); // 11:40
    expect(await states()).toEqual([['Mechanics', 'ended']]);
    at('2030-11-27T02:20:00Z');
    // Another day: none of today's classes.
    expect((await call<{ list: Entry[] }>(env.app, { url: `${P}/day?date=2030-11-28&classroomId=${rooms[0]}`, token: admin })).body.data.list).toEqual([]);
  });

  it('gives the pickers: departments, rooms and teachers by name', async () => {
    const o = (await call<{ units: { id: string }[]; classrooms: { id: string; name: string; buildingName: string }[] }>(env.app, { url: `${P}/options`, token: admin })).body.data;
    expect(o.units.map((u) => u.id)).toEqual(expect.arrayContaining([college, dept, otherDept]));
    expect(o.classrooms).toEqual(expect.arrayContaining([{ id: rooms[0], name: 'T101', buildingName: 'Test Hall' }]));
    const t = (await call<{ id: string; account: string }[]>(env.app, { url: `${P}/teacherOptions?keyword=teacher`, token: admin })).body.data;
    expect(t.map((x) => x.id)).toContain(teacherId);
    expect(t.map((x) => x.id)).not.toContain(env.schoolB.users.teacher!.id);
    expect((await call<{ id: string }[]>(env.app, { url: `${P}/teacherOptions?id=${supervisorId}`, token: admin })).body.data.map((x) => x.id)).toEqual([supervisorId]);
  });

  it("keeps another school's courses and sessions out of reach", async () => {
    const c = (await page({ keyword: 'PHY-101' })).list[0]!;
    const snapshot = async () => platformTx(db(), 'seed', async (tx) => ({
      course: await tx.select().from(courses).where(eq(courses.id, c.id)),
      sessions: await tx.select().from(courseSessions).where(eq(courseSessions.courseId, c.id)).orderBy(courseSessions.id),
    }));
    const before = await snapshot();
    const get = await call(env.app, { url: `${P}/getInfoById?id=${c.id}`, token: admin2 });
    expect(get.status).toBe(404);
    const edit = await call(env.app, { url: `${P}/saveOrUpdate`, body: { id: c.id, semesterId: semesterB, name: 'Taken', code: 'T-1', teacherId: env.schoolB.users.teacher!.id }, token: admin2 });
    expect(edit.status).toBe(404);
    // B cannot put its course in A's semester, room or department either.
    const intoA = await call(env.app, { url: `${P}/saveOrUpdate`, body: { semesterId, name: 'In A', code: 'T-2', teacherId: env.schoolB.users.teacher!.id }, token: admin2 });
    expect(intoA.status).toBe(404);
    const roomA = await call(env.app, { url: `${P}/saveOrUpdate`, body: { semesterId: semesterB, name: 'In A', code: 'T-2', teacherId: env.schoolB.users.teacher!.id, slots: [{ weekFrom: 1, weekTo: 1, weekday: 1, sessionStart: 1, sessionEnd: 1, classroomId: rooms[0] }] }, token: admin2 });
    expect(roomA.status).toBe(404);
    const unitA = await call(env.app, { url: `${P}/saveOrUpdate`, body: { semesterId: semesterB, name: 'In A', code: 'T-2', teacherId: env.schoolB.users.teacher!.id, orgUnitId: dept }, token: admin2 });
    expect(unitA.status).toBe(404);
    const del = await call(env.app, { url: `${P}/deleteByIds`, body: { ids: [c.id] }, token: admin2 });
    expect(del.status).toBe(404);
    expect((await call(env.app, { url: `${P}/timetable`, body: { semesterId, week: 13 }, token: admin2 })).status).toBe(404);
    const listB = (await call<Page>(env.app, { url: `${P}/page`, body: { pageNum: 1, pageSize: 100, keyword: 'PHY' }, token: admin2 })).body.data;
    expect(listB.total).toBe(0);
    const dayB = (await call<{ list: Entry[] }>(env.app, { url: `${P}/day?date=2030-11-27`, token: admin2 })).body.data.list;
    expect(dayB.map((e) => e.courseId)).not.toContain(c.id);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses the schedule screens and every change to a teacher', async () => {
    const c = (await page({ keyword: 'PHY-101' })).list[0]!;
    const attempts: [string, unknown?][] = [
      [`${P}/page`, { pageNum: 1, pageSize: 10 }],
      [`${P}/getInfoById?id=${c.id}`],
      [`${P}/saveOrUpdate`, { semesterId, name: 'Mine', code: 'MINE-1', teacherId }],
      [`${P}/saveOrUpdate`, { id: c.id, semesterId, name: 'Mine', code: 'PHY-101', teacherId }],
      [`${P}/deleteByIds`, { ids: [c.id] }],
      [`${P}/timetable`, { semesterId, week: 1 }],
      [`${P}/day`],
      [`${P}/options`],
      [`${P}/teacherOptions`],
    ];
    for (const [url, body] of attempts) {
      const r = await call(env.app, { url, body, token: teacher });
      expect(r.status, url).toBe(403);
    }
    expect((await call<Course>(env.app, { url: `${P}/getInfoById?id=${c.id}`, token: admin })).body.data.name).toBe('Mechanics');
  });

  it('deletes courses with their sessions', async () => {
    const list = (await page({ keyword: 'PHY' })).list;
    const r = await call(env.app, { url: `${P}/deleteByIds`, body: { ids: list.map((c) => c.id) }, token: admin });
    expect(r.body.code).toBe(1);
    expect((await page({ keyword: 'PHY' })).total).toBe(0);
    const left = await platformTx(db(), 'seed', (tx) => tx.select().from(courseSessions).where(eq(courseSessions.courseId, list[0]!.id)));
    expect(left).toEqual([]);
    expect((await call(env.app, { url: `${P}/deleteByIds`, body: { ids: [list[0]!.id] }, token: admin })).status).toBe(404);
  });
});
