import { currentLanguage } from '../../../lib/i18n.ts';

const LOCALES = { zh: 'zh-CN', en: 'en-US', ja: 'ja-JP' } as const;

/** A licence's day, in the interface language. */
export function formatDay(iso: string | null): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(LOCALES[currentLanguage()], { dateStyle: 'long' }).format(new Date(iso));
}
