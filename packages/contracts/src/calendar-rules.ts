/**
 * Calendar arithmetic shared by the server (timetable, imports) and the web (week view). Dates are
 * ISO calendar dates ('YYYY-MM-DD') in the school's local time; no time zone is involved here.
 */
const DAY_MS = 86_400_000;

const toUtc = (iso: string): number => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};
const fromUtc = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** ISO weekday of a date: 1 = Monday ... 7 = Sunday. */
export function isoWeekday(iso: string): number {
  const d = new Date(toUtc(iso)).getUTCDay();
  return d === 0 ? 7 : d;
}

export function addDays(iso: string, days: number): string {
  return fromUtc(toUtc(iso) + days * DAY_MS);
}

/** Monday of the week containing the date. */
export function mondayOf(iso: string): string {
  return addDays(iso, 1 - isoWeekday(iso));
}

/** The date of a class in teaching week `week` (1-based) on `weekday` (1 = Monday). */
export function lessonDate(semesterStart: string, week: number, weekday: number): string {
  return addDays(mondayOf(semesterStart), (week - 1) * 7 + (weekday - 1));
}

/** The teaching week a date falls in, or null outside the semester. */
export function teachingWeekOf(semesterStart: string, weekCount: number, iso: string): number | null {
  const diff = Math.floor((toUtc(iso) - toUtc(mondayOf(semesterStart))) / DAY_MS);
  if (diff < 0) return null;
  const week = Math.floor(diff / 7) + 1;
  return week <= weekCount ? week : null;
}
