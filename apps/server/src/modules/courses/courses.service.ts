import { and, asc, count, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  expandWeeks,
  formatHm,
  IDENTITY,
  lessonDate,
  weekDates,
  weeksToRanges,
  WEEKDAY_NAMES,
  type TCourseListRequest,
  type TCourseSlotInput,
  type TSaveCourseRequest,
  type TTimetableRequest,
} from '@hxk/contracts';
import { accounts, buildings, classrooms, courseSessions, courses, orgUnits, schoolMemberships } from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { containsPattern, inSchool } from '../../platform/tenancy.ts';
import { findSemester, schoolClock } from '../calendar/calendar.service.ts';
import { stateOfDay, stateReader } from './course-state.ts';

type ListQuery = TCourseListRequest;

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
function filterDates(semester: { startDate: string; weekCount: number }, week?: number, weekday?: number): string[] {
  const weeks = week ? [week] : Array.from({ length: semester.weekCount }, (_, i) => i + 1);
  const days = weekday ? [weekday] : [1, 2, 3, 4, 5, 6, 7];
  return weeks.flatMap((w) => days.map((d) => lessonDate(semester.startDate, w, d)));
}

function courseFilters(q: Omit<ListQuery, 'pageNum' | 'pageSize'>, meetingCourseIds?: string[]): SQL | undefined {
  const f: SQL[] = [];
  if (q.semesterId) f.push(eq(courses.semesterId, q.semesterId));
  if (q.orgUnitId) f.push(sql`${courses.orgUnitId} in ${unitAndBelow(q.orgUnitId)}`);
  if (q.teacherId) f.push(eq(courses.teacherId, q.teacherId));
  if (q.keyword) f.push(or(ilike(courses.name, containsPattern(q.keyword)), ilike(courses.code, containsPattern(q.keyword)))!);
  if (meetingCourseIds) f.push(inArray(courses.id, meetingCourseIds));
  return f.length ? and(...f) : undefined;
}

/** The timetable side of the list's filters (week, weekday, session, room), or undefined when none is set. */
function meetingFilters(q: Omit<ListQuery, 'pageNum' | 'pageSize'>, semester?: { startDate: string; weekCount: number }): SQL | undefined {
  const s: SQL[] = [];
  if (semester && (q.week || q.weekday)) s.push(inArray(courseSessions.lessonDate, filterDates(semester, q.week, q.weekday)));
  if (q.week) s.push(eq(courseSessions.week, q.week));
  if (q.weekday) s.push(eq(courseSessions.weekday, q.weekday));
  if (q.session) s.push(lte(courseSessions.sessionStart, q.session), gte(courseSessions.sessionEnd, q.session));
  if (q.classroomId) s.push(eq(courseSessions.classroomId, q.classroomId));
  return s.length ? and(...s) : undefined;
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

/** The meetings of some courses, with room names, in one query (no N+1). */
const meetingsOf = (tx: Tx, courseIds: string[]) =>
  courseIds.length
    ? tx.select({
        id: courseSessions.id, courseId: courseSessions.courseId, week: courseSessions.week, weekday: courseSessions.weekday,
        sessionStart: courseSessions.sessionStart, sessionEnd: courseSessions.sessionEnd, classroomId: courseSessions.classroomId,
        classroomName, lessonDate: courseSessions.lessonDate,
      }).from(courseSessions)
        .leftJoin(classrooms, and(eq(classrooms.schoolId, courseSessions.schoolId), eq(classrooms.id, courseSessions.classroomId)))
        .leftJoin(buildings, and(eq(buildings.schoolId, classrooms.schoolId), eq(buildings.id, classrooms.buildingId)))
        .where(inArray(courseSessions.courseId, courseIds))
        .orderBy(asc(courseSessions.weekday), asc(courseSessions.sessionStart), asc(courseSessions.week))
    : Promise.resolve([]);

type Meeting = Awaited<ReturnType<typeof meetingsOf>>[number];

/** Meetings grouped into timetable lines: same weekday, sessions and room; weeks as ranges. */
function toSlots(meetings: readonly Meeting[]) {
  const groups = new Map<string, { m: Meeting; weeks: number[] }>();
  for (const m of meetings) {
    const key = `${m.weekday}|${m.sessionStart}|${m.sessionEnd}|${m.classroomId ?? ''}`;
    const g = groups.get(key) ?? { m, weeks: [] };
    g.weeks.push(m.week);
    groups.set(key, g);
  }
  return [...groups.values()].flatMap(({ m, weeks }) =>
    weeksToRanges(weeks).map((r) => ({
      ...r, weekday: m.weekday, sessionStart: m.sessionStart, sessionEnd: m.sessionEnd, classroomId: m.classroomId, classroomName: m.classroomName,
    })),
  );
}

async function withSessions(ctx: MemberCtx, tx: Tx, rows: Awaited<ReturnType<ReturnType<typeof courseBase>['where']>>) {
  const meetings = await meetingsOf(tx, rows.map((r) => r.id));
  const clock = schoolClock(ctx);
  const reader = await stateReader(tx, clock, meetings);
  return rows.map((r) => {
    const mine = meetings.filter((x) => x.courseId === r.id);
    const today = mine.filter((x) => x.lessonDate === clock.date);
    return { ...r, sessionCount: mine.length, slots: toSlots(mine), state: stateOfDay(today.map(reader.state)) };
  });
}

export async function listCourses(ctx: MemberCtx, q: ListQuery) {
  return inSchool(ctx, async (tx) => {
    const semester = q.semesterId && (q.week || q.weekday) ? await findSemester(tx, q.semesterId) : undefined;
    // The matching courses' ids first, in their own statement: a join or EXISTS would be planned per
    // course when the tables have no statistics (PGlite never analyses), seconds instead of milliseconds.
    const meetings = meetingFilters(q, semester);
    const ids = meetings ? (await tx.selectDistinct({ id: courseSessions.courseId }).from(courseSessions).where(meetings)).map((r) => r.id) : undefined;
    if (ids && !ids.length) return { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
    const where = courseFilters(q, ids);
    const [total] = await tx.select({ n: count() }).from(courses).where(where);
    const rows = await courseBase(tx).where(where).orderBy(asc(courses.code), asc(courses.id)).limit(q.pageSize).offset((q.pageNum - 1) * q.pageSize);
    return { list: await withSessions(ctx, tx, rows), total: Number(total?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
  });
}

export async function getCourse(ctx: MemberCtx, id: string) {
  return inSchool(ctx, async (tx) => {
    const rows = await courseBase(tx).where(eq(courses.id, id));
    if (!rows.length) throw new AppError('common.notFound');
    return (await withSessions(ctx, tx, rows))[0]!;
  });
}

const sessionsLabel = (a: number, b: number) => (a === b ? String(a) : `${a}-${b}`);

type Wanted = { week: number; weekday: number; sessionStart: number; sessionEnd: number; classroomId: string | null; lessonDate: string };

function expandSlots(ctx: MemberCtx, semester: { startDate: string; weekCount: number }, slots: readonly TCourseSlotInput[]): Wanted[] {
  const out: Wanted[] = [];
  for (const s of slots) {
    const { weekFrom, weekTo } = s;
    if (weekTo > semester.weekCount) throw new AppError('course.weekOutOfRange', { weeks: semester.weekCount });
    for (const week of expandWeeks(weekFrom, weekTo, s.parity)) {
      const w = { week, weekday: s.weekday, sessionStart: s.sessionStart, sessionEnd: s.sessionEnd, classroomId: s.classroomId ?? null, lessonDate: lessonDate(semester.startDate, week, s.weekday) };
      const clash = out.find((o) => o.week === w.week && o.weekday === w.weekday && o.sessionStart <= w.sessionEnd && w.sessionStart <= o.sessionEnd);
      if (clash) throw new AppError('course.slotOverlap', { week, weekday: WEEKDAY_NAMES[ctx.lang][w.weekday - 1]!, sessions: sessionsLabel(Math.max(w.sessionStart, clash.sessionStart), Math.min(w.sessionEnd, clash.sessionEnd)) });
      out.push(w);
    }
  }
  return out;
}

/** Brings a course's meetings to `wanted`: unchanged ones keep their ids (warnings and assignments hang on them). */
async function syncSessions(tx: Tx, schoolId: string, courseId: string, wanted: Wanted[]) {
  const key = (x: { week: number; weekday: number; sessionStart: number }) => `${x.week}|${x.weekday}|${x.sessionStart}`;
  const existing = await tx.select().from(courseSessions).where(eq(courseSessions.courseId, courseId));
  const byKey = new Map(existing.map((e) => [key(e), e]));
  const wantedKeys = new Set(wanted.map(key));
  const gone = existing.filter((e) => !wantedKeys.has(key(e))).map((e) => e.id);
  if (gone.length) await tx.delete(courseSessions).where(inArray(courseSessions.id, gone));
  const changed = wanted.filter((w) => {
    const e = byKey.get(key(w));
    return e && (e.sessionEnd !== w.sessionEnd || e.classroomId !== w.classroomId || e.lessonDate !== w.lessonDate);
  });
  if (changed.length) {
    const values = sql.join(changed.map((w) => sql`(${byKey.get(key(w))!.id}::bigint, ${w.sessionEnd}::int, ${w.classroomId}::bigint, ${w.lessonDate}::date)`), sql`, `);
    await tx.execute(sql`update ${courseSessions} set session_end = v.session_end, classroom_id = v.classroom_id, lesson_date = v.lesson_date
      from (values ${values}) as v(id, session_end, classroom_id, lesson_date) where ${courseSessions.id} = v.id`);
  }
  const added = wanted.filter((w) => !byKey.has(key(w)));
  if (added.length) await tx.insert(courseSessions).values(added.map((w) => ({ schoolId, courseId, ...w })));
}

/** The first clash of a course's meetings with another course's, in the same room or for the same teacher. */
async function assertNoClash(ctx: MemberCtx, tx: Tx, courseId: string, teacherId: string) {
  const a = alias(courseSessions, 'a');
  const b = alias(courseSessions, 'b');
  const other = alias(courses, 'other');
  const overlap = and(eq(b.schoolId, a.schoolId), eq(b.lessonDate, a.lessonDate), lte(b.sessionStart, a.sessionEnd), gte(b.sessionEnd, a.sessionStart));
  const fields = { week: a.week, weekday: a.weekday, s1: sql<number>`greatest(${a.sessionStart}, ${b.sessionStart})`, s2: sql<number>`least(${a.sessionEnd}, ${b.sessionEnd})`, course: other.name };
  const [room] = await tx.select({ ...fields, room: classroomName }).from(a)
    .innerJoin(b, and(overlap, eq(b.classroomId, a.classroomId), ne(b.courseId, a.courseId)))
    .innerJoin(other, and(eq(other.schoolId, b.schoolId), eq(other.id, b.courseId)))
    .innerJoin(classrooms, and(eq(classrooms.schoolId, a.schoolId), eq(classrooms.id, a.classroomId)))
    .innerJoin(buildings, and(eq(buildings.schoolId, classrooms.schoolId), eq(buildings.id, classrooms.buildingId)))
    .where(eq(a.courseId, courseId)).orderBy(a.lessonDate, a.sessionStart).limit(1);
  const where = (r: { week: number; weekday: number; s1: number; s2: number; course: string }) =>
    ({ week: r.week, weekday: WEEKDAY_NAMES[ctx.lang][r.weekday - 1]!, sessions: sessionsLabel(Number(r.s1), Number(r.s2)), course: r.course });
  if (room) throw new AppError('course.roomClash', { ...where(room), room: room.room ?? '' });
  const [teacher] = await tx.select(fields).from(a)
    .innerJoin(other, and(eq(other.schoolId, a.schoolId), eq(other.teacherId, teacherId), ne(other.id, a.courseId)))
    .innerJoin(b, and(overlap, eq(b.courseId, other.id)))
    .where(eq(a.courseId, courseId)).orderBy(a.lessonDate, a.sessionStart).limit(1);
  if (teacher) {
    const [person] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, teacherId));
    throw new AppError('course.teacherClash', { ...where(teacher), teacher: person?.name ?? '' });
  }
}

export async function saveCourse(ctx: MemberCtx, input: TSaveCourseRequest) {
  const id = await inSchool(ctx, async (tx) => {
    const semester = await findSemester(tx, input.semesterId);
    const [member] = await tx.select({ status: schoolMemberships.status }).from(schoolMemberships).where(eq(schoolMemberships.accountId, input.teacherId));
    if (member?.status !== 'approved') throw new AppError('course.teacherNotMember');
    if (input.orgUnitId) {
      const [unit] = await tx.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.id, input.orgUnitId));
      if (!unit) throw new AppError('common.notFound');
    }
    const roomIds = [...new Set(input.slots.map((s) => s.classroomId).filter((x): x is string => !!x))];
    if (roomIds.length) {
      const found = await tx.select({ id: classrooms.id }).from(classrooms).where(inArray(classrooms.id, roomIds));
      if (found.length !== roomIds.length) throw new AppError('common.notFound');
    }
    const wanted = expandSlots(ctx, semester, input.slots);
    const [dup] = await tx.select({ id: courses.id }).from(courses).where(and(eq(courses.semesterId, input.semesterId), eq(courses.code, input.code)));
    if (dup && dup.id !== input.id) throw new AppError('course.codeTaken', { code: input.code });
    const values = {
      semesterId: input.semesterId, name: input.name, code: input.code, orgUnitId: input.orgUnitId ?? null, teacherId: input.teacherId,
      teachingClass: input.teachingClass || null, studentCount: input.studentCount,
    };
    const [row] = input.id
      ? await tx.update(courses).set(values).where(eq(courses.id, input.id)).returning({ id: courses.id })
      : await tx.insert(courses).values({ schoolId: ctx.auth.schoolId, ...values }).returning({ id: courses.id });
    if (!row) throw new AppError('common.notFound');
    await syncSessions(tx, ctx.auth.schoolId, row.id, wanted);
    await assertNoClash(ctx, tx, row.id, input.teacherId);
    return row.id;
  });
  return getCourse(ctx, id);
}

export async function deleteCourses(ctx: MemberCtx, ids: string[]) {
  await inSchool(ctx, async (tx) => {
    const found = await tx.select({ id: courses.id }).from(courses).where(inArray(courses.id, ids));
    if (found.length !== new Set(ids).size) throw new AppError('common.notFound');
    await tx.delete(courses).where(inArray(courses.id, ids));
  });
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

async function withState(ctx: MemberCtx, tx: Tx, rows: Awaited<ReturnType<typeof entriesQuery>>) {
  const clock = schoolClock(ctx);
  const reader = await stateReader(tx, clock, rows.map((r) => ({ ...r, id: r.courseSessionId })));
  return { clock, sessionTimes: reader.sessionTimes, list: rows.map((r) => ({ ...r, ...reader.times(r), state: reader.state({ ...r, id: r.courseSessionId }) })) };
}

/** A semester week as weekday x session cells, for a room, a teacher or a department (or the whole school). */
export async function timetable(ctx: MemberCtx, q: TTimetableRequest) {
  return inSchool(ctx, async (tx) => {
    const semester = await findSemester(tx, q.semesterId);
    const { week } = q;
    if (week > semester.weekCount) throw new AppError('course.weekOutOfRange', { weeks: semester.weekCount });
    const dates = weekDates(semester.startDate, week);
    const f: SQL[] = [
      eq(courses.semesterId, semester.id),
      eq(courseSessions.week, week),
      // The date range lets the day index answer; week alone would scan the semester.
      gte(courseSessions.lessonDate, dates[0]!),
      lte(courseSessions.lessonDate, dates[6]!),
    ];
    if (q.classroomId) f.push(eq(courseSessions.classroomId, q.classroomId));
    if (q.teacherId) f.push(eq(courses.teacherId, q.teacherId));
    if (q.orgUnitId) f.push(sql`${courses.orgUnitId} in ${unitAndBelow(q.orgUnitId)}`);
    const { clock, sessionTimes, list } = await withState(ctx, tx, await entriesQuery(tx, and(...f)));
    const cells = new Map<string, { weekday: number; sessionStart: number; entries: typeof list }>();
    for (const e of list) {
      const k = `${e.weekday}|${e.sessionStart}`;
      const cell = cells.get(k) ?? { weekday: e.weekday, sessionStart: e.sessionStart, entries: [] };
      cell.entries.push(e);
      cells.set(k, cell);
    }
    const sessions = sessionTimes.map((t) => ({ sessionNo: t.sessionNo, start: formatHm(t.startMinute), end: formatHm(t.endMinute) }));
    return { semesterId: semester.id, week, today: clock.date, dates, sessions, cells: [...cells.values()] };
  });
}

/** The classes of one day (today in the school's zone by default) with their state. */
export async function dayClasses(ctx: MemberCtx, q: { date?: string | undefined; classroomId?: string | undefined }) {
  return inSchool(ctx, async (tx) => {
    const today = schoolClock(ctx).date;
    const date = q.date ?? today;
    const f: SQL[] = [eq(courseSessions.lessonDate, date)];
    if (q.classroomId) f.push(eq(courseSessions.classroomId, q.classroomId));
    const { list } = await withState(ctx, tx, await entriesQuery(tx, and(...f)));
    return { date, today, list };
  });
}

// ---------------------------------------------------------------- pickers

export async function scheduleOptions(ctx: MemberCtx) {
  return inSchool(ctx, async (tx) => ({
    units: await tx.select({ id: orgUnits.id, parentId: orgUnits.parentId, name: orgUnits.name, kind: orgUnits.kind }).from(orgUnits).orderBy(asc(orgUnits.sort), asc(orgUnits.name)),
    classrooms: await tx.select({ id: classrooms.id, name: classrooms.name, buildingName: buildings.name }).from(classrooms)
      .innerJoin(buildings, and(eq(buildings.schoolId, classrooms.schoolId), eq(buildings.id, classrooms.buildingId)))
      .orderBy(asc(buildings.sort), asc(buildings.name), asc(classrooms.name)),
  }));
}

/** Approved members found by name or account (at most 20), or the one with `id`: teachers for a course. */
export async function teacherOptions(ctx: MemberCtx, q: { keyword?: string | undefined; id?: string | undefined }) {
  return inSchool(ctx, async (tx) => {
    const f: SQL[] = [eq(schoolMemberships.status, 'approved')];
    if (q.id) f.push(eq(accounts.id, q.id));
    if (q.keyword) f.push(or(ilike(accounts.name, containsPattern(q.keyword)), ilike(accounts.account, containsPattern(q.keyword)))!);
    return tx.select({ id: accounts.id, name: accounts.name, account: accounts.account }).from(schoolMemberships)
      .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
      .where(and(...f))
      // Teachers first, then everyone else who may teach (supervisors, leaders).
      .orderBy(sql`${schoolMemberships.identity} <> ${IDENTITY.teacher}`, asc(accounts.name), asc(accounts.id))
      .limit(20);
  });
}
