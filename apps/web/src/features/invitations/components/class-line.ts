import type { TFunction } from 'i18next';
import type { TEvaluatedClass } from '@hxk/contracts/evaluations';
import { formatLessonDay, sessionText } from '../../../lib/class-time.ts';

/** "Week 3 · Periods 3–4 10:00–11:35" */
export function weekAndSessions(t: TFunction, c: Pick<TEvaluatedClass, 'week' | 'sessionStart' | 'sessionEnd' | 'startTime' | 'endTime'>): string {
  return `${t('invitations:class.week', { week: c.week })} · ${sessionText(t, c)}`;
}

/** Date with weekday, week, periods, clock times and classroom, in one line. */
export function classLine(t: TFunction, c: TEvaluatedClass): string {
  return [formatLessonDay(c.lessonDate, true), weekAndSessions(t, c), c.classroomName].filter(Boolean).join(' · ');
}
