/**
 * Live classrooms for the demo (issue 14): devices that report in, rooms in class at any session of
 * any day, one room with an active warning and one camera offline.
 *
 * The directory's timetable fills every room from Monday to Friday, sessions 1-8 (08:00-17:40). A
 * class is "in class" only inside a session's time, so here four rooms of buildings B and C also hold
 * evening classes (sessions 9-10, 19:00-20:40) every day and weekend classes (sessions 1-8) on
 * Saturday and Sunday, for every week of the semester: whatever the day, some rooms are in class
 * during the school's session hours (school time zone, SCHOOL_TIMEZONE). Between sessions, at lunch
 * and at night no class is in progress anywhere, as in a real school. Room A101 is left alone: tests
 * schedule their own evening classes there.
 */
import { and, eq } from 'drizzle-orm';
import { lessonDate, zonedClock } from '@hxk/contracts';
import { DEMO_SESSION_TIMES } from './directory.ts';
import { cameras, courseSessions, courses, recorders, semesters, warnings } from '../schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import type { SeededSchool } from './seed.ts';

const EVENING = ['Evening Self-Study', 'Exam Review Seminar', 'Public Speaking Workshop', 'Programming Practice'];
const WEEKEND = ['Continuing Education: Accounting', 'Continuing Education: Law', 'Weekend English', 'Art Appreciation'];
/**
 * Rooms by their index in the directory: those with evening and weekend classes (B101, B102, C101,
 * C102), the one with an active warning (B101) and the one whose student camera is offline (C103).
 */
export const DEMO_LIVE_ROOMS = { extra: [10, 11, 20, 21], warned: 10, offline: 22 };

type LiveOptions = { now?: Date; rooms?: typeof DEMO_LIVE_ROOMS };

export async function seedDemoLive(tx: Tx, school: SeededSchool, today: string, opts: LiveOptions = {}): Promise<void> {
  await seedDemoLiveTimetable(tx, school, opts);
  await seedDemoLiveMoment(tx, school, today, opts);
}

function hasRooms(school: SeededSchool, layout: typeof DEMO_LIVE_ROOMS): boolean {
  return school.directory.classrooms.length > Math.max(layout.offline, layout.warned, ...layout.extra);
}

/** The part of seedDemoLive that depends only on the semester: the evening and weekend classes. */
export async function seedDemoLiveTimetable(tx: Tx, school: SeededSchool, opts: Pick<LiveOptions, 'rooms'> = {}): Promise<void> {
  const { schoolId, directory } = school;
  const layout = opts.rooms ?? DEMO_LIVE_ROOMS;
  const rooms = directory.classrooms;
  if (!hasRooms(school, layout)) return;

  // Evening and weekend classes. The evening classes of the rooms meet at the same time, and so do the
  // weekend ones: each room's pair has a teacher of its own, from the generated teachers (who teach
  // only on weekday daytimes otherwise; the demo accounts keep their evenings), so that no teacher and
  // no room is double-booked.
  const first = Math.max(0, directory.teachers.length - layout.extra.length);
  // Generated teacher n (n = 1, 2, ...) belongs to department n mod the departments (directory.ts).
  const teachers = directory.teachers.slice(first).map((t, k) => ({ id: t.id, orgUnitId: directory.departmentIds[(first + k + 1) % directory.departmentIds.length] ?? null }));
  const [semester] = await tx.select({ weekCount: semesters.weekCount }).from(semesters)
    .where(and(eq(semesters.schoolId, schoolId), eq(semesters.id, directory.semesterId)));
  const semesterWeeks = semester!.weekCount;
  const meetings: (typeof courseSessions.$inferInsert)[] = [];
  for (const [i, roomIndex] of layout.extra.entries()) {
    const room = rooms[roomIndex]!;
    const { id: teacherId, orgUnitId } = teachers[i % teachers.length]!;
    const plans = [
      { name: EVENING[i % EVENING.length]!, code: `EVE${2001 + i}`, slots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, sessionStart: 9 })) },
      { name: WEEKEND[i % WEEKEND.length]!, code: `WKD${2001 + i}`, slots: [6, 7].flatMap((weekday) => [1, 3, 5, 7].map((sessionStart) => ({ weekday, sessionStart }))) },
    ];
    for (const plan of plans) {
      const [course] = await tx.insert(courses).values({
        schoolId, semesterId: directory.semesterId, code: plan.code, name: plan.name, orgUnitId, teacherId,
        teachingClass: `${plan.name} ${2024 + (i % 2)}`, studentCount: 28 + i * 7,
      }).returning({ id: courses.id });
      for (let week = 1; week <= semesterWeeks; week++) {
        for (const s of plan.slots) {
          meetings.push({
            schoolId, courseId: course!.id, classroomId: room.id, week, weekday: s.weekday, sessionStart: s.sessionStart, sessionEnd: s.sessionStart + 1,
            lessonDate: lessonDate(directory.semesterStart, week, s.weekday),
          });
        }
      }
    }
  }
  await tx.insert(courseSessions).values(meetings);
}

/**
 * The part of seedDemoLive around the present moment (after seedDemoLiveTimetable): the devices
 * reporting in a minute ago, one camera offline, and the active warning.
 */
export async function seedDemoLiveMoment(tx: Tx, school: SeededSchool, today: string, opts: LiveOptions = {}): Promise<void> {
  const { schoolId, directory } = school;
  const now = opts.now ?? new Date();
  const layout = opts.rooms ?? DEMO_LIVE_ROOMS;
  const rooms = directory.classrooms;
  if (!hasRooms(school, layout)) return;

  // Every device reports in; one camera does not.
  const seen = new Date(now.getTime() - 60_000);
  await tx.update(recorders).set({ status: 'online', lastSeenAt: seen }).where(eq(recorders.schoolId, schoolId));
  await tx.update(cameras).set({ status: 'online' }).where(eq(cameras.schoolId, schoolId));
  const offline = rooms[layout.offline]!.cameraIds[2]!;
  await tx.update(cameras).set({ status: 'offline' }).where(and(eq(cameras.schoolId, schoolId), eq(cameras.id, offline)));

  // An active warning in B101, raised in the class under way at seeding time, else the next one today,
  // else today's last (the room has classes every day). The school clock is the default zone's unless
  // the seed runs for another day (tests with a clock of their own).
  const warnedRoom = rooms[layout.warned]!;
  const todays = await tx.select({ id: courseSessions.id, sessionStart: courseSessions.sessionStart, sessionEnd: courseSessions.sessionEnd })
    .from(courseSessions)
    .where(and(eq(courseSessions.schoolId, schoolId), eq(courseSessions.classroomId, warnedRoom.id), eq(courseSessions.lessonDate, today)))
    .orderBy(courseSessions.sessionStart);
  const clock = zonedClock(now, process.env.SCHOOL_TIMEZONE ?? 'Asia/Shanghai');
  const minute = clock.date === today ? clock.minute : -1;
  const endOf = (sessionEnd: number) => DEMO_SESSION_TIMES[sessionEnd - 1]?.[1] ?? 0;
  const meeting = todays.find((m) => endOf(m.sessionEnd) > minute) ?? todays.at(-1);
  await tx.insert(warnings).values({
    schoolId, classroomId: warnedRoom.id, courseSessionId: meeting?.id ?? null, level: 'moderate', kind: 'lowAttention',
    message: 'Fewer than half of the students are looking at the front.', startedAt: new Date(now.getTime() - 5 * 60_000),
  });
}
