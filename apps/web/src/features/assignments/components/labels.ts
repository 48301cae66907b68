import type { TFunction } from 'i18next';
import type { TAssignmentStatus } from '@hxk/contracts/assignments';

export const STATUS_COLORS: Record<TAssignmentStatus, string> = { assigning: 'green', withdrawn: 'orange', removed: 'default' };

/** "Week 3 · Tue · periods 1-2". */
export function sessionSlot(t: TFunction, s: { week: number; weekday: number; sessionStart: number; sessionEnd: number }): string {
  return t('session.slot', { week: s.week, weekday: t(`weekday.${s.weekday}`), from: s.sessionStart, to: s.sessionEnd });
}
