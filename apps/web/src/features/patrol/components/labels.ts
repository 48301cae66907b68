import type { TCourseState } from '@hxk/contracts/calendar-rules';
import type { TPatrolWarningLevel } from '@hxk/contracts/patrol-wall';

export const STATE_COLORS: Record<TCourseState, string> = {
  notStarted: 'default',
  waiting: 'gold',
  inClass: 'green',
  warning: 'red',
  ended: 'default',
};

export const WARNING_COLORS: Record<TPatrolWarningLevel, string> = { mild: 'orange', moderate: 'volcano', severe: 'red' };
