import {
  expandWeeks,
  formatHm,
  lessonDate,
  weekDates,
  weeksToRanges,
  WEEKDAY_NAMES,
  type TCourseListRequest,
  type TCourseSlotInput,
  type TSaveCourseRequest,
  type TTimetableRequest,
} from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { findSemester, schoolClock } from '../calendar/calendar.service.ts';
import { stateOfDay, stateReader } from './course-state.ts';
import * as repo from './courses.repo.ts';
import type { CourseRow, EntryRow, MeetingFields, SlotLine } from './courses.repo.ts';

type ListQuery = TCourseListRequest;

/** A course's timetable lines (same weekday, sessions and room) with their weeks as ranges. */
function toSlots(lines: readonly SlotLine[]) {
  return lines.flatMap((l) =>
    weeksToRanges(l.weeks).map((r) => ({
      ...r, weekday: l.weekday, sessionStart: l.sessionStart, sessionEnd: l.sessionEnd, classroomId: l.classroomId, classroomName: l.classroomName,
    })),
  );
}

async function withSessions(ctx: MemberCtx, tx: Tx, rows: CourseRow[]) {
  const clock = schoolClock(ctx);
  const lines = await repo.slotLinesOf(tx, rows.map((r) => r.id), clock.date);
  const byCourse = new Map<string, SlotLine[]>();
  for (const l of lines) byCourse.set(l.courseId, [...(byCourse.get(l.courseId) ?? []), l]);
  // Today's meetings, for the state of each course today.
  const todays = lines.flatMap((l) => l.todayIds.map((id) => ({ id, courseId: l.courseId, lessonDate: clock.date, sessionStart: l.sessionStart, sessionEnd: l.sessionEnd })));
  const reader = await stateReader(tx, clock, todays);
  return rows.map((r) => {
    const mine = byCourse.get(r.id) ?? [];
    const today = todays.filter((x) => x.courseId === r.id);
    return { ...r, sessionCount: mine.reduce((n, l) => n + l.weeks.length, 0), slots: toSlots(mine), state: stateOfDay(today.map(reader.state)) };
  });
}

export async function listCourses(ctx: MemberCtx, q: ListQuery) {
  return inSchool(ctx, async (tx) => {
    const semester = q.semesterId && (q.week || q.weekday) ? await findSemester(tx, q.semesterId) : undefined;
    // The matching courses' ids first, in their own statement: a join or EXISTS would be planned per
    // course when the tables have no statistics (PGlite never analyses), seconds instead of milliseconds.
    const ids = await repo.courseIdsMeeting(tx, q, semester);
    if (ids && !ids.length) return { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
    const page = await repo.coursePage(tx, q, ids);
    // The page's rows carry the total; a page past the end (or an empty list) has none to carry it.
    const total = page[0]?.total ?? (q.pageNum > 1 ? await repo.countCourses(tx, q, ids) : 0);
    const rows = page.map(({ total: _total, ...r }) => r);
    return { list: await withSessions(ctx, tx, rows), total, pageNum: q.pageNum, pageSize: q.pageSize };
  });
}

export async function getCourse(ctx: MemberCtx, id: string) {
  return inSchool(ctx, async (tx) => {
    const rows = await repo.coursesById(tx, id);
    if (!rows.length) throw new AppError('common.notFound');
    return (await withSessions(ctx, tx, rows))[0]!;
  });
}

const sessionsLabel = (a: number, b: number) => (a === b ? String(a) : `${a}-${b}`);

type Wanted = MeetingFields;

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
  const existing = await repo.meetingsOfCourse(tx, courseId);
  const byKey = new Map(existing.map((e) => [key(e), e]));
  const wantedKeys = new Set(wanted.map(key));
  const gone = existing.filter((e) => !wantedKeys.has(key(e))).map((e) => e.id);
  if (gone.length) await repo.deleteMeetings(tx, gone);
  const changed = wanted.filter((w) => {
    const e = byKey.get(key(w));
    return e && (e.sessionEnd !== w.sessionEnd || e.classroomId !== w.classroomId || e.lessonDate !== w.lessonDate);
  });
  if (changed.length) await repo.updateMeetings(tx, changed.map((w) => ({ ...w, id: byKey.get(key(w))!.id })));
  const added = wanted.filter((w) => !byKey.has(key(w)));
  if (added.length) await repo.insertMeetings(tx, schoolId, courseId, added);
}

/** The first clash of a course's meetings with another course's, in the same room or for the same teacher. */
async function assertNoClash(ctx: MemberCtx, tx: Tx, courseId: string, teacherId: string) {
  const room = await repo.firstRoomClash(tx, courseId);
  const where = (r: { week: number; weekday: number; s1: number; s2: number; course: string }) =>
    ({ week: r.week, weekday: WEEKDAY_NAMES[ctx.lang][r.weekday - 1]!, sessions: sessionsLabel(r.s1, r.s2), course: r.course });
  if (room) throw new AppError('course.roomClash', { ...where(room), room: room.room ?? '' });
  const teacher = await repo.firstTeacherClash(tx, courseId, teacherId);
  if (teacher) {
    const person = await repo.accountName(tx, teacherId);
    throw new AppError('course.teacherClash', { ...where(teacher), teacher: person ?? '' });
  }
}

export async function saveCourse(ctx: MemberCtx, input: TSaveCourseRequest) {
  const id = await inSchool(ctx, async (tx) => {
    const semester = await findSemester(tx, input.semesterId);
    if ((await repo.membershipStatus(tx, input.teacherId)) !== 'approved') throw new AppError('course.teacherNotMember');
    if (input.orgUnitId && !(await repo.orgUnitExists(tx, input.orgUnitId))) throw new AppError('common.notFound');
    const roomIds = [...new Set(input.slots.map((s) => s.classroomId).filter((x): x is string => !!x))];
    if (roomIds.length && (await repo.countClassroomsAmong(tx, roomIds)) !== roomIds.length) throw new AppError('common.notFound');
    const wanted = expandSlots(ctx, semester, input.slots);
    const dup = await repo.courseIdByCode(tx, input.semesterId, input.code);
    if (dup && dup !== input.id) throw new AppError('course.codeTaken', { code: input.code });
    const values = {
      semesterId: input.semesterId, name: input.name, code: input.code, orgUnitId: input.orgUnitId ?? null, teacherId: input.teacherId,
      teachingClass: input.teachingClass || null, studentCount: input.studentCount,
    };
    const id = input.id ? await repo.updateCourse(tx, input.id, values) : await repo.insertCourse(tx, ctx.auth.schoolId, values);
    if (!id) throw new AppError('common.notFound');
    await syncSessions(tx, ctx.auth.schoolId, id, wanted);
    await assertNoClash(ctx, tx, id, input.teacherId);
    return id;
  });
  return getCourse(ctx, id);
}

export async function deleteCourses(ctx: MemberCtx, ids: string[]) {
  await inSchool(ctx, async (tx) => {
    if ((await repo.countCoursesAmong(tx, ids)) !== new Set(ids).size) throw new AppError('common.notFound');
    await repo.deleteCourses(tx, ids);
  });
}

// ---------------------------------------------------------------- week view and day view

async function withState(ctx: MemberCtx, tx: Tx, rows: EntryRow[]) {
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
    const entries = await repo.weekEntries(tx, { semesterId: semester.id, week, from: dates[0]!, to: dates[6]!, classroomId: q.classroomId, teacherId: q.teacherId, orgUnitId: q.orgUnitId });
    const { clock, sessionTimes, list } = await withState(ctx, tx, entries);
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
    const { list } = await withState(ctx, tx, await repo.dayEntries(tx, date, q.classroomId));
    return { date, today, list };
  });
}

// ---------------------------------------------------------------- pickers

export async function scheduleOptions(ctx: MemberCtx) {
  return inSchool(ctx, async (tx) => ({
    units: await repo.unitOptions(tx),
    classrooms: await repo.classroomOptions(tx),
  }));
}

/** Approved members found by name or account (at most 20), or the one with `id`: teachers for a course. */
export async function teacherOptions(ctx: MemberCtx, q: { keyword?: string | undefined; id?: string | undefined }) {
  return inSchool(ctx, (tx) => repo.approvedMembers(tx, q));
}
