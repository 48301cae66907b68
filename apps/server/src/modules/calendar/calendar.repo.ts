/** The calendar's SQL: semesters and the daily session times (docs/decisions/0016-repositories.md). */
import { asc, count, desc, eq, max, sql } from 'drizzle-orm';
import { courseSessions, courses, semesters, sessionTimes } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';

export type SemesterRow = typeof semesters.$inferSelect;
export type SemesterFields = Pick<SemesterRow, 'name' | 'startDate' | 'weekCount'>;
export type SessionTimeFields = Pick<typeof sessionTimes.$inferSelect, 'sessionNo' | 'startMinute' | 'endMinute'>;

export async function semesterById(tx: Tx, id: string): Promise<SemesterRow | undefined> {
  const [row] = await tx.select().from(semesters).where(eq(semesters.id, id));
  return row;
}

/** Every semester, newest first, with its course count. */
export async function semestersWithCourseCounts(tx: Tx) {
  // index: courses_unit_idx (school_id, semester_id, org_unit_id) for the counts
  const counts = tx.select({ semesterId: courses.semesterId, n: count().as('n') }).from(courses).groupBy(courses.semesterId).as('c');
  // index: semesters_start_idx (school_id, start_date)
  const rows = await tx.select({ semester: semesters, courseCount: counts.n }).from(semesters)
    .leftJoin(counts, eq(counts.semesterId, semesters.id))
    .orderBy(desc(semesters.startDate), desc(semesters.id));
  return rows.map((r) => ({ semester: r.semester, courseCount: Number(r.courseCount ?? 0) }));
}

export async function semesterIdByName(tx: Tx, name: string): Promise<string | undefined> {
  const [row] = await tx.select({ id: semesters.id }).from(semesters).where(eq(semesters.name, name));
  return row?.id;
}

export async function insertSemester(tx: Tx, schoolId: string, fields: SemesterFields): Promise<SemesterRow> {
  const [row] = await tx.insert(semesters).values({ schoolId, ...fields }).returning();
  return row!;
}

export async function updateSemester(tx: Tx, id: string, fields: SemesterFields): Promise<SemesterRow> {
  const [row] = await tx.update(semesters).set(fields).where(eq(semesters.id, id)).returning();
  return row!;
}

export async function deleteSemester(tx: Tx, id: string): Promise<void> {
  await tx.delete(semesters).where(eq(semesters.id, id));
}

/** The last teaching week any class of the semester uses, or null. */
export async function lastUsedWeek(tx: Tx, semesterId: string): Promise<number | null> {
  const [row] = await tx.select({ week: max(courseSessions.week) }).from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(eq(courses.semesterId, semesterId));
  return row?.week ?? null;
}

export async function courseCount(tx: Tx, semesterId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(courses).where(eq(courses.semesterId, semesterId));
  return Number(row?.n ?? 0);
}

/** Moves every class date of the semester with its week 1 (its Monday given), in one statement. */
export async function moveClassDates(tx: Tx, semesterId: string, monday: string): Promise<void> {
  await tx.execute(sql`update ${courseSessions} set lesson_date = ${monday}::date + ((${courseSessions.week} - 1) * 7 + (${courseSessions.weekday} - 1))
    from ${courses} where ${courses.id} = ${courseSessions.courseId} and ${courses.schoolId} = ${courseSessions.schoolId} and ${courses.semesterId} = ${semesterId}`);
}

/** The daily session times in order. */
export function sessionTimesInOrder(tx: Tx): Promise<SessionTimeFields[]> {
  // index: session_times_no_uq (school_id, session_no)
  return tx.select({ sessionNo: sessionTimes.sessionNo, startMinute: sessionTimes.startMinute, endMinute: sessionTimes.endMinute }).from(sessionTimes).orderBy(asc(sessionTimes.sessionNo));
}

export async function replaceSessionTimes(tx: Tx, schoolId: string, list: SessionTimeFields[]): Promise<void> {
  await tx.delete(sessionTimes);
  if (list.length) await tx.insert(sessionTimes).values(list.map((s) => ({ schoolId, ...s })));
}
