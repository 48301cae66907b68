/**
 * When a class opens for evaluation (issue 20): from the school's "waiting for class" minutes before
 * its first session, when check-in and temporary evaluation open too, or from the start of its day
 * when its session has no time. Before that, no evaluation of it starts (no draft is left of a class
 * that has not happened) and lists show when it starts; submitting still waits for the start itself
 * (evaluations.service.ts).
 */
import { formatHm } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { readSessionTimes } from '../calendar/calendar.service.ts';
import { schoolWaitingMinutes } from '../courses/course-state.ts';
import { zonedInstant } from '../recordings/recording-windows.ts';

type Slot = { lessonDate: string; startMinute: number | null };

/** The minute of its day the class opens at (not before the day's first minute). */
const opensMinute = (startMinute: number | null, waitingMinutes: number) => (startMinute === null ? 0 : Math.max(0, startMinute - waitingMinutes));

/** The instant a class opens for evaluation (ISO), with the school's waiting minutes read once per list. */
export function evaluableFrom(x: Slot, waitingMinutes: number, timeZone: string): string {
  return zonedInstant(x.lessonDate, opensMinute(x.startMinute, waitingMinutes), timeZone).toISOString();
}

/** Refuses a class that has not opened for evaluation yet, saying when it starts and when it opens. */
export async function requireEvaluable(ctx: MemberCtx, tx: Tx, m: { lessonDate: string; sessionStart: number }): Promise<void> {
  const start = (await readSessionTimes(tx)).find((t) => t.sessionNo === m.sessionStart)?.startMinute ?? null;
  const waiting = await schoolWaitingMinutes(tx);
  const from = evaluableFrom({ lessonDate: m.lessonDate, startMinute: start }, waiting, ctx.deps.config.schoolTimezone);
  if (ctx.deps.now().getTime() >= Date.parse(from)) return;
  const at = (minute: number | null) => (minute === null ? m.lessonDate : `${m.lessonDate} ${formatHm(minute)}`);
  throw new AppError('evaluation.notOpenYet', { start: at(start), opens: at(start === null ? null : opensMinute(start, waiting)) });
}
