/** The courses import's SQL: semesters, teachers, rooms, courses and their timetable (docs/decisions/0016-repositories.md). */
import { and, asc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { accounts, buildings, classrooms, courseSessions, courses, schoolMemberships, semesters, sessionTimes } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';

type CourseInsert = typeof courses.$inferInsert;
type CourseSessionInsert = typeof courseSessions.$inferInsert;
export type CourseFields = Pick<CourseInsert, 'name' | 'orgUnitId' | 'teacherId' | 'teachingClass' | 'studentCount'>;
export type CourseExportFilter = { semesterId?: string; orgUnitId?: string; teacherId?: string; classroomId?: string; keyword?: string };

export function allSemesters(tx: Tx) {
  return tx.select({ id: semesters.id, name: semesters.name, startDate: semesters.startDate, weekCount: semesters.weekCount }).from(semesters);
}

/** Approved members whose account is one of these (lower-cased) account names. */
export function approvedMembersByAccount(tx: Tx, lowerAccounts: string[]) {
  // index: accounts_account_uq (lower(account))
  return tx
    .select({ id: accounts.id, account: accounts.account })
    .from(schoolMemberships)
    .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
    .where(and(eq(schoolMemberships.status, 'approved'), inArray(sql`lower(${accounts.account})`, lowerAccounts)));
}

/** Every room of the school. */
export function allRooms(tx: Tx) {
  return tx.select({ id: classrooms.id, buildingId: classrooms.buildingId, name: classrooms.name }).from(classrooms);
}

/** The numbers of the school's daily sessions. */
export async function sessionNumbers(tx: Tx): Promise<number[]> {
  return (await tx.select({ no: sessionTimes.sessionNo }).from(sessionTimes)).map((s) => s.no);
}

/** The courses of these semesters. */
export function coursesOfSemesters(tx: Tx, semesterIds: string[]) {
  // index: courses_unit_idx (school_id, semester_id, org_unit_id)
  return tx.select({ id: courses.id, semesterId: courses.semesterId, code: courses.code, teacherId: courses.teacherId }).from(courses).where(inArray(courses.semesterId, semesterIds));
}

/** Every class meeting between two dates (inclusive) with its course, in any semester. */
export function meetingsBetween(tx: Tx, first: string, last: string) {
  // index: course_sessions_day_idx (school_id, lesson_date, session_start)
  return tx
    .select({ classroomId: courseSessions.classroomId, week: courseSessions.week, weekday: courseSessions.weekday, sessionStart: courseSessions.sessionStart, sessionEnd: courseSessions.sessionEnd, lessonDate: courseSessions.lessonDate, code: courses.code, semesterId: courses.semesterId, teacherId: courses.teacherId })
    .from(courseSessions)
    .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
    .where(and(gte(courseSessions.lessonDate, first), lte(courseSessions.lessonDate, last)));
}

/** Inserts courses; their ids come back in the order given. */
export function insertCourses(tx: Tx, rows: CourseInsert[]) {
  return tx.insert(courses).values(rows).returning({ id: courses.id });
}

export async function updateCourse(tx: Tx, id: string, fields: CourseFields): Promise<void> {
  await tx.update(courses).set(fields).where(eq(courses.id, id));
}

/** Adds class meetings; a meeting already in its slot (course, week, weekday, first session) is updated. */
export async function upsertMeetings(tx: Tx, rows: CourseSessionInsert[]): Promise<void> {
  await tx
    .insert(courseSessions)
    .values(rows)
    .onConflictDoUpdate({
      target: [courseSessions.schoolId, courseSessions.courseId, courseSessions.week, courseSessions.weekday, courseSessions.sessionStart],
      set: { sessionEnd: sql`excluded.session_end`, classroomId: sql`excluded.classroom_id`, lessonDate: sql`excluded.lesson_date` },
    });
}

/**
 * The courses of the courses screen's filters, one row per course, room, weekday and session range
 * with its weeks gathered into one list.
 */
export function courseExportRows(tx: Tx, f: CourseExportFilter) {
  const where: SQL[] = [];
  if (f.semesterId) where.push(eq(courses.semesterId, f.semesterId));
  if (f.orgUnitId) where.push(eq(courses.orgUnitId, f.orgUnitId));
  if (f.teacherId) where.push(eq(courses.teacherId, f.teacherId));
  if (f.classroomId) where.push(sql`exists (select 1 from ${courseSessions} s where s.course_id = ${courses.id} and s.classroom_id = ${f.classroomId})`);
  if (f.keyword) where.push(or(ilike(courses.name, containsPattern(f.keyword)), ilike(courses.code, containsPattern(f.keyword)))!);
  // index: courses_unit_idx (school_id, semester_id, org_unit_id)
  return tx
    .select({
      semester: semesters.name, code: courses.code, name: courses.name, orgUnitId: courses.orgUnitId, teacher: accounts.account,
      teachingClass: courses.teachingClass, studentCount: courses.studentCount,
      weeks: sql<number[]>`coalesce(array_agg(${courseSessions.week} order by ${courseSessions.week}) filter (where ${courseSessions.week} is not null), '{}')`,
      weekday: courseSessions.weekday, from: courseSessions.sessionStart, to: courseSessions.sessionEnd,
      building: buildings.name, room: classrooms.name,
    })
    .from(courses)
    .innerJoin(semesters, and(eq(semesters.schoolId, courses.schoolId), eq(semesters.id, courses.semesterId)))
    .innerJoin(accounts, eq(accounts.id, courses.teacherId))
    .leftJoin(courseSessions, and(eq(courseSessions.schoolId, courses.schoolId), eq(courseSessions.courseId, courses.id)))
    .leftJoin(classrooms, and(eq(classrooms.schoolId, courseSessions.schoolId), eq(classrooms.id, courseSessions.classroomId)))
    .leftJoin(buildings, and(eq(buildings.schoolId, classrooms.schoolId), eq(buildings.id, classrooms.buildingId)))
    .where(and(...where))
    .groupBy(semesters.name, semesters.startDate, courses.schoolId, courses.id, accounts.account, courseSessions.weekday, courseSessions.sessionStart, courseSessions.sessionEnd, buildings.name, classrooms.name)
    .orderBy(asc(semesters.startDate), asc(courses.code), asc(courseSessions.weekday), asc(courseSessions.sessionStart), asc(buildings.name), asc(classrooms.name));
}
