import type { TFunction } from 'i18next';
import type { TEvaluatedClass } from '@hxk/contracts/evaluations';
import { currentLanguage } from '../../../lib/i18n.ts';

const LOCALES = { zh: 'zh-CN', en: 'en-US', ja: 'ja-JP' } as const;

/** Today in the browser as 'YYYY-MM-DD'. */
export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** "Mon, Mar 2 · Periods 1–2 08:00–09:35" in the interface language. */
export function classLabel(t: TFunction, c: Pick<TEvaluatedClass, 'lessonDate' | 'sessionStart' | 'sessionEnd' | 'startTime' | 'endTime'>): string {
  const [y, m, d] = c.lessonDate.split('-').map(Number);
  const day = y && m && d ? new Intl.DateTimeFormat(LOCALES[currentLanguage()], { month: 'short', day: 'numeric', weekday: 'short' }).format(new Date(y, m - 1, d)) : c.lessonDate;
  const periods = c.sessionStart === c.sessionEnd ? t('questionnaires:qr.period', { n: c.sessionStart }) : t('questionnaires:qr.periods', { from: c.sessionStart, to: c.sessionEnd });
  const clock = c.startTime && c.endTime ? ` ${c.startTime.slice(0, 5)}–${c.endTime.slice(0, 5)}` : '';
  return `${day} · ${periods}${clock}`;
}
