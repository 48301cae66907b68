import type { TFunction } from 'i18next';
import type { TCourseState } from '@hxk/contracts/calendar-rules';
import type { TCourseSlot } from '@hxk/contracts/courses';

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const weekdayLabel = (t: TFunction, weekday: number) => t(`schedule:weekday.${weekday}`);

export const STATE_COLORS: Record<TCourseState, string> = {
  notStarted: 'default',
  waiting: 'gold',
  inClass: 'green',
  warning: 'red',
  ended: 'blue',
};

const range = (t: TFunction, key: 'weeks' | 'sessions', from: number, to: number) =>
  from === to ? t(`schedule:slot.${key}One`, { n: from }) : t(`schedule:slot.${key}`, { from, to });

/** One timetable line in words: "Weeks 1-15 (odd) · Wednesday · Sessions 3-4 · Hall A 101". */
type SlotFields = Pick<TCourseSlot, 'weekFrom' | 'weekTo' | 'parity' | 'weekday' | 'sessionStart' | 'sessionEnd' | 'classroomName'>;

/** Weeks, weekday, sessions and room of a timetable line, each a piece that should not break inside. */
export function slotParts(t: TFunction, s: SlotFields): string[] {
  const weeks = range(t, 'weeks', s.weekFrom, s.weekTo) + (s.parity === 'all' ? '' : t(`schedule:slot.parity.${s.parity}`));
  return [weeks, weekdayLabel(t, s.weekday), range(t, 'sessions', s.sessionStart, s.sessionEnd), s.classroomName ?? ''].filter(Boolean);
}

export const sessionRangeText = (t: TFunction, from: number, to: number) => range(t, 'sessions', from, to);
