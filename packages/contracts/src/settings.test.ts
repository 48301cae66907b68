import { describe, expect, it } from 'vitest';
import { minutesOfDay, withinDailyWindow, ZDailyWindow, ZSaveGlobalSettingsRequest } from './settings.ts';
import { formatHm as minutesToClock, parseHm as clockToMinutes } from './calendar-rules.ts';

const at = (hhmm: string) => {
  const d = new Date(2026, 10, 23);
  d.setHours(clockToMinutes(hhmm) / 60, clockToMinutes(hhmm) % 60);
  return d;
};

describe('daily windows', () => {
  it('holds from the start (inclusive) to the end (exclusive)', () => {
    expect(withinDailyWindow(at('08:00'), '08:00', '18:00')).toBe(true);
    expect(withinDailyWindow(at('17:59'), '08:00', '18:00')).toBe(true);
    expect(withinDailyWindow(at('18:00'), '08:00', '18:00')).toBe(false);
    expect(withinDailyWindow(at('07:59'), '08:00', '18:00')).toBe(false);
    expect(withinDailyWindow(at('00:00'), '00:00', '23:59')).toBe(true);
  });

  it('means no limit without a window', () => {
    expect(withinDailyWindow(at('03:00'), null, null)).toBe(true);
  });

  it('reads the wall clock of a given time zone', () => {
    const utcNoon = new Date(Date.UTC(2026, 10, 23, 12, 0));
    expect(minutesOfDay(utcNoon, 'Asia/Shanghai')).toBe(20 * 60);
    expect(withinDailyWindow(utcNoon, '19:00', '21:00', 'Asia/Shanghai')).toBe(true);
    expect(withinDailyWindow(utcNoon, '11:00', '13:00', 'Asia/Shanghai')).toBe(false);
    expect(withinDailyWindow(utcNoon, '11:00', '13:00', 'UTC')).toBe(true);
  });

  it('converts clocks and minutes both ways', () => {
    expect(clockToMinutes('07:05')).toBe(425);
    expect(minutesToClock(425)).toBe('07:05');
    expect(minutesToClock(0)).toBe('00:00');
  });

  it('accepts both ends or neither, the end after the start', () => {
    expect(ZDailyWindow.safeParse({ start: '08:00', end: '18:00' }).success).toBe(true);
    expect(ZDailyWindow.safeParse({ start: null, end: null }).success).toBe(true);
    const one = ZDailyWindow.safeParse({ start: '08:00', end: null });
    expect(one.error?.issues.map((i) => i.message)).toEqual(['validation.windowBothOrNeither']);
    const backwards = ZDailyWindow.safeParse({ start: '18:00', end: '08:00' });
    expect(backwards.error?.issues.map((i) => i.message)).toEqual(['validation.windowEndAfterStart']);
    expect(ZDailyWindow.safeParse({ start: '08:00', end: '08:00' }).success).toBe(false);
    expect(ZDailyWindow.safeParse({ start: '8:00', end: '24:00' }).error?.issues[0]?.message).toBe('validation.clockHHmm');
  });
});

describe('global settings request', () => {
  const base = {
    lessonPlanUpload: { start: null, end: null },
    lessonPlanModify: { start: '08:00', end: '20:00' },
    lessonPlanRetention: 'forever',
    planTeacherCanView: true,
    planAnonymous: false,
    recordingRetentionDays: 180,
    waitingMinutes: 10,
  };
  it('needs the default reset password to pass the password rule', () => {
    expect(ZSaveGlobalSettingsRequest.safeParse({ ...base, defaultResetPassword: 'Reset@2027' }).success).toBe(true);
    expect(ZSaveGlobalSettingsRequest.safeParse({ ...base, defaultResetPassword: 'abcdefgh' }).error?.issues[0]?.message).toBe('validation.password');
    expect(ZSaveGlobalSettingsRequest.safeParse({ ...base, defaultResetPassword: null }).success).toBe(true);
    expect(ZSaveGlobalSettingsRequest.safeParse(base).success).toBe(true);
  });
  it('bounds retention and waiting minutes', () => {
    expect(ZSaveGlobalSettingsRequest.safeParse({ ...base, waitingMinutes: 121 }).success).toBe(false);
    expect(ZSaveGlobalSettingsRequest.safeParse({ ...base, recordingRetentionDays: -1 }).success).toBe(false);
    expect(ZSaveGlobalSettingsRequest.safeParse({ ...base, lessonPlanRetention: '2y' }).success).toBe(false);
  });
});
