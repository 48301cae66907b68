import type { TFunction } from 'i18next';
import type { TEvaluatedClass } from '@hxk/contracts/evaluations';
import { currentLanguage } from '../../../lib/i18n.ts';

const LOCALES = { zh: 'zh-CN', en: 'en-US', ja: 'ja-JP' } as const;

/** A lesson's date ('YYYY-MM-DD') with its weekday, in the interface language. */
export function lessonDay(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  return new Intl.DateTimeFormat(LOCALES[currentLanguage()], { year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' }).format(new Date(y, m - 1, d));
}

/** "Week 3 · Periods 3–4 10:00–11:35" */
export function weekAndSessions(t: TFunction, c: Pick<TEvaluatedClass, 'week' | 'sessionStart' | 'sessionEnd' | 'startTime' | 'endTime'>): string {
  const sessions = c.sessionStart === c.sessionEnd ? t('invitations:class.session', { n: c.sessionStart }) : t('invitations:class.sessions', { from: c.sessionStart, to: c.sessionEnd });
  const times = c.startTime && c.endTime ? ` ${c.startTime.slice(0, 5)}–${c.endTime.slice(0, 5)}` : '';
  return `${t('invitations:class.week', { week: c.week })} · ${sessions}${times}`;
}

/** Date with weekday, week, periods, clock times and classroom, in one line. */
export function classLine(t: TFunction, c: TEvaluatedClass): string {
  return [lessonDay(c.lessonDate), weekAndSessions(t, c), c.classroomName].filter(Boolean).join(' · ');
}
