/** The chat history's groups (spec section 9): today, yesterday, last 7 days, earlier. */
import { CHAT_HISTORY_GROUPS } from '@hxk/contracts/constants';

export const HISTORY_GROUPS = CHAT_HISTORY_GROUPS;
export type THistoryGroup = (typeof CHAT_HISTORY_GROUPS)[number];

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** The group of a conversation last asked at `at`, seen at `now` (local days of the browser). */
export function historyGroup(at: Date, now: Date): THistoryGroup {
  const today = startOfDay(now);
  const day = startOfDay(at);
  if (day >= today) return 'today';
  // Calendar days, not 24-hour spans: the clocks may change in between.
  const yesterday = startOfDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  if (day >= yesterday) return 'yesterday';
  const weekAgo = startOfDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 7));
  if (day >= weekAgo) return 'last7Days';
  return 'earlier';
}

/** Milliseconds until the next local midnight: the groups change then. */
export function msToMidnight(now: Date): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime() - now.getTime();
}
