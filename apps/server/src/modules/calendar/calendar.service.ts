import { asc, count, desc, eq, max, sql } from 'drizzle-orm';
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
import { courseSessions, courses, semesters, sessionTimes } from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';

/** Today's date and minute of the day in the school's time zone (SCHOOL_TIMEZONE), from the app clock. */
export const schoolClock = (ctx: MemberCtx) => zonedClock(ctx.deps.now(), ctx.deps.config.schoolTimezone);

type SemesterRow = typeof semesters.$inferSelect;

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
  const [row] = await tx.select().from(semesters).where(eq(semesters.id, id));
  if (!row) throw new AppError('common.notFound');
  return row;
}

/** Every semester of the school, newest first, with its course count. */
export async function listSemesters(ctx: MemberCtx) {
  const { date } = schoolClock(ctx);
  return inSchool(ctx, async (tx) => {
    const counts = tx.select({ semesterId: courses.semesterId, n: count().as('n') }).from(courses).groupBy(courses.semesterId).as('c');
    const rows = await tx.select({ s: semesters, n: counts.n }).from(semesters)
      .leftJoin(counts, eq(counts.semesterId, semesters.id))
      .orderBy(desc(semesters.startDate), desc(semesters.id));
    return rows.map((r) => present(r.s, date, Number(r.n ?? 0)));
  });
}

/** The semesters as options, the one containing today flagged (else none). */
export async function calendarDict(ctx: MemberCtx) {
  const list = await listSemesters(ctx);
  return list.map((s) => ({ value: s.id, label: s.name, current: s.current, startDate: s.startDate, weekCount: s.weekCount }));
}

export async function saveSemester(ctx: MemberCtx, input: TSaveSemesterRequest) {
  const { date } = schoolClock(ctx);
  return inSchool(ctx, async (tx) => {
    const [dup] = await tx.select({ id: semesters.id }).from(semesters).where(eq(semesters.name, input.name));
    if (dup && dup.id !== input.id) throw new AppError('semester.nameTaken');
    if (!input.id) {
      const [row] = await tx.insert(semesters).values({ schoolId: ctx.auth.schoolId, name: input.name, startDate: input.startDate, weekCount: input.weekCount }).returning();
      return present(row!, date, 0);
    }
    const before = await findSemester(tx, input.id);
    const [used] = await tx.select({ week: max(courseSessions.week) }).from(courseSessions)
      .innerJoin(courses, eq(courses.id, courseSessions.courseId))
      .where(eq(courses.semesterId, input.id));
    if (used?.week != null && used.week > input.weekCount) throw new AppError('semester.weeksInUse', { week: used.week });
    const [row] = await tx.update(semesters).set({ name: input.name, startDate: input.startDate, weekCount: input.weekCount }).where(eq(semesters.id, input.id)).returning();
    if (mondayOf(before.startDate) !== mondayOf(input.startDate)) {
      // Every class date of the semester moves with its week 1, in one statement.
      const monday = mondayOf(input.startDate);
      await tx.execute(sql`update ${courseSessions} set lesson_date = ${monday}::date + ((${courseSessions.week} - 1) * 7 + (${courseSessions.weekday} - 1))
        from ${courses} where ${courses.id} = ${courseSessions.courseId} and ${courses.schoolId} = ${courseSessions.schoolId} and ${courses.semesterId} = ${input.id}`);
    }
    const [n] = await tx.select({ n: count() }).from(courses).where(eq(courses.semesterId, input.id));
    return present(row!, date, Number(n?.n ?? 0));
  });
}

export async function deleteSemester(ctx: MemberCtx, id: string) {
  await inSchool(ctx, async (tx) => {
    await findSemester(tx, id);
    const [n] = await tx.select({ n: count() }).from(courses).where(eq(courses.semesterId, id));
    if (Number(n?.n ?? 0) > 0) throw new AppError('semester.hasCourses', { count: Number(n!.n) });
    await tx.delete(semesters).where(eq(semesters.id, id));
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

export const readSessionTimes = (tx: Tx) =>
  tx.select({ sessionNo: sessionTimes.sessionNo, startMinute: sessionTimes.startMinute, endMinute: sessionTimes.endMinute }).from(sessionTimes).orderBy(asc(sessionTimes.sessionNo));

export async function getSessionTimes(ctx: MemberCtx) {
  const rows = await inSchool(ctx, readSessionTimes);
  return rows.map((r) => ({ sessionNo: r.sessionNo, start: formatHm(r.startMinute), end: formatHm(r.endMinute) }));
}

/** Replaces the school's daily session list after the rules of spec section 5 (first problem reported). */
export async function saveSessionTimes(ctx: MemberCtx, input: TSaveSessionTimesRequest) {
  const list = input.list.map((s) => ({ sessionNo: s.sessionNo, startMinute: parseHm(s.start), endMinute: parseHm(s.end) }));
  const [issue] = checkSessionTimes(list);
  if (issue) throw new AppError(issue.key, issue.params);
  await inSchool(ctx, async (tx) => {
    await tx.delete(sessionTimes);
    if (list.length) await tx.insert(sessionTimes).values(list.map((s) => ({ schoolId: ctx.auth.schoolId, ...s })));
  });
  return getSessionTimes(ctx);
}
