import {
  checkSessionTimes,
  formatHm,
  lessonDate,
  mondayOf,
  parseHm,
  semesterEnd,
  teachingWeekOf,
  weekDates,
  zonedClock,
  type TSaveSemesterRequest,
  type TSaveSessionTimesRequest,
} from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import * as repo from './calendar.repo.ts';
import type { SemesterRow } from './calendar.repo.ts';

/** Today's date and minute of the day in the school's time zone (SCHOOL_TIMEZONE), from the app clock. */
export const schoolClock = (ctx: MemberCtx) => zonedClock(ctx.deps.now(), ctx.deps.config.schoolTimezone);

const present = (r: SemesterRow, today: string, courseCount: number) => ({
  id: r.id,
  name: r.name,
  startDate: r.startDate,
  endDate: semesterEnd(r.startDate, r.weekCount),
  weekCount: r.weekCount,
  current: teachingWeekOf(r.startDate, r.weekCount, today) !== null,
  courseCount,
});

export async function findSemester(tx: Tx, id: string): Promise<SemesterRow> {
  const row = await repo.semesterById(tx, id);
  if (!row) throw new AppError('common.notFound');
  return row;
}

/** Every semester of the school, newest first, with its course count. */
export async function listSemesters(ctx: MemberCtx) {
  const { date } = schoolClock(ctx);
  const rows = await inSchool(ctx, repo.semestersWithCourseCounts);
  return rows.map((r) => present(r.semester, date, r.courseCount));
}

/** The semesters as options, the one containing today flagged (else none). */
export async function calendarDict(ctx: MemberCtx) {
  const list = await listSemesters(ctx);
  return list.map((s) => ({ value: s.id, label: s.name, current: s.current, startDate: s.startDate, weekCount: s.weekCount }));
}

export async function saveSemester(ctx: MemberCtx, input: TSaveSemesterRequest) {
  const { date } = schoolClock(ctx);
  return inSchool(ctx, async (tx) => {
    const fields = { name: input.name, startDate: input.startDate, weekCount: input.weekCount };
    const dup = await repo.semesterIdByName(tx, input.name);
    if (dup && dup !== input.id) throw new AppError('semester.nameTaken');
    if (!input.id) return present(await repo.insertSemester(tx, ctx.auth.schoolId, fields), date, 0);
    const before = await findSemester(tx, input.id);
    const used = await repo.lastUsedWeek(tx, input.id);
    if (used != null && used > input.weekCount) throw new AppError('semester.weeksInUse', { week: used });
    const row = await repo.updateSemester(tx, input.id, fields);
    // Every class date of the semester moves with its week 1.
    if (mondayOf(before.startDate) !== mondayOf(input.startDate)) await repo.moveClassDates(tx, input.id, mondayOf(input.startDate));
    return present(row, date, await repo.courseCount(tx, input.id));
  });
}

export async function deleteSemester(ctx: MemberCtx, id: string) {
  await inSchool(ctx, async (tx) => {
    await findSemester(tx, id);
    const n = await repo.courseCount(tx, id);
    if (n > 0) throw new AppError('semester.hasCourses', { count: n });
    await repo.deleteSemester(tx, id);
  });
}

/** The teaching week containing today; outside the semester, week is null and the dates are this calendar week's. */
export async function weekOfToday(ctx: MemberCtx, id: string) {
  const { date: today } = schoolClock(ctx);
  const s = await inSchool(ctx, (tx) => findSemester(tx, id));
  const week = teachingWeekOf(s.startDate, s.weekCount, today);
  const dates = week ? weekDates(s.startDate, week) : weekDates(mondayOf(today), 1);
  return { semesterId: s.id, today, week, weekCount: s.weekCount, startDate: dates[0]!, endDate: dates[6]!, dates };
}

export async function semesterWeeks(ctx: MemberCtx, id: string) {
  const s = await inSchool(ctx, (tx) => findSemester(tx, id));
  const weeks = Array.from({ length: s.weekCount }, (_, i) => {
    const dates = weekDates(s.startDate, i + 1);
    return { week: i + 1, startDate: dates[0]!, endDate: dates[6]!, dates };
  });
  return { semesterId: s.id, weekCount: s.weekCount, weeks };
}

/** Re-exported for the courses module: the date of a class of this semester. */
export const classDate = (s: Pick<SemesterRow, 'startDate'>, week: number, weekday: number) => lessonDate(s.startDate, week, weekday);

// ---------------------------------------------------------------- daily session times

/** For the courses and evaluations modules: the daily session times in order. */
export const readSessionTimes = repo.sessionTimesInOrder;

export async function getSessionTimes(ctx: MemberCtx) {
  const rows = await inSchool(ctx, readSessionTimes);
  return rows.map((r) => ({ sessionNo: r.sessionNo, start: formatHm(r.startMinute), end: formatHm(r.endMinute) }));
}

/** Replaces the school's daily session list after the rules of spec section 5 (first problem reported). */
export async function saveSessionTimes(ctx: MemberCtx, input: TSaveSessionTimesRequest) {
  const list = input.list.map((s) => ({ sessionNo: s.sessionNo, startMinute: parseHm(s.start), endMinute: parseHm(s.end) }));
  const [issue] = checkSessionTimes(list);
  if (issue) throw new AppError(issue.key, issue.params);
  await inSchool(ctx, (tx) => repo.replaceSessionTimes(tx, ctx.auth.schoolId, list));
  return getSessionTimes(ctx);
}
