/** The courses' SQL: courses, their class meetings, the timetable views and pickers (docs/decisions/0016-repositories.md). */
import { and, asc, count, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { IDENTITY, lessonDate, type TCourseListRequest } from '@hxk/contracts';
import { accounts, buildings, classrooms, courseSessions, courses, orgUnits, schoolMemberships, schoolSettings } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';
import { col, queryRow } from '../../platform/sql-rows.ts';

export type CourseFilter = Omit<TCourseListRequest, 'pageNum' | 'pageSize'>;
type SemesterSpan = { startDate: string; weekCount: number };

/** The unit and every unit below it (recursive over the organisation tree). */
const unitAndBelow = (unitId: string) => sql`(with recursive u(id) as (
    select ${orgUnits.id} from ${orgUnits} where ${orgUnits.id} = ${unitId}
    union all select o.id from ${orgUnits} o join u on o.parent_id = u.id
  ) select id from u)`;

const classroomName = sql<string | null>`case when ${classrooms.id} is null then null else ${buildings.name} || ' ' || ${classrooms.name} end`;

/**
 * The class dates a week and/or weekday filter stands for in a semester: the day index
 * (school, lesson_date, session_start) then finds them instead of a scan of the whole timetable.
 */
function filterDates(semester: SemesterSpan, week?: number, weekday?: number): string[] {
  const weeks = week ? [week] : Array.from({ length: semester.weekCount }, (_, i) => i + 1);
  const days = weekday ? [weekday] : [1, 2, 3, 4, 5, 6, 7];
  return weeks.flatMap((w) => days.map((d) => lessonDate(semester.startDate, w, d)));
}

function courseFilters(q: CourseFilter, meetingCourseIds?: string[]): SQL | undefined {
  const f: SQL[] = [];
  if (q.semesterId) f.push(eq(courses.semesterId, q.semesterId));
  if (q.orgUnitId) f.push(sql`${courses.orgUnitId} in ${unitAndBelow(q.orgUnitId)}`);
  if (q.teacherId) f.push(eq(courses.teacherId, q.teacherId));
  if (q.keyword) f.push(or(ilike(courses.name, containsPattern(q.keyword)), ilike(courses.code, containsPattern(q.keyword)))!);
  if (meetingCourseIds) f.push(inArray(courses.id, meetingCourseIds));
  return f.length ? and(...f) : undefined;
}

/** The timetable side of the list's filters (week, weekday, session, room), or undefined when none is set. */
function meetingFilters(q: CourseFilter, semester?: SemesterSpan): SQL | undefined {
  const s: SQL[] = [];
  if (semester && (q.week || q.weekday)) s.push(inArray(courseSessions.lessonDate, filterDates(semester, q.week, q.weekday)));
  if (q.week) s.push(eq(courseSessions.week, q.week));
  if (q.weekday) s.push(eq(courseSessions.weekday, q.weekday));
  if (q.session) s.push(lte(courseSessions.sessionStart, q.session), gte(courseSessions.sessionEnd, q.session));
  if (q.classroomId) s.push(eq(courseSessions.classroomId, q.classroomId));
  return s.length ? and(...s) : undefined;
}

/**
 * The ids of the courses meeting the list's timetable filters (week, weekday, session, room), or
 * undefined when none is set. The semester (when known) turns a week or weekday into class dates.
 */
export async function courseIdsMeeting(tx: Tx, q: CourseFilter, semester?: SemesterSpan): Promise<string[] | undefined> {
  const meetings = meetingFilters(q, semester);
  if (!meetings) return undefined;
  // index: course_sessions_day_idx (school_id, lesson_date, session_start) for a week or weekday; course_sessions_room_idx (school_id, classroom_id, lesson_date) for a room
  const rows = await tx.selectDistinct({ id: courseSessions.courseId }).from(courseSessions).where(meetings);
  return rows.map((r) => r.id);
}

const courseColumns = {
  id: courses.id,
  semesterId: courses.semesterId,
  code: courses.code,
  name: courses.name,
  orgUnitId: courses.orgUnitId,
  orgUnitName: orgUnits.name,
  teacherId: courses.teacherId,
  teacherName: accounts.name,
  teacherAccount: accounts.account,
  teachingClass: courses.teachingClass,
  studentCount: courses.studentCount,
};

const courseBase = (tx: Tx) =>
  tx.select(courseColumns).from(courses)
    .innerJoin(accounts, eq(accounts.id, courses.teacherId))
    .leftJoin(orgUnits, and(eq(orgUnits.schoolId, courses.schoolId), eq(orgUnits.id, courses.orgUnitId)));

export type CourseRow = Awaited<ReturnType<ReturnType<typeof courseBase>['where']>>[number];

/** How many courses the list's filters match (`ids`: the courses meeting its timetable filters, if any). */
export async function countCourses(tx: Tx, q: CourseFilter, ids?: string[]): Promise<number> {
  // index: courses_unit_idx (school_id, semester_id, org_unit_id) by semester and department; courses_teacher_idx (school_id, teacher_id, semester_id) by teacher
  const [total] = await tx.select({ n: count() }).from(courses).where(courseFilters(q, ids));
  return Number(total?.n ?? 0);
}

/**
 * A page of the courses the list's filters match, in code order, each row carrying how many match
 * in all (`total`: the count in the same statement, a subquery run once; a page past the end has no
 * row to carry it, see countCourses).
 */
export async function coursePage(tx: Tx, q: CourseFilter & { pageNum: number; pageSize: number }, ids?: string[]): Promise<(CourseRow & { total: number })[]> {
  const where = courseFilters(q, ids);
  // index: courses_code_uq (school_id, semester_id, code) for a semester's page in code order; the
  // count as in countCourses (the subquery's own "courses" shadows the outer one: not correlated)
  const rows = await tx.select({ ...courseColumns, total: sql<string>`(select count(*) from ${courses} where ${where ?? sql`true`})` }).from(courses)
    .innerJoin(accounts, eq(accounts.id, courses.teacherId))
    .leftJoin(orgUnits, and(eq(orgUnits.schoolId, courses.schoolId), eq(orgUnits.id, courses.orgUnitId)))
    .where(where).orderBy(asc(courses.code), asc(courses.id)).limit(q.pageSize).offset((q.pageNum - 1) * q.pageSize);
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}

/** The course with `id` as a list of zero or one row. */
export function coursesById(tx: Tx, id: string): Promise<CourseRow[]> {
  // index: courses_school_id_id_pk (school_id, id)
  return courseBase(tx).where(eq(courses.id, id));
}

/**
 * The meetings of some courses as timetable lines, in one query (no N+1): one row per course,
 * weekday, sessions and room, with its weeks in order and the ids of its meetings on `today` (a
 * course meeting 20 weeks is one row, not 20: the list's largest read, grouped where it is stored).
 * In the order of their weekday, first session and first week.
 */
export async function slotLinesOf(tx: Tx, courseIds: string[], today: string) {
  if (!courseIds.length) return [];
  // index: course_sessions_slot_uq (school_id, course_id, week, weekday, session_start)
  return tx.select({
    courseId: courseSessions.courseId, weekday: courseSessions.weekday,
    sessionStart: courseSessions.sessionStart, sessionEnd: courseSessions.sessionEnd, classroomId: courseSessions.classroomId, classroomName,
    weeks: sql<number[]>`json_agg(${courseSessions.week} order by ${courseSessions.week})`,
    todayIds: sql<string[]>`coalesce(json_agg(${courseSessions.id}::text) filter (where ${courseSessions.lessonDate} = ${today}), '[]'::json)`,
  }).from(courseSessions)
    .leftJoin(classrooms, and(eq(classrooms.schoolId, courseSessions.schoolId), eq(classrooms.id, courseSessions.classroomId)))
    .leftJoin(buildings, and(eq(buildings.schoolId, classrooms.schoolId), eq(buildings.id, classrooms.buildingId)))
    .where(inArray(courseSessions.courseId, courseIds))
    .groupBy(courseSessions.courseId, courseSessions.weekday, courseSessions.sessionStart, courseSessions.sessionEnd, courseSessions.classroomId, classrooms.id, classrooms.name, buildings.name)
    .orderBy(asc(courseSessions.weekday), asc(courseSessions.sessionStart), sql`min(${courseSessions.week})`, asc(courseSessions.sessionEnd), asc(courseSessions.classroomId));
}

export type SlotLine = Awaited<ReturnType<typeof slotLinesOf>>[number];

// ---------------------------------------------------------------- saving a course

export type CourseFields = Pick<typeof courses.$inferInsert, 'semesterId' | 'name' | 'code' | 'orgUnitId' | 'teacherId' | 'teachingClass' | 'studentCount'>;
export type MeetingFields = { week: number; weekday: number; sessionStart: number; sessionEnd: number; classroomId: string | null; lessonDate: string };

/** The membership status of an account in the school, or undefined when it is no member. */
export async function membershipStatus(tx: Tx, accountId: string) {
  // index: school_memberships_account_uq (school_id, account_id)
  const [member] = await tx.select({ status: schoolMemberships.status }).from(schoolMemberships).where(eq(schoolMemberships.accountId, accountId));
  return member?.status;
}

export async function orgUnitExists(tx: Tx, id: string): Promise<boolean> {
  const [unit] = await tx.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.id, id));
  return !!unit;
}

/** How many of `ids` are classrooms of the school. */
export async function countClassroomsAmong(tx: Tx, ids: string[]): Promise<number> {
  const found = await tx.select({ id: classrooms.id }).from(classrooms).where(inArray(classrooms.id, ids));
  return found.length;
}

/** The course of a semester with a code, if any. */
export async function courseIdByCode(tx: Tx, semesterId: string, code: string): Promise<string | undefined> {
  // index: courses_code_uq (school_id, semester_id, code)
  const [dup] = await tx.select({ id: courses.id }).from(courses).where(and(eq(courses.semesterId, semesterId), eq(courses.code, code)));
  return dup?.id;
}

/** Updates a course; its id, or undefined when there is none. */
export async function updateCourse(tx: Tx, id: string, fields: CourseFields): Promise<string | undefined> {
  const [row] = await tx.update(courses).set(fields).where(eq(courses.id, id)).returning({ id: courses.id });
  return row?.id;
}

export async function insertCourse(tx: Tx, schoolId: string, fields: CourseFields): Promise<string | undefined> {
  const [row] = await tx.insert(courses).values({ schoolId, ...fields }).returning({ id: courses.id });
  return row?.id;
}

/** Every meeting of a course. */
export function meetingsOfCourse(tx: Tx, courseId: string) {
  // index: course_sessions_slot_uq (school_id, course_id, week, weekday, session_start)
  return tx.select().from(courseSessions).where(eq(courseSessions.courseId, courseId));
}

export async function deleteMeetings(tx: Tx, ids: string[]): Promise<void> {
  await tx.delete(courseSessions).where(inArray(courseSessions.id, ids));
}

/** Sets the last session, room and date of some meetings, in one statement. */
export async function updateMeetings(tx: Tx, changes: readonly { id: string; sessionEnd: number; classroomId: string | null; lessonDate: string }[]): Promise<void> {
  const values = sql.join(changes.map((w) => sql`(${w.id}::bigint, ${w.sessionEnd}::int, ${w.classroomId}::bigint, ${w.lessonDate}::date)`), sql`, `);
  await tx.execute(sql`update ${courseSessions} set session_end = v.session_end, classroom_id = v.classroom_id, lesson_date = v.lesson_date
    from (values ${values}) as v(id, session_end, classroom_id, lesson_date) where ${courseSessions.id} = v.id`);
}

export async function insertMeetings(tx: Tx, schoolId: string, courseId: string, list: readonly MeetingFields[]): Promise<void> {
  await tx.insert(courseSessions).values(list.map((w) => ({ schoolId, courseId, ...w })));
}

const a = alias(courseSessions, 'a');
const b = alias(courseSessions, 'b');
const other = alias(courses, 'other');
const overlap = and(eq(b.schoolId, a.schoolId), eq(b.lessonDate, a.lessonDate), lte(b.sessionStart, a.sessionEnd), gte(b.sessionEnd, a.sessionStart));
const clashFields = {
  week: a.week,
  weekday: a.weekday,
  s1: sql<number>`greatest(${a.sessionStart}, ${b.sessionStart})`.mapWith(Number),
  s2: sql<number>`least(${a.sessionEnd}, ${b.sessionEnd})`.mapWith(Number),
  course: other.name,
};

/** The first meeting of a course held in the same room at the same time as another course's, if any. */
export async function firstRoomClash(tx: Tx, courseId: string) {
  // index: course_sessions_slot_uq (school_id, course_id, ...) for the course; course_sessions_room_idx (school_id, classroom_id, lesson_date) for the others
  const [room] = await tx.select({ ...clashFields, room: classroomName }).from(a)
    .innerJoin(b, and(overlap, eq(b.classroomId, a.classroomId), ne(b.courseId, a.courseId)))
    .innerJoin(other, and(eq(other.schoolId, b.schoolId), eq(other.id, b.courseId)))
    .innerJoin(classrooms, and(eq(classrooms.schoolId, a.schoolId), eq(classrooms.id, a.classroomId)))
    .innerJoin(buildings, and(eq(buildings.schoolId, classrooms.schoolId), eq(buildings.id, classrooms.buildingId)))
    .where(eq(a.courseId, courseId)).orderBy(a.lessonDate, a.sessionStart).limit(1);
  return room;
}

/** The first meeting of a course at the same time as another course of the same teacher, if any. */
export async function firstTeacherClash(tx: Tx, courseId: string, teacherId: string) {
  // index: courses_teacher_idx (school_id, teacher_id, semester_id) for the teacher's other courses; course_sessions_slot_uq (school_id, course_id, ...) for their meetings
  const [teacher] = await tx.select(clashFields).from(a)
    .innerJoin(other, and(eq(other.schoolId, a.schoolId), eq(other.teacherId, teacherId), ne(other.id, a.courseId)))
    .innerJoin(b, and(overlap, eq(b.courseId, other.id)))
    .where(eq(a.courseId, courseId)).orderBy(a.lessonDate, a.sessionStart).limit(1);
  return teacher;
}

export async function accountName(tx: Tx, id: string): Promise<string | undefined> {
  const [person] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, id));
  return person?.name;
}

/** How many of `ids` are courses of the school. */
export async function countCoursesAmong(tx: Tx, ids: string[]): Promise<number> {
  const found = await tx.select({ id: courses.id }).from(courses).where(inArray(courses.id, ids));
  return found.length;
}

export async function deleteCourses(tx: Tx, ids: string[]): Promise<void> {
  await tx.delete(courses).where(inArray(courses.id, ids));
}

// ---------------------------------------------------------------- week view and day view

const entryColumns = {
  courseSessionId: courseSessions.id,
  courseId: courses.id,
  courseName: courses.name,
  courseCode: courses.code,
  teacherId: courses.teacherId,
  teacherName: accounts.name,
  orgUnitName: orgUnits.name,
  classroomId: courseSessions.classroomId,
  classroomName,
  teachingClass: courses.teachingClass,
  lessonDate: courseSessions.lessonDate,
  weekday: courseSessions.weekday,
  sessionStart: courseSessions.sessionStart,
  sessionEnd: courseSessions.sessionEnd,
};

const entriesQuery = (tx: Tx, where: SQL | undefined) =>
  tx.select(entryColumns).from(courseSessions)
    .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
    .innerJoin(accounts, eq(accounts.id, courses.teacherId))
    .leftJoin(orgUnits, and(eq(orgUnits.schoolId, courses.schoolId), eq(orgUnits.id, courses.orgUnitId)))
    .leftJoin(classrooms, and(eq(classrooms.schoolId, courseSessions.schoolId), eq(classrooms.id, courseSessions.classroomId)))
    .leftJoin(buildings, and(eq(buildings.schoolId, classrooms.schoolId), eq(buildings.id, classrooms.buildingId)))
    .where(where)
    .orderBy(asc(courseSessions.lessonDate), asc(courseSessions.sessionStart), asc(courses.code));

export type EntryRow = Awaited<ReturnType<typeof entriesQuery>>[number];

/** The meetings of a semester week (its first and last date given), for a room, a teacher or a department (or the whole school). */
export function weekEntries(tx: Tx, q: { semesterId: string; week: number; from: string; to: string; classroomId?: string | undefined; teacherId?: string | undefined; orgUnitId?: string | undefined }): Promise<EntryRow[]> {
  const f: SQL[] = [
    eq(courses.semesterId, q.semesterId),
    eq(courseSessions.week, q.week),
    // The date range lets the day index answer; week alone would scan the semester.
    gte(courseSessions.lessonDate, q.from),
    lte(courseSessions.lessonDate, q.to),
  ];
  if (q.classroomId) f.push(eq(courseSessions.classroomId, q.classroomId));
  if (q.teacherId) f.push(eq(courses.teacherId, q.teacherId));
  if (q.orgUnitId) f.push(sql`${courses.orgUnitId} in ${unitAndBelow(q.orgUnitId)}`);
  // index: course_sessions_day_idx (school_id, lesson_date, session_start); course_sessions_room_idx (school_id, classroom_id, lesson_date) for a room
  return entriesQuery(tx, and(...f));
}

/** The meetings of one day, optionally in one room. */
export function dayEntries(tx: Tx, date: string, classroomId?: string): Promise<EntryRow[]> {
  const f: SQL[] = [eq(courseSessions.lessonDate, date)];
  if (classroomId) f.push(eq(courseSessions.classroomId, classroomId));
  // index: course_sessions_day_idx (school_id, lesson_date, session_start); course_sessions_room_idx (school_id, classroom_id, lesson_date) for a room
  return entriesQuery(tx, and(...f));
}

// ---------------------------------------------------------------- course state

/** The school's waiting minutes setting, or undefined when the school has no settings row. */
export async function waitingMinutes(tx: Tx): Promise<number | undefined> {
  const [settings] = await tx.select({ waitingMinutes: schoolSettings.waitingMinutes }).from(schoolSettings);
  return settings?.waitingMinutes;
}

const StateInputs = z.object({
  times: col.json(z.array(z.object({ sessionNo: z.number().int(), startMinute: z.number().int(), endMinute: z.number().int() }))),
  waitingMinutes: col.intOrNull,
  warned: col.json(z.array(z.string())),
});

/**
 * What a course's state needs from the database, in one statement (each statement is a round trip,
 * the main cost of a list on PostgreSQL): the school's session times in order, its waiting minutes
 * (null: not set), and which of `meetingIds` have an active (not ended) warning.
 */
export async function stateInputs(tx: Tx, meetingIds: string[]) {
  // index: session_times_no_uq (school_id, session_no); school_settings_pkey; warnings_active_idx (school_id, course_session_id) where ended_at is null
  const warned = meetingIds.length
    ? sql`(select coalesce(json_agg(w.course_session_id::text), '[]'::json) from warnings w where w.ended_at is null and w.course_session_id in (${sql.join(meetingIds.map((id) => sql`${id}`), sql`, `)}))`
    : sql`'[]'::json`;
  const row = await queryRow(tx, StateInputs, sql`
    select
      (select coalesce(json_agg(json_build_object('sessionNo', t.session_no, 'startMinute', t.start_minute, 'endMinute', t.end_minute) order by t.session_no), '[]'::json) from session_times t) as times,
      (select s.waiting_minutes from school_settings s) as "waitingMinutes",
      ${warned} as warned`);
  return row!;
}

// ---------------------------------------------------------------- pickers

/** Every department, in tree order of their sort and name. */
export function unitOptions(tx: Tx) {
  return tx.select({ id: orgUnits.id, parentId: orgUnits.parentId, name: orgUnits.name, kind: orgUnits.kind }).from(orgUnits).orderBy(asc(orgUnits.sort), asc(orgUnits.name));
}

/** Every classroom with its building's name, by building then name. */
export function classroomOptions(tx: Tx) {
  return tx.select({ id: classrooms.id, name: classrooms.name, buildingName: buildings.name }).from(classrooms)
    .innerJoin(buildings, and(eq(buildings.schoolId, classrooms.schoolId), eq(buildings.id, classrooms.buildingId)))
    .orderBy(asc(buildings.sort), asc(buildings.name), asc(classrooms.name));
}

/** Approved members found by name or account (at most 20), or the one with `id`. */
export function approvedMembers(tx: Tx, q: { keyword?: string | undefined; id?: string | undefined }) {
  const f: SQL[] = [eq(schoolMemberships.status, 'approved')];
  if (q.id) f.push(eq(accounts.id, q.id));
  if (q.keyword) f.push(or(ilike(accounts.name, containsPattern(q.keyword)), ilike(accounts.account, containsPattern(q.keyword)))!);
  // index: school_memberships_status_idx (school_id, status, created_at); school_memberships_account_uq (school_id, account_id) with an id
  return tx.select({ id: accounts.id, name: accounts.name, account: accounts.account, orgUnitId: schoolMemberships.orgUnitId }).from(schoolMemberships)
    .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
    .where(and(...f))
    // Teachers first, then everyone else who may teach (supervisors, leaders).
    .orderBy(sql`${schoolMemberships.identity} <> ${IDENTITY.teacher}`, asc(accounts.name), asc(accounts.id))
    .limit(20);
}
