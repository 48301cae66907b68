import dayjs from 'dayjs';
import { currentLanguage } from '../../../lib/i18n.ts';

const LOCALES = { zh: 'zh-CN', en: 'en-US', ja: 'ja-JP' } as const;

/** Today as 'YYYY-MM-DD' (the rules of '@hxk/contracts/workflow' compare plain dates). */
export const today = () => dayjs().format('YYYY-MM-DD');

/** Share of a requirement reached, 0..100 (a requirement of 0 counts as met). */
export const percentOf = (done: number, required: number) => (required > 0 ? Math.min(100, Math.round((done / required) * 100)) : 100);

/** 'YYYY-MM-DD' in the interface language, optionally with the weekday. */
export function formatDay(iso: string, withWeekday = false): string {
  const d = dayjs(iso);
  if (!d.isValid()) return '—';
  return new Intl.DateTimeFormat(LOCALES[currentLanguage()], withWeekday ? { month: 'short', day: 'numeric', weekday: 'short' } : { dateStyle: 'medium' }).format(d.toDate());
}

/** Start and end dates as one range. */
export const formatRange = (start: string, end: string) => `${formatDay(start)} – ${formatDay(end)}`;
