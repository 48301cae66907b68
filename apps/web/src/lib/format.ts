import { currentLanguage } from './i18n.ts';

const LOCALES = { zh: 'zh-CN', en: 'en-US', ja: 'ja-JP' } as const;

/** A date and time in the interface language (not the browser's). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return new Intl.DateTimeFormat(LOCALES[currentLanguage()], { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}
