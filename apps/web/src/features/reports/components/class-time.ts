import type { TFunction } from 'i18next';
import type { TEvaluatedClass } from '@hxk/contracts/evaluations';
import { currentLanguage } from '../../../lib/i18n.ts';

const LOCALES = { zh: 'zh-CN', en: 'en-US', ja: 'ja-JP' } as const;

/** "Mon, Mar 2, 2026 · Periods 1–2", in the interface language (the evaluations screens' wording). */
export function classTime(t: TFunction, c: Pick<TEvaluatedClass, 'lessonDate' | 'sessionStart' | 'sessionEnd'>): string {
  const [y, m, d] = c.lessonDate.split('-').map(Number);
  const day = y && m && d
    ? new Intl.DateTimeFormat(LOCALES[currentLanguage()], { year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' }).format(new Date(y, m - 1, d))
    : c.lessonDate;
  const sessions = c.sessionStart === c.sessionEnd
    ? t('evaluations:class.session', { n: c.sessionStart })
    : t('evaluations:class.sessions', { from: c.sessionStart, to: c.sessionEnd });
  return `${day} · ${sessions}`;
}
