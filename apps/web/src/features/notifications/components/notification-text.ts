import type { TFunction } from 'i18next';
import type { TNotification } from '@hxk/contracts/notifications';
import type { TLanguage } from '@hxk/contracts/language';

const LOCALES = { zh: 'zh-CN', en: 'en-US', ja: 'ja-JP' } as const;

/** Every placeholder the sentences use: a missing param reads as a dash, never as "{{course}}". */
const PARAMS = ['course', 'date', 'sessions', 'inviter', 'invitee', 'reason', 'score', 'scoreAfter', 'fullScore', 'teacher', 'handler', 'collection', 'count', 'deadline', 'level', 'levelAfter'] as const;

/** A 'YYYY-MM-DD' date as "Mar 4, Tue" in the reader's language; anything else unchanged. */
export function shortDate(value: string, lng: TLanguage): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return value;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Intl.DateTimeFormat(LOCALES[lng], { month: 'short', day: 'numeric', weekday: 'short' }).format(d);
}

/** The sentence of a notification, from its kind and params, in the reader's language. */
export function notificationText(t: TFunction, n: Pick<TNotification, 'kind' | 'params'>, lng: TLanguage): string {
  const values: Record<string, string | number> = {};
  for (const k of PARAMS) {
    const v = n.params[k];
    values[k] = v === undefined || v === null || v === '' ? '—' : v;
  }
  if (typeof values.date === 'string') values.date = shortDate(values.date, lng);
  return t(`notifications:kind.${n.kind}`, values);
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/**
 * "3 minutes ago" in the reader's language; older than a week: the date. A time ahead of this
 * browser's clock (the server's clock runs a little ahead) reads as now.
 */
export function relativeTime(iso: string, now: number, lng: TLanguage): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const rtf = new Intl.RelativeTimeFormat(LOCALES[lng], { numeric: 'auto' });
  let value = Math.min(0, Math.round((at - now) / 1000));
  if (Math.abs(value) < 45) return rtf.format(0, 'second');
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return rtf.format(value, unit);
    value = Math.round(value / size);
  }
  return new Intl.DateTimeFormat(LOCALES[lng], { dateStyle: 'medium' }).format(at);
}
