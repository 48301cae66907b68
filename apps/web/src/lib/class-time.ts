import type { TFunction } from 'i18next';
import type { TEvaluatedClass } from '@hxk/contracts/evaluations';
import { currentLanguage } from './i18n.ts';

const LOCALES = { zh: 'zh-CN', en: 'en-US', ja: 'ja-JP' } as const;

type SessionFields = Pick<TEvaluatedClass, 'sessionStart' | 'sessionEnd'> & Partial<Pick<TEvaluatedClass, 'startTime' | 'endTime'>>;
type ClassTimeFields = SessionFields & Pick<TEvaluatedClass, 'lessonDate'>;

/** A lesson's date ('YYYY-MM-DD') with its weekday, in the interface language. */
export function formatLessonDay(iso: string, withYear = false): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  const date = new Date(y, m - 1, d);
  return new Intl.DateTimeFormat(LOCALES[currentLanguage()], withYear ? { year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' } : { month: 'short', day: 'numeric', weekday: 'short' }).format(date);
}

/** "Periods 1–2 08:00–09:35" (periods and clock times). */
export function sessionText(t: TFunction, c: SessionFields): string {
  const sessions = c.sessionStart === c.sessionEnd ? t('evaluations:class.session', { n: c.sessionStart }) : t('evaluations:class.sessions', { from: c.sessionStart, to: c.sessionEnd });
  return c.startTime && c.endTime ? `${sessions} ${c.startTime.slice(0, 5)}–${c.endTime.slice(0, 5)}` : sessions;
}

/** A class without its clock times, for lists where the date and periods are enough. */
export const periodsOnly = (c: ClassTimeFields): ClassTimeFields => ({ lessonDate: c.lessonDate, sessionStart: c.sessionStart, sessionEnd: c.sessionEnd });

/** Date, weekday, periods and times of a class in one line. */
export function classTime(t: TFunction, c: ClassTimeFields, withYear = false): string {
  return `${formatLessonDay(c.lessonDate, withYear)} · ${sessionText(t, c)}`;
}

/** The clock time of an instant ("10:42"), for the autosave status. */
export function timeOfDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALES[currentLanguage()], { hour: '2-digit', minute: '2-digit' }).format(d);
}

/** Today in the browser as 'YYYY-MM-DD'. */
export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
