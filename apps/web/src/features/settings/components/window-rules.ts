import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { HHMM_RE } from '@hxk/contracts/settings';
import { parseHm } from '@hxk/contracts/calendar-rules';

/** The form's daily-window rules, mirroring ZDailyWindow: HH:mm, both ends or neither, end after start. */
export const clockRule = (t: TFunction): FormRule => ({ pattern: HHMM_RE, message: t('settings:window.clock') });

export const windowEndRule = (t: TFunction, startField: string): FormRule => ({ getFieldValue }) => ({
  validator: async (_r, end: string | undefined) => {
    const start = (getFieldValue(startField) as string | undefined) || '';
    const e = end || '';
    if (!start && !e) return;
    if (!start || !e) throw new Error(t('settings:window.both'));
    if (HHMM_RE.test(start) && HHMM_RE.test(e) && parseHm(e) <= parseHm(start)) throw new Error(t('settings:window.order'));
  },
});
