import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedClock, type TPatrolRoomsRequest, type TPatrolRoomsResponse, type TPatrolTree } from '@hxk/contracts';
import {
  cameras, courseSessions, courses, memberScopeTeachers, orgUnits, schoolMemberships, supervisionGroups, supervisionGroupTeachers, warnings,
} from '../../db/schema/index.ts';
import { DEMO_SESSION_TIMES } from '../../db/seed/directory.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

/** The instant when the school's clock (time zone `tz`) shows `date` at `minute` after midnight. */
function atSchoolTime(date: string, minute: number, tz: string): Date {
  let t = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
  for (let i = 0; i < 3; i++) {
    const z = zonedClock(new Date(t), tz);
    t -= ((Date.parse(`${z.date}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 60_000 + z.minute - minute) * 60_000;
  }
  return new Date(t);
}

describe.each(DRIVERS)('patrol wall on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let supervisor: string;
  let teacher: string;
  let supervisorId: string;
  const en = { language: 'en' };
  const seed = <T>(fn: Parameters<typeof platformTx<T>>[2]) => platformTx(env.dbh.db, 'seed', fn);
  const rooms = () => env.schoolA.directory.classrooms;
  const ids = (r: { list: { classroomId: string }[] }) => r.list.map((x) => x.classroomId);
  const wall = (token: string, body: TPatrolRoomsRequest = {}) =>
    call<TPatrolRoomsResponse>(env.app, { url: '/app/live/v1/patrol/rooms', body, token, headers: en });
  const tree = (token: string) => call<TPatrolTree>(env.app, { method: 'GET', url: '/app/live/v1/patrol/tree', token, headers: en });

  beforeAll(async () => {
    env = await createTestEnv(driver);
    supervisorId = env.schoolA.users.supervisor!.id;

    // The school clock: today, five minutes into session 3. Room 0 and room 1 hold class then, room 2 does not.
    // Sign in after moving the clock: it may move hours ahead (after midnight in the school's zone), past a session's idle limit.
    const tz = env.config.schoolTimezone;
    const today = zonedClock(env.clock.now, tz).date;
    env.clock.now = atSchoolTime(today, DEMO_SESSION_TIMES[2]![0] + 5, tz);
    [admin, admin2, supervisor, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'supervisor'), loginAs(env.app, 'teacher')]);
    const { courses: list, classrooms } = env.schoolA.directory;
    const other = list.find((c) => c.teacherId !== list[0]!.teacherId)!;
    await seed(async (tx) => {
      const schoolId = env.schoolA.schoolId;
      await tx.insert(courseSessions).values([
        { schoolId, courseId: list[0]!.id, classroomId: classrooms[0]!.id, week: 60, weekday: 1, sessionStart: 3, sessionEnd: 4, lessonDate: today },
        { schoolId, courseId: other.id, classroomId: classrooms[1]!.id, week: 60, weekday: 1, sessionStart: 3, sessionEnd: 4, lessonDate: today },
        // Later today: room 2 waits for no one now.
        { schoolId, courseId: list[0]!.id, classroomId: classrooms[2]!.id, week: 59, weekday: 1, sessionStart: 7, sessionEnd: 8, lessonDate: today },
      ]);
      await tx.update(cameras).set({ status: 'online' }).where(eq(cameras.schoolId, schoolId));
      // Room 2: every camera offline.
      await tx.update(cameras).set({ status: 'offline' }).where(and(eq(cameras.schoolId, schoolId), inArray(cameras.id, classrooms[2]!.cameraIds)));
      // Room 1: the composite camera offline, the others on.
      await tx.update(cameras).set({ status: 'offline' }).where(and(eq(cameras.schoolId, schoolId), eq(cameras.id, classrooms[1]!.cameraIds[0]!)));
    });
  });
  afterAll(async () => env?.close());

  it('shows an administrator every room of the school, by classroom, with cameras and the class now', async () => {
    const r = await wall(admin, { view: 'classroom', pageSize: 10 });
    expect(r.status).toBe(200);
    const data = r.body.data;
    expect(data.total).toBe(rooms().length);
    expect(new Set(ids(data))).toEqual(new Set(rooms().map((x) => x.id)));
    expect(data.counts).toEqual({ all: 3, online: 2, inClass: 2, warning: 0 });

    const [r0, r1, r2] = rooms().map((room) => data.list.find((x) => x.classroomId === room.id)!);
    expect(r0).toMatchObject({ name: rooms()[0]!.name, buildingName: 'Teaching Building A', floor: 1, online: true, playCameraId: rooms()[0]!.cameraIds[0], warning: null });
    expect(r0!.cameras.map((c) => c.cameraId)).toEqual(rooms()[0]!.cameraIds);
    expect(r0!.cameras[0]).toMatchObject({ frame: 'composite', status: 'online' });
    expect(r0!.course).toMatchObject({ state: 'inClass', startTime: '10:00', endTime: '11:40' });
    expect(r0!.course!.teacherName).toBeTruthy();
    // The composite camera is offline: the tile plays the next camera.
    expect(r1).toMatchObject({ online: true, playCameraId: rooms()[1]!.cameraIds[1] });
    expect(r1!.course?.state).toBe('inClass');
    expect(r2).toMatchObject({ online: false, course: null });
  });

  it('gives the tree of rooms in reach, and keeps the chosen rooms only', async () => {
    const t = await tree(admin);
    expect(t.status).toBe(200);
    expect(t.body.data).toHaveLength(1);
    expect(t.body.data[0]!.floors.flatMap((f) => f.rooms.map((r) => [r.classroomId, r.online]))).toEqual(rooms().map((r, i) => [r.id, i !== 2]));

    const chosen = await wall(admin, { view: 'classroom', classroomIds: [rooms()[2]!.id, rooms()[0]!.id] });
    expect(ids(chosen.body.data)).toEqual([rooms()[0]!.id, rooms()[2]!.id]);
    expect(chosen.body.data.counts.all).toBe(2);
  });

  it('filters online, in class and warning rooms, warnings first in rotation order', async () => {
    const online = await wall(admin, { filter: 'online', pageSize: 10 });
    expect(ids(online.body.data)).toEqual([rooms()[0]!.id, rooms()[1]!.id]);
    const inClass = await wall(admin, { filter: 'inClass', pageSize: 10 });
    expect(ids(inClass.body.data)).toEqual([rooms()[0]!.id, rooms()[1]!.id]);

    const meeting = (await seed((tx) => tx.select({ id: courseSessions.id }).from(courseSessions)
      .where(and(eq(courseSessions.classroomId, rooms()[1]!.id), eq(courseSessions.week, 60)))))[0]!.id;
    await seed((tx) => tx.insert(warnings).values([
      { schoolId: env.schoolA.schoolId, classroomId: rooms()[2]!.id, level: 'mild', kind: 'noise', message: 'Loud' },
      { schoolId: env.schoolA.schoolId, courseSessionId: meeting, level: 'severe', kind: 'absentTeacher', message: null },
      { schoolId: env.schoolA.schoolId, courseSessionId: meeting, level: 'moderate', kind: 'phones', message: null },
      // Ended: no longer a warning.
      { schoolId: env.schoolA.schoolId, classroomId: rooms()[0]!.id, level: 'severe', kind: 'old', endedAt: new Date(env.clock.now.getTime() - 60_000) },
    ]));

    const all = await wall(admin, { pageSize: 10 });
    expect(ids(all.body.data)).toEqual([rooms()[1]!.id, rooms()[2]!.id, rooms()[0]!.id]);
    expect(all.body.data.counts).toEqual({ all: 3, online: 2, inClass: 2, warning: 2 });
    expect(all.body.data.list[0]!.warning).toEqual({ level: 'severe', kind: 'absentTeacher', message: null, count: 2 });
    // A warning on the class in progress makes its state "warning in progress".
    expect(all.body.data.list[0]!.course?.state).toBe('warning');
    expect(all.body.data.list[1]!.warning).toMatchObject({ level: 'mild', count: 1 });

    const warned = await wall(admin, { filter: 'warning' });
    expect(ids(warned.body.data)).toEqual([rooms()[1]!.id, rooms()[2]!.id]);
  });

  it('pages through the filtered rooms and wraps past the end', async () => {
    const p1 = await wall(admin, { pageSize: 2, pageNum: 1 });
    const p2 = await wall(admin, { pageSize: 2, pageNum: 2 });
    const p3 = await wall(admin, { pageSize: 2, pageNum: 3 });
    expect(p1.body.data).toMatchObject({ total: 3, pageNum: 1, pageCount: 2, pageSize: 2 });
    expect(ids(p1.body.data)).toEqual([rooms()[1]!.id, rooms()[2]!.id]);
    expect(ids(p2.body.data)).toEqual([rooms()[0]!.id]);
    expect(p3.body.data.pageNum).toBe(1);
    expect(ids(p3.body.data)).toEqual(ids(p1.body.data));
  });

  it('by course: the rooms whose class is in session now', async () => {
    const r = await wall(admin, { view: 'course', pageSize: 10 });
    expect(ids(r.body.data)).toEqual([rooms()[1]!.id, rooms()[0]!.id]);
    expect(r.body.data.counts).toEqual({ all: 2, online: 2, inClass: 2, warning: 1 });
    // After the session nothing is in class.
    env.clock.advance(2 * 3600);
    // A fresh sign-in: two hours on, the morning's session has passed its idle limit.
    const later = await loginAs(env.app, 'admin');
    expect((await wall(later, { view: 'course' })).body.data.total).toBe(0);
    env.clock.advance(-2 * 3600);
  });

  it('by supervision team: the rooms of my groups\' teachers and departments', async () => {
    // The administrator is in no supervision group and supervises the whole school: no team.
    expect((await wall(admin, { view: 'team' })).body.data.total).toBe(0);
    // The supervisor's inspection group covers the whole school.
    expect((await wall(supervisor, { view: 'team', pageSize: 10 })).body.data.total).toBe(3);

    // Narrow that group to one teacher of room 1: the team is then the science group's departments and that teacher.
    const [, inspection] = env.schoolA.directory.groupIds;
    const roomOneTeacher = (await seed((tx) => tx.select({ teacherId: courses.teacherId }).from(courseSessions)
      .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
      .where(eq(courseSessions.classroomId, rooms()[1]!.id))))[0]!.teacherId;
    await seed(async (tx) => {
      await tx.update(supervisionGroups).set({ scope: 'teachers' }).where(and(eq(supervisionGroups.schoolId, env.schoolA.schoolId), eq(supervisionGroups.id, inspection!)));
      await tx.insert(supervisionGroupTeachers).values({ schoolId: env.schoolA.schoolId, groupId: inspection!, teacherId: roomOneTeacher });
    });
    // Expected: rooms where a course of a department under the College of Science, or of that teacher, holds class.
    const college = (await seed((tx) => tx.select({ id: orgUnits.id }).from(orgUnits)
      .where(and(eq(orgUnits.schoolId, env.schoolA.schoolId), eq(orgUnits.name, 'College of Science')))))[0]!.id;
    const expected = new Set((await seed((tx) => tx.select({ room: courseSessions.classroomId, teacher: courses.teacherId, parent: orgUnits.parentId }).from(courseSessions)
      .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
      .innerJoin(orgUnits, and(eq(orgUnits.schoolId, courses.schoolId), eq(orgUnits.id, courses.orgUnitId)))
      .where(eq(courseSessions.schoolId, env.schoolA.schoolId))))
      .filter((x) => x.parent === college || x.teacher === roomOneTeacher).map((x) => x.room));
    const team = await wall(supervisor, { view: 'team', pageSize: 10 });
    expect(new Set(ids(team.body.data))).toEqual(expected);
    expect(ids(team.body.data)).toContain(rooms()[1]!.id);

    // The science group narrowed to teachers too (none): only that teacher's rooms remain.
    const [science] = env.schoolA.directory.groupIds;
    await seed((tx) => tx.update(supervisionGroups).set({ scope: 'teachers' }).where(and(eq(supervisionGroups.schoolId, env.schoolA.schoolId), eq(supervisionGroups.id, science!))));
    const narrow = await wall(supervisor, { view: 'team', pageSize: 10 });
    expect(new Set(ids(narrow.body.data))).toEqual(new Set([rooms()[0]!.id, rooms()[1]!.id]));
    expect(narrow.body.data.counts.all).toBe(2);
  });

  it('shows an out-of-scope supervisor fewer rooms: only where their selected teachers hold class', async () => {
    const demoTeacher = env.schoolA.users.teacher!.id;
    await seed(async (tx) => {
      await tx.update(schoolMemberships).set({ teacherScope: 'selected' })
        .where(and(eq(schoolMemberships.schoolId, env.schoolA.schoolId), eq(schoolMemberships.accountId, supervisorId)));
      await tx.insert(memberScopeTeachers).values({ schoolId: env.schoolA.schoolId, accountId: supervisorId, teacherId: demoTeacher });
    });
    const r = await wall(supervisor, { pageSize: 10 });
    expect(ids(r.body.data)).toEqual([rooms()[2]!.id, rooms()[0]!.id]);
    expect(r.body.data.counts.all).toBe(2);
    // Choosing a room outside the scope shows nothing.
    expect((await wall(supervisor, { classroomIds: [rooms()[1]!.id] })).body.data.total).toBe(0);
    const t = await tree(supervisor);
    expect(t.body.data.flatMap((b) => b.floors.flatMap((f) => f.rooms.map((x) => x.classroomId)))).toEqual([rooms()[0]!.id, rooms()[2]!.id]);
  });

  it('never shows another school\'s rooms', async () => {
    const mine = new Set(rooms().map((r) => r.id));
    for (const view of ['classroom', 'course', 'team'] as const) {
      const r = await wall(admin2, { view, pageSize: 36 });
      expect(r.status).toBe(200);
      expect(ids(r.body.data).filter((id) => mine.has(id))).toEqual([]);
    }
    const all = await wall(admin2, { pageSize: 36 });
    expect(new Set(ids(all.body.data))).toEqual(new Set(env.schoolB.directory.classrooms.map((r) => r.id)));
    expect((await wall(admin2, { classroomIds: [...mine] })).body.data.total).toBe(0);
    const t = await tree(admin2);
    expect(t.body.data.flatMap((b) => b.floors.flatMap((f) => f.rooms.map((x) => x.classroomId))).filter((id) => mine.has(id))).toEqual([]);
  });

  it('refuses people without the patrol permission, and people without the patrol screen', async () => {
    await seed(async (tx) => {
      await tx.update(schoolMemberships).set({ realtimePatrol: false })
        .where(and(eq(schoolMemberships.schoolId, env.schoolA.schoolId), eq(schoolMemberships.accountId, supervisorId)));
      await tx.update(supervisionGroups).set({ realtimePatrol: false }).where(eq(supervisionGroups.schoolId, env.schoolA.schoolId));
    });
    const none = await wall(supervisor);
    expect(none.status).toBe(403);
    expect(none.body).toMatchObject({ errorKey: 'live.noPatrol', msg: 'You do not have the real-time patrol permission. Ask your administrator to grant it.' });
    expect((await tree(supervisor)).body.errorKey).toBe('live.noPatrol');

    const forbidden = await wall(teacher);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errorKey).toBe('auth.forbidden');
    expect((await tree(teacher)).status).toBe(403);
  });

  it('validates the request', async () => {
    for (const body of [{ view: 'building' }, { filter: 'busy' }, { pageSize: 37 }, { pageNum: 0 }, { classroomIds: ['x'] }]) {
      const bad = await call(env.app, { url: '/app/live/v1/patrol/rooms', body, token: admin, headers: en });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.errorKey).toBe('common.validation');
    }
  });
});
