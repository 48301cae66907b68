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

/** Dates of the seven days (Monday first) of teaching week `week`. */
export function weekDates(semesterStart: string, week: number): string[] {
  return Array.from({ length: 7 }, (_, i) => lessonDate(semesterStart, week, i + 1));
}

/** The last day (a Sunday) of a semester of `weekCount` teaching weeks. */
export function semesterEnd(semesterStart: string, weekCount: number): string {
  return lessonDate(semesterStart, weekCount, 7);
}

// ---------------------------------------------------------------- clock in the school's time zone

// One formatter per time zone: making an Intl.DateTimeFormat costs far more than using one (it was a
// tenth of a millisecond of every course-list request).
const clockFormats = new Map<string, Intl.DateTimeFormat>();
function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let f = clockFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormats.set(timeZone, f);
  }
  return f;
}

/** The calendar date and the minute of the day at instant `at` in `timeZone` (an IANA name). */
export function zonedClock(at: Date, timeZone: string): { date: string; minute: number } {
  const parts = clockFormat(timeZone).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, minute: Number(get('hour')) * 60 + Number(get('minute')) };
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- daily session times

/** 'HH:mm' to minutes after midnight; '24:00' is the end of the day. */
export function parseHm(hm: string): number {
  const [h, m] = hm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

export function formatHm(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** Spec section 5: a session's start and end must be more than 10 minutes apart. */
export const MIN_SESSION_GAP_MINUTES = 10;

export type SessionTimeIssue =
  | { key: 'schedule.sessionEndBeforeStart'; index: number; params: { no: number } }
  | { key: 'schedule.sessionTooShort'; index: number; params: { no: number; minutes: number } }
  | { key: 'schedule.sessionNoDuplicate'; index: number; params: { no: number } }
  | { key: 'schedule.sessionOrder'; index: number; params: { no: number; previous: number } }
  | { key: 'schedule.sessionOverlap'; index: number; params: { no: number; previous: number } };

/**
 * Rules of a school's daily session list, in the order given: each ends after it starts and more
 * than 10 minutes later; numbers are unique; a higher number starts no earlier than the one before
 * it ends (ordered by number, no overlap). Returns every problem found, first to last.
 */
export function checkSessionTimes(list: readonly { sessionNo: number; startMinute: number; endMinute: number }[]): SessionTimeIssue[] {
  const issues: SessionTimeIssue[] = [];
  list.forEach((s, index) => {
    if (s.endMinute <= s.startMinute) issues.push({ key: 'schedule.sessionEndBeforeStart', index, params: { no: s.sessionNo } });
    else if (s.endMinute - s.startMinute <= MIN_SESSION_GAP_MINUTES) issues.push({ key: 'schedule.sessionTooShort', index, params: { no: s.sessionNo, minutes: MIN_SESSION_GAP_MINUTES } });
  });
  const seen = new Set<number>();
  list.forEach((s, index) => {
    if (seen.has(s.sessionNo)) issues.push({ key: 'schedule.sessionNoDuplicate', index, params: { no: s.sessionNo } });
    seen.add(s.sessionNo);
  });
  const sorted = list.map((s, index) => ({ ...s, index })).sort((a, b) => a.sessionNo - b.sessionNo);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const cur = sorted[i]!;
    if (prev.sessionNo === cur.sessionNo) continue;
    if (cur.startMinute < prev.startMinute) issues.push({ key: 'schedule.sessionOrder', index: cur.index, params: { no: cur.sessionNo, previous: prev.sessionNo } });
    else if (cur.startMinute < prev.endMinute) issues.push({ key: 'schedule.sessionOverlap', index: cur.index, params: { no: cur.sessionNo, previous: prev.sessionNo } });
  }
  return issues;
}

// ---------------------------------------------------------------- teaching weeks of a timetable entry

export type WeekParity = 'all' | 'odd' | 'even';

/** Weeks `from`..`to`, all of them or only the odd or even ones. */
export function expandWeeks(from: number, to: number, parity: WeekParity): number[] {
  const out: number[] = [];
  for (let w = from; w <= to; w++) if (parity === 'all' || (parity === 'odd') === (w % 2 === 1)) out.push(w);
  return out;
}

/**
 * The fewest ranges that give exactly `weeks` back through expandWeeks: a single odd or even run
 * when the weeks step by two, else runs of consecutive weeks.
 */
export function weeksToRanges(weeks: readonly number[]): { weekFrom: number; weekTo: number; parity: WeekParity }[] {
  const w = [...new Set(weeks)].sort((a, b) => a - b);
  if (!w.length) return [];
  const first = w[0]!;
  const last = w[w.length - 1]!;
  if (w.length > 1 && w.every((x, i) => i === 0 || x - w[i - 1]! === 2)) return [{ weekFrom: first, weekTo: last, parity: first % 2 === 1 ? 'odd' : 'even' }];
  const out: { weekFrom: number; weekTo: number; parity: WeekParity }[] = [];
  let start = first;
  for (let i = 1; i <= w.length; i++) {
    if (i === w.length || w[i]! !== w[i - 1]! + 1) {
      out.push({ weekFrom: start, weekTo: w[i - 1]!, parity: 'all' });
      if (i < w.length) start = w[i]!;
    }
  }
  return out;
}

// ---------------------------------------------------------------- course state (spec section 4)

export const COURSE_STATES = ['notStarted', 'waiting', 'inClass', 'warning', 'ended'] as const;
export type TCourseState = (typeof COURSE_STATES)[number];

/**
 * The state of one class meeting at a moment: not started; waiting for class during the school's
 * waiting minutes before it starts; in class from its start until its end, or warning in progress
 * then when an active warning is open for it; class ended from its end on. Days before the class
 * are "not started", days after it "ended". Times are in the school's zone.
 */
export function courseState(input: {
  today: string;
  nowMinute: number;
  lessonDate: string;
  startMinute: number;
  endMinute: number;
  waitingMinutes: number;
  activeWarning: boolean;
}): TCourseState {
  if (input.lessonDate < input.today) return 'ended';
  if (input.lessonDate > input.today) return 'notStarted';
  if (input.nowMinute >= input.endMinute) return 'ended';
  if (input.nowMinute >= input.startMinute) return input.activeWarning ? 'warning' : 'inClass';
  if (input.nowMinute >= input.startMinute - input.waitingMinutes) return 'waiting';
  return 'notStarted';
}

/** Weekday names (1 = Monday) for messages the server writes in the user's language. */
export const WEEKDAY_NAMES = {
  zh: ['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日'],
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  ja: ['月曜日', '火曜日', '水曜日', '木曜日', '金曜日', '土曜日', '日曜日'],
} as const;
