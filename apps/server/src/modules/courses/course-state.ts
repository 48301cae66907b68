import { courseState, formatHm, type TCourseState } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import * as repo from './courses.repo.ts';

const DEFAULT_WAITING_MINUTES = 10;

type Meeting = { id: string; lessonDate: string; sessionStart: number; sessionEnd: number };

/** The school's minutes of "waiting for class" before a class begins. */
export async function schoolWaitingMinutes(tx: Tx): Promise<number> {
  return (await repo.waitingMinutes(tx)) ?? DEFAULT_WAITING_MINUTES;
}

/**
 * What the course state needs besides the clock, read once for a set of class meetings in one
 * statement: the session times, the school's waiting minutes, and which of today's meetings have an
 * active warning.
 */
export async function stateReader(tx: Tx, clock: { date: string; minute: number }, meetings: readonly Meeting[]) {
  const todays = meetings.filter((x) => x.lessonDate === clock.date).map((x) => x.id);
  const read = await repo.stateInputs(tx, todays);
  const sessionTimes = read.times;
  const times = new Map(sessionTimes.map((t) => [t.sessionNo, t]));
  const waitingMinutes = read.waitingMinutes ?? DEFAULT_WAITING_MINUTES;
  const warned = new Set(read.warned);
  return {
    /** The school's session list, read once here for callers that show it too. */
    sessionTimes,
    waitingMinutes,
    times: (x: Pick<Meeting, 'sessionStart' | 'sessionEnd'>) => {
      const start = times.get(x.sessionStart);
      const end = times.get(x.sessionEnd);
      return { startTime: start ? formatHm(start.startMinute) : null, endTime: end ? formatHm(end.endMinute) : null };
    },
    /** null when a session number of the meeting has no time set (the state cannot be known). */
    state: (x: Meeting): TCourseState | null => {
      const start = times.get(x.sessionStart);
      const end = times.get(x.sessionEnd);
      if (!start || !end) return null;
      return courseState({
        today: clock.date,
        nowMinute: clock.minute,
        lessonDate: x.lessonDate,
        startMinute: start.startMinute,
        endMinute: end.endMinute,
        waitingMinutes,
        activeWarning: warned.has(x.id),
      });
    },
  };
}

/** The state a course shows for today: a class under way, else the next one, else the last; null without a class today. */
export function stateOfDay(states: readonly (TCourseState | null)[]): TCourseState | null {
  const known = states.filter((s): s is TCourseState => s !== null);
  for (const s of ['warning', 'inClass', 'waiting', 'notStarted', 'ended'] as const) if (known.includes(s)) return s;
  return null;
}

