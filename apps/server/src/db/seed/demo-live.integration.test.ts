import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { addDays, lessonDate, type TClassEntry, type TUsageWeek } from '@hxk/contracts';

type TDayClasses = { date: string; list: TClassEntry[] };
import { cameras, warnings } from '../schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { seedDemoLive } from './demo-live.ts';

/** The demo's live data on the test school's three rooms: the first keeps its weekday timetable; the others get evening and weekend classes. */
describe.each(DRIVERS)('demo live classrooms on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let today: string;
  const layout = { extra: [1, 2], warned: 1, offline: 2 };
  const shanghai = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+08:00`);
  const day = (date: string) => call<TDayClasses>(env.app, { url: `/app/ddxk/course/v1/day?date=${date}`, token: admin });

  beforeAll(async () => {
    env = await createTestEnv(driver);
    // A Saturday of week 12, 10:05 school time (session 3 runs 10:00-10:45).
    today = lessonDate(env.schoolA.directory.semesterStart, 12, 6);
    env.clock.now = shanghai(today, '10:05');
    await platformTx(env.dbh.db, 'seed', (tx) => seedDemoLive(tx, env.schoolA, today, { now: env.clock.now, rooms: layout }));
    admin = await loginAs(env.app, 'admin');
  });
  afterAll(async () => env?.close());

  /** Moves the clock (a session does not outlive a jump of days: sign in again). */
  const at = async (date: string, hhmm: string) => {
    env.clock.now = shanghai(date, hhmm);
    admin = await loginAs(env.app, 'admin');
  };
  const inClass = (d: TDayClasses) => d.list.filter((c) => c.state === 'inClass' || c.state === 'warning').map((c) => ({ ...c, classroomName: c.classroomName?.replace('Teaching Building A ', '') ?? null }));

  it('has rooms in class during the sessions of a weekend day and of every evening', async () => {
    const saturday = (await day(today)).body.data;
    expect(inClass(saturday).map((c) => c.classroomName).sort()).toEqual(['A102', 'A103']);
    // The warned room's class under way carries the warning.
    expect(inClass(saturday).find((c) => c.classroomName === 'A102' && c.sessionStart === 3)?.state).toBe('warning');

    // Monday evening, 19:10: the evening classes only.
    const monday = addDays(today, 2);
    await at(monday, '19:10');
    const evening = (await day(monday)).body.data;
    expect(inClass(evening).map((c) => `${c.classroomName} ${c.courseName}`).sort()).toEqual(['A102 Evening Self-Study', 'A103 Exam Review Seminar']);
    // Monday 08:10: the weekday timetable of the first room.
    await at(monday, '08:10');
    expect(inClass((await day(monday)).body.data).map((c) => c.classroomName)).toEqual(['A101']);
  });

  it('books no room and no teacher twice', async () => {
    const usage = (await call<TUsageWeek>(env.app, { url: `/app/usage/v1/week?semesterId=${env.schoolA.directory.semesterId}&week=12`, token: admin })).body.data;
    // Evening: 7 days x 2 sessions; weekend: 2 days x 8 sessions.
    expect(usage.rooms.map((r) => r.usedByDay)).toEqual([[8, 8, 8, 0, 0, 0, 0], [2, 2, 2, 2, 2, 10, 10], [2, 2, 2, 2, 2, 10, 10]]);
    const list = (await day(today)).body.data.list;
    const slots = list.map((c) => `${c.teacherId}|${c.sessionStart}`);
    expect(new Set(slots).size).toBe(slots.length);
  });

  it('leaves one room with an active warning and one camera offline, every other device online', async () => {
    const active = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(warnings).where(and(eq(warnings.schoolId, env.schoolA.schoolId), isNull(warnings.endedAt))));
    expect(active.map((w) => w.classroomId)).toEqual([env.schoolA.directory.classrooms[1]!.id]);
    const cams = await platformTx(env.dbh.db, 'seed', (tx) => tx.select({ id: cameras.id, status: cameras.status }).from(cameras).where(eq(cameras.schoolId, env.schoolA.schoolId)));
    expect(cams.filter((c) => c.status === 'offline').map((c) => c.id)).toEqual([env.schoolA.directory.classrooms[2]!.cameraIds[2]]);
    expect(cams.filter((c) => c.status === 'online')).toHaveLength(cams.length - 1);
    const usage = (await call<TUsageWeek>(env.app, { url: `/app/usage/v1/week?semesterId=${env.schoolA.directory.semesterId}&week=12`, token: admin })).body.data;
    expect(usage.rooms.map((r) => r.devices)).toEqual([
      { camerasOnline: 4, camerasOffline: 0, camerasTotal: 4, recorder: 'online' },
      { camerasOnline: 4, camerasOffline: 0, camerasTotal: 4, recorder: 'online' },
      { camerasOnline: 3, camerasOffline: 1, camerasTotal: 4, recorder: 'online' },
    ]);
    // The other school is untouched.
    const other = await platformTx(env.dbh.db, 'seed', (tx) => tx.select({ status: cameras.status }).from(cameras).where(eq(cameras.schoolId, env.schoolB.schoolId)));
    expect(new Set(other.map((c) => c.status))).toEqual(new Set(['unknown']));
  });
});
