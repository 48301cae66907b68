import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonDate, weekDates } from '@hxk/contracts';
import type { TUsageRoomDay, TUsageWeek } from '@hxk/contracts';
import { buildings, cameras, classrooms, courseSessions, recorders } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { demoName } from '../../db/seed/seed.ts';

describe.each(DRIVERS)('classroom usage on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let leader: string;
  let teacher: string;
  const en = { language: 'en' };
  const seed = <T>(fn: Parameters<typeof platformTx<T>>[2]) => platformTx(env.dbh.db, 'seed', fn);
  const week = (token: string, q: Record<string, string | number | undefined>) =>
    call<TUsageWeek>(env.app, { url: `/app/usage/v1/week?${new URLSearchParams(Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])))}`, token, headers: en });
  const roomDay = (token: string, q: Record<string, string>) =>
    call<TUsageRoomDay>(env.app, { url: `/app/usage/v1/room-day?${new URLSearchParams(q)}`, token, headers: en });
  const A = () => env.schoolA;
  const rooms = () => A().directory.classrooms;

  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, admin2, leader, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'leader'), loginAs(env.app, 'teacher')]);
  });
  afterAll(async () => env?.close());

  it('counts the sessions each room is timetabled per day of a week, with totals that match the timetable', async () => {
    // The test school's six courses meet twice a week in the first room: Monday to Wednesday, sessions 1-8.
    const r = await week(admin, { semesterId: A().directory.semesterId, week: 3 });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.week).toBe(3);
    expect(d.weekCount).toBe(20);
    expect(d.dates).toEqual(weekDates(A().directory.semesterStart, 3));
    expect(d.sessions).toHaveLength(10);
    expect(d.sessions[0]).toEqual({ sessionNo: 1, start: '08:00', end: '08:45' });
    expect(d.rooms.map((x) => x.id)).toEqual(rooms().map((x) => x.id));
    const [first, second] = d.rooms;
    expect(first).toMatchObject({ name: rooms()[0]!.name, usedByDay: [8, 8, 8, 0, 0, 0, 0], used: 24, total: 70, occupancy: 34.3 });
    expect(second).toMatchObject({ usedByDay: [0, 0, 0, 0, 0, 0, 0], used: 0, total: 70, occupancy: 0 });
    expect(d.totals).toEqual({ rooms: 3, usedByDay: [8, 8, 8, 0, 0, 0, 0], used: 24, total: 210, occupancy: 11.4 });
    // Rooms in use by day and session: one room in sessions 1-8 of Monday to Wednesday.
    expect(d.bySlot).toHaveLength(7);
    expect(d.bySlot[0]).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 0, 0]);
    expect(d.bySlot[3]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(first!.devices).toEqual({ camerasOnline: 0, camerasOffline: 0, camerasTotal: 4, recorder: 'unknown' });
  });

  it('counts a session shared by two classes once, and follows the devices\' status', async () => {
    const room = rooms()[1]!;
    const [c1, c2] = A().directory.courses;
    const start = A().directory.semesterStart;
    // Thursday of week 4: one class in sessions 2-3, another in 3-4 (the room is double-booked in session 3).
    await seed(async (tx) => {
      await tx.insert(courseSessions).values([
        { schoolId: A().schoolId, courseId: c1!.id, classroomId: room.id, week: 4, weekday: 4, sessionStart: 2, sessionEnd: 3, lessonDate: lessonDate(start, 4, 4) },
        { schoolId: A().schoolId, courseId: c2!.id, classroomId: room.id, week: 4, weekday: 4, sessionStart: 3, sessionEnd: 4, lessonDate: lessonDate(start, 4, 4) },
      ]);
      await tx.update(cameras).set({ status: 'online' }).where(and(eq(cameras.schoolId, A().schoolId), eq(cameras.classroomId, room.id)));
      await tx.update(cameras).set({ status: 'offline' }).where(and(eq(cameras.schoolId, A().schoolId), eq(cameras.id, room.cameraIds[0]!)));
      await tx.update(recorders).set({ status: 'offline' }).where(and(eq(recorders.schoolId, A().schoolId), eq(recorders.id, room.recorderId)));
    });
    const d = (await week(leader, { semesterId: A().directory.semesterId, week: 4 })).body.data;
    const row = d.rooms.find((x) => x.id === room.id)!;
    expect(row).toMatchObject({ usedByDay: [0, 0, 0, 3, 0, 0, 0], used: 3, occupancy: 4.3 });
    expect(row.devices).toEqual({ camerasOnline: 3, camerasOffline: 1, camerasTotal: 4, recorder: 'offline' });
    expect(d.bySlot[3]!.slice(0, 5)).toEqual([0, 1, 1, 1, 0]);
    expect(d.totals.used).toBe(27);

    const day = await roomDay(admin, { classroomId: room.id, date: lessonDate(start, 4, 4) });
    expect(day.status).toBe(200);
    expect(day.body.data.weekday).toBe(4);
    expect(day.body.data.classes).toHaveLength(2);
    expect(day.body.data.slots.map((s) => s.class?.sessionStart ?? null)).toEqual([null, 2, 2, 3, null, null, null, null, null, null]);
    expect(day.body.data.devices).toEqual({ camerasOnline: 3, camerasOffline: 1, camerasTotal: 4, recorder: 'offline' });
    expect(day.body.data.cameras.find((c) => c.id === room.cameraIds[0])?.status).toBe('offline');
  });

  it('shows a room\'s day: each session\'s class (course, teacher, times) or free', async () => {
    const room = rooms()[0]!;
    const monday = lessonDate(A().directory.semesterStart, 3, 1);
    const r = await roomDay(admin, { classroomId: room.id, date: monday });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.classroom).toMatchObject({ id: room.id, name: room.name, buildingName: 'Teaching Building A', floor: 1 });
    expect(d.slots).toHaveLength(10);
    expect(d.classes).toHaveLength(4);
    expect(d.classes[0]).toMatchObject({ sessionStart: 1, sessionEnd: 2, startTime: '08:00', endTime: '09:40', teacherName: demoName('teacher') });
    expect(d.slots[0]!.class?.courseSessionId).toBe(d.classes[0]!.courseSessionId);
    expect(d.slots[1]!.class?.courseSessionId).toBe(d.classes[0]!.courseSessionId);
    expect(d.slots[8]!.class).toBeNull();
    // A free day: every session free.
    const sunday = await roomDay(admin, { classroomId: room.id, date: lessonDate(A().directory.semesterStart, 3, 7) });
    expect(sunday.body.data.classes).toEqual([]);
    expect(sunday.body.data.slots.every((s) => s.class === null)).toBe(true);
  });

  it('filters by building', async () => {
    const start = A().directory.semesterStart;
    const [building] = await seed((tx) => tx.insert(buildings).values({ schoolId: A().schoolId, name: 'Laboratory Building', sort: 5 }).returning({ id: buildings.id }));
    const [lab] = await seed((tx) => tx.insert(classrooms).values({ schoolId: A().schoolId, buildingId: building!.id, floor: 2, name: 'L201' }).returning({ id: classrooms.id }));
    await seed((tx) => tx.insert(courseSessions).values({
      schoolId: A().schoolId, courseId: A().directory.courses[2]!.id, classroomId: lab!.id, week: 5, weekday: 6, sessionStart: 1, sessionEnd: 4, lessonDate: lessonDate(start, 5, 6),
    }));
    const all = (await week(admin, { semesterId: A().directory.semesterId, week: 5 })).body.data;
    expect(all.rooms.map((x) => x.name)).toEqual([...rooms().map((x) => x.name), 'L201']);
    expect(all.buildings.map((b) => b.name)).toEqual(['Teaching Building A', 'Laboratory Building']);
    expect(all.totals).toMatchObject({ rooms: 4, used: 28, total: 280 });

    const labOnly = await week(admin, { semesterId: A().directory.semesterId, week: 5, buildingId: building!.id });
    expect(labOnly.status).toBe(200);
    expect(labOnly.body.data.rooms.map((x) => x.name)).toEqual(['L201']);
    expect(labOnly.body.data.rooms[0]).toMatchObject({ usedByDay: [0, 0, 0, 0, 0, 4, 0], used: 4, occupancy: 5.7, devices: { camerasTotal: 0, recorder: null } });
    expect(labOnly.body.data.totals).toEqual({ rooms: 1, usedByDay: [0, 0, 0, 0, 0, 4, 0], used: 4, total: 70, occupancy: 5.7 });
    expect(labOnly.body.data.bySlot[5]!.slice(0, 5)).toEqual([1, 1, 1, 1, 0]);
    expect(labOnly.body.data.bySlot[0]!.every((n) => n === 0)).toBe(true);

    const teaching = (await week(admin, { semesterId: A().directory.semesterId, week: 5, buildingId: A().directory.buildingIds[0]! })).body.data;
    expect(teaching.rooms.map((x) => x.name)).toEqual(rooms().map((x) => x.name));
    expect(teaching.totals.used).toBe(24);

    // A disabled room is not counted.
    await seed((tx) => tx.update(classrooms).set({ enabled: false }).where(and(eq(classrooms.schoolId, A().schoolId), eq(classrooms.id, lab!.id))));
    expect((await week(admin, { semesterId: A().directory.semesterId, week: 5, buildingId: building!.id })).body.data.rooms).toEqual([]);
  });

  it('never shows another school\'s rooms, buildings or semesters', async () => {
    const mine = (await week(admin2, { semesterId: env.schoolB.directory.semesterId, week: 3 })).body.data;
    const aRooms = new Set(rooms().map((x) => x.id));
    expect(mine.rooms.length).toBe(env.schoolB.directory.classrooms.length);
    expect(mine.rooms.some((x) => aRooms.has(x.id))).toBe(false);
    expect(mine.buildings.map((b) => b.id)).toEqual(env.schoolB.directory.buildingIds);

    const semester = await week(admin2, { semesterId: A().directory.semesterId, week: 3 });
    expect(semester.status).toBe(404);
    expect(semester.body).toMatchObject({ errorKey: 'usage.semesterNotFound', msg: 'Semester not found.' });
    const building = await week(admin2, { semesterId: env.schoolB.directory.semesterId, week: 3, buildingId: A().directory.buildingIds[0]! });
    expect(building.status).toBe(404);
    expect(building.body.errorKey).toBe('usage.buildingNotFound');
    const room = await roomDay(admin2, { classroomId: rooms()[0]!.id, date: lessonDate(A().directory.semesterStart, 3, 1) });
    expect(room.status).toBe(404);
    expect(room.body).toMatchObject({ errorKey: 'usage.classroomNotFound', msg: 'Classroom not found.' });
  });

  it('refuses members without the screen, and invalid requests with localized errors', async () => {
    const forbidden = await week(teacher, { semesterId: A().directory.semesterId, week: 3 });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errorKey).toBe('auth.forbidden');
    expect((await roomDay(teacher, { classroomId: rooms()[0]!.id, date: '2026-01-05' })).status).toBe(403);

    const late = await week(admin, { semesterId: A().directory.semesterId, week: 21 });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ errorKey: 'usage.weekOutOfRange', msg: 'This semester has only 20 teaching weeks.' });
    const zh = await call(env.app, { url: `/app/usage/v1/week?semesterId=${A().directory.semesterId}&week=21`, token: admin, headers: { language: 'zh' } });
    expect(zh.body.msg).toBe('该学期只有 20 个教学周');
    for (const q of [{ semesterId: A().directory.semesterId, week: 0 }, { semesterId: 'x', week: 3 }, { week: 3 }, { semesterId: A().directory.semesterId, week: 3, buildingId: '-1' }]) {
      const bad = await week(admin, q);
      expect(bad.status).toBe(400);
      expect(bad.body.errorKey).toBe('common.validation');
    }
    const badDate = await roomDay(admin, { classroomId: rooms()[0]!.id, date: '2026-1-5' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.errorKey).toBe('common.validation');
    const missing = await week(admin, { semesterId: '999999999', week: 3 });
    expect(missing.status).toBe(404);
  });
});
