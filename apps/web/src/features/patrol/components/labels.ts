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

const AI_WARNING_KINDS = ['headUpBelow', 'attendanceBelow', 'teacherAbsent', 'sensitiveWord'] as const;

/** The `patrol` text key naming an AI warning's rule ('ai.attendanceBelow' → 'aiWarning.attendanceBelow'); null for another kind. */
export function aiWarningKey(kind: string): `aiWarning.${(typeof AI_WARNING_KINDS)[number]}` | null {
  const k = kind.replace(/^ai\./, '');
  return kind.startsWith('ai.') && (AI_WARNING_KINDS as readonly string[]).includes(k) ? `aiWarning.${k as (typeof AI_WARNING_KINDS)[number]}` : null;
}
