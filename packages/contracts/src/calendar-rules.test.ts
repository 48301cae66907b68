import { describe, expect, it } from 'vitest';
import {
  checkSessionTimes,
  courseState,
  expandWeeks,
  formatHm,
  lessonDate,
  parseHm,
  semesterEnd,
  teachingWeekOf,
  weekDates,
  weeksToRanges,
  zonedClock,
  type TCourseState,
} from './calendar-rules.ts';

const s = (sessionNo: number, start: string, end: string) => ({ sessionNo, startMinute: parseHm(start), endMinute: parseHm(end) });

describe('session time rules', () => {
  it('accepts a normal day', () => {
    expect(checkSessionTimes([s(1, '08:00', '08:45'), s(2, '08:55', '09:40'), s(3, '10:00', '10:45')])).toEqual([]);
    expect(checkSessionTimes([])).toEqual([]);
  });
  it('needs the end after the start', () => {
    expect(checkSessionTimes([s(1, '08:45', '08:00')])).toEqual([{ key: 'schedule.sessionEndBeforeStart', index: 0, params: { no: 1 } }]);
    expect(checkSessionTimes([s(1, '08:00', '08:00')])[0]?.key).toBe('schedule.sessionEndBeforeStart');
  });
  it('needs start and end more than 10 minutes apart', () => {
    expect(checkSessionTimes([s(1, '08:00', '08:10')])).toEqual([{ key: 'schedule.sessionTooShort', index: 0, params: { no: 1, minutes: 10 } }]);
    expect(checkSessionTimes([s(1, '08:00', '08:11')])).toEqual([]);
  });
  it('refuses overlapping sessions, naming both', () => {
    expect(checkSessionTimes([s(1, '08:00', '08:45'), s(2, '08:40', '09:30')])).toEqual([{ key: 'schedule.sessionOverlap', index: 1, params: { no: 2, previous: 1 } }]);
    // Touching is not overlapping.
    expect(checkSessionTimes([s(1, '08:00', '08:45'), s(2, '08:45', '09:30')])).toEqual([]);
  });
  it('refuses a higher number starting before a lower one, in whatever order they are given', () => {
    expect(checkSessionTimes([s(2, '08:00', '08:45'), s(1, '09:00', '09:45')])).toEqual([{ key: 'schedule.sessionOrder', index: 0, params: { no: 2, previous: 1 } }]);
  });
  it('refuses a number given twice', () => {
    expect(checkSessionTimes([s(1, '08:00', '08:45'), s(1, '09:00', '09:45')])).toEqual([{ key: 'schedule.sessionNoDuplicate', index: 1, params: { no: 1 } }]);
  });
  it('formats and parses clock times', () => {
    expect(parseHm('08:05')).toBe(485);
    expect(formatHm(485)).toBe('08:05');
    expect(formatHm(1440)).toBe('24:00');
  });
});

describe('lesson dates and teaching weeks', () => {
  it('puts week 1 on the Monday of the start date and counts from there', () => {
    // 2026-09-02 is a Wednesday.
    expect(lessonDate('2026-09-02', 1, 1)).toBe('2026-08-31');
    expect(lessonDate('2026-09-02', 1, 3)).toBe('2026-09-02');
    expect(lessonDate('2026-09-02', 2, 7)).toBe('2026-09-13');
    expect(lessonDate('2026-09-02', 18, 4)).toBe('2026-12-31');
    // Across a year end and a leap day.
    expect(lessonDate('2027-12-27', 10, 2)).toBe('2028-02-29');
  });
  it('finds the week of a date, null outside the semester', () => {
    expect(teachingWeekOf('2026-09-02', 18, '2026-08-31')).toBe(1);
    expect(teachingWeekOf('2026-09-02', 18, '2026-08-30')).toBeNull();
    expect(teachingWeekOf('2026-09-02', 18, '2026-12-31')).toBe(18);
    expect(teachingWeekOf('2026-09-02', 18, '2027-01-04')).toBeNull();
  });
  it('lists the dates of a week and the end of the semester', () => {
    expect(weekDates('2026-09-02', 2)).toEqual(['2026-09-07', '2026-09-08', '2026-09-09', '2026-09-10', '2026-09-11', '2026-09-12', '2026-09-13']);
    expect(semesterEnd('2026-09-02', 18)).toBe('2027-01-03');
  });
  it('expands week ranges with odd and even weeks and folds them back', () => {
    expect(expandWeeks(1, 8, 'all')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(expandWeeks(1, 8, 'odd')).toEqual([1, 3, 5, 7]);
    expect(expandWeeks(1, 8, 'even')).toEqual([2, 4, 6, 8]);
    expect(expandWeeks(3, 3, 'even')).toEqual([]);
    expect(weeksToRanges([1, 3, 5, 7])).toEqual([{ weekFrom: 1, weekTo: 7, parity: 'odd' }]);
    expect(weeksToRanges([2, 4])).toEqual([{ weekFrom: 2, weekTo: 4, parity: 'even' }]);
    expect(weeksToRanges([1, 2, 3, 5, 9, 10])).toEqual([
      { weekFrom: 1, weekTo: 3, parity: 'all' }, { weekFrom: 5, weekTo: 5, parity: 'all' }, { weekFrom: 9, weekTo: 10, parity: 'all' },
    ]);
    for (const weeks of [[1, 3, 5], [4], [1, 2, 4, 6], [2, 3, 4, 10, 12, 14]]) {
      expect(weeksToRanges(weeks).flatMap((r) => expandWeeks(r.weekFrom, r.weekTo, r.parity)).sort((a, b) => a - b)).toEqual(weeks);
    }
  });
  it("reads today and the minute of the day in the school's zone", () => {
    // 2026-11-22 17:30 UTC is 01:30 the next day in Shanghai and 12:30 the same day in New York.
    const at = new Date('2026-11-22T17:30:00Z');
    expect(zonedClock(at, 'Asia/Shanghai')).toEqual({ date: '2026-11-23', minute: 90 });
    expect(zonedClock(at, 'America/New_York')).toEqual({ date: '2026-11-22', minute: 750 });
    expect(zonedClock(new Date('2026-11-22T16:00:00Z'), 'Asia/Shanghai')).toEqual({ date: '2026-11-23', minute: 0 });
  });
});

describe('course state over a day', () => {
  // A class 10:00-11:35 (sessions 3-4) on 2026-11-23, 10 waiting minutes.
  const lesson = { lessonDate: '2026-11-23', startMinute: parseHm('10:00'), endMinute: parseHm('11:35'), waitingMinutes: 10 };
  const at = (today: string, hm: string, activeWarning = false) => courseState({ ...lesson, today, nowMinute: parseHm(hm), activeWarning });

  it('walks through every state minute by minute', () => {
    const seen: { from: string; state: TCourseState }[] = [];
    for (let minute = 0; minute < 1440; minute++) {
      const state = courseState({ ...lesson, today: '2026-11-23', nowMinute: minute, activeWarning: false });
      if (seen.at(-1)?.state !== state) seen.push({ from: formatHm(minute), state });
    }
    expect(seen).toEqual([
      { from: '00:00', state: 'notStarted' },
      { from: '09:50', state: 'waiting' },
      { from: '10:00', state: 'inClass' },
      { from: '11:35', state: 'ended' },
    ]);
  });
  it('shows a warning in progress only while the class is on', () => {
    expect(at('2026-11-23', '09:55', true)).toBe('waiting');
    expect(at('2026-11-23', '10:00', true)).toBe('warning');
    expect(at('2026-11-23', '11:34', true)).toBe('warning');
    expect(at('2026-11-23', '11:35', true)).toBe('ended');
  });
  it('is not started on the days before and ended on the days after', () => {
    expect(at('2026-11-22', '23:59')).toBe('notStarted');
    expect(at('2026-11-24', '00:00')).toBe('ended');
  });
  it('has no waiting time when the school sets none', () => {
    expect(courseState({ ...lesson, waitingMinutes: 0, today: '2026-11-23', nowMinute: parseHm('09:59'), activeWarning: false })).toBe('notStarted');
  });
});
