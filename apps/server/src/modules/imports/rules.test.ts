import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, IMPORT_KINDS, IMPORT_REASONS, IMPORT_SHEET_TEXT } from '@hxk/contracts';
import { Bookings, RowErrors, formatWeeks, parseIdentity, parseSex, parseWeekday, parseWeeks, wholeNumber } from './rules.ts';

describe('import rules', () => {
  it('reads week lists in the ways schools write them', () => {
    expect(parseWeeks('1-4')).toEqual([1, 2, 3, 4]);
    expect(parseWeeks('1-8单')).toEqual([1, 3, 5, 7]);
    expect(parseWeeks('1-8 odd')).toEqual([1, 3, 5, 7]);
    expect(parseWeeks('2-8(双)')).toEqual([2, 4, 6, 8]);
    expect(parseWeeks('1-6 even')).toEqual([2, 4, 6]);
    expect(parseWeeks('1,3,5-7周')).toEqual([1, 3, 5, 6, 7]);
    expect(parseWeeks('第1-3周')).toEqual([1, 2, 3]);
    expect(parseWeeks('１')).toBeNull();
    expect(parseWeeks('3-1')).toBeNull();
    expect(parseWeeks('0-2')).toBeNull();
    expect(parseWeeks('1-61')).toBeNull();
    expect(parseWeeks('abc')).toBeNull();
    expect(parseWeeks('')).toBeNull();
    expect(parseWeeks('1-1双')).toBeNull(); // nothing left
  });

  it('writes weeks back into a list that reads the same', () => {
    for (const weeks of [[1, 2, 3, 4], [1, 3, 5], [2, 3, 4, 9, 11, 12], [7]]) {
      expect(parseWeeks(formatWeeks(weeks))).toEqual(weeks);
    }
    expect(formatWeeks([3, 1, 2, 2, 10])).toBe('1-3,10');
  });

  it('reads weekdays, sexes and identities in zh, en, ja or as numbers', () => {
    expect([parseWeekday('1'), parseWeekday('周三'), parseWeekday('Friday'), parseWeekday('日曜日'), parseWeekday('星期天'), parseWeekday('8')]).toEqual([1, 3, 5, 7, 7, null]);
    expect([parseSex('男'), parseSex('Female'), parseSex('不明'), parseSex(''), parseSex('x')]).toEqual(['male', 'female', 'unknown', 'unknown', null]);
    expect([parseIdentity('教师'), parseIdentity('Supervisor'), parseIdentity('管理者'), parseIdentity('5'), parseIdentity('9'), parseIdentity('wizard')]).toEqual([4, 3, 1, 5, null, null]);
  });

  it('checks whole numbers with their range and default', () => {
    const errors = new RowErrors();
    expect(wholeNumber(errors, 2, 'floor', '3', -5, 200)).toBe(3);
    expect(wholeNumber(errors, 2, 'capacity', '', 0, 10, 0)).toBe(0);
    expect(wholeNumber(errors, 3, 'floor', '', -5, 200)).toBeNull();
    expect(wholeNumber(errors, 4, 'floor', '2.5', -5, 200)).toBeNull();
    expect(wholeNumber(errors, 5, 'floor', '201', -5, 200)).toBeNull();
    expect(errors.sorted()).toEqual([
      { row: 3, column: 'floor', reason: 'required' },
      { row: 4, column: 'floor', reason: 'wholeNumber', params: { min: -5, max: 200 } },
      { row: 5, column: 'floor', reason: 'wholeNumber', params: { min: -5, max: 200 } },
    ]);
    expect(errors.has(2)).toBe(false);
  });

  it('finds a room or teacher booked twice, but not a course meeting itself', () => {
    const b = new Bookings<string>();
    expect(b.book('room1|2030-03-04', 1, 2, 'A', 'row 2')).toBeNull();
    expect(b.book('room1|2030-03-04', 3, 4, 'B', 'row 3')).toBeNull(); // after it
    expect(b.book('room1|2030-03-04', 2, 3, 'C', 'row 4')).toBe('row 2'); // overlaps both: first found
    expect(b.book('room1|2030-03-05', 1, 2, 'C', 'row 5')).toBeNull(); // another day
    expect(b.book('room1|2030-03-04', 1, 1, 'A', 'row 6')).toBeNull(); // the same course
  });

  it('has every label, note and reason in zh, en and ja', () => {
    for (const kind of IMPORT_KINDS) {
      for (const c of IMPORT_COLUMNS[kind]) for (const lng of ['zh', 'en', 'ja'] as const) expect(c.label[lng] && c.note[lng], `${kind}.${c.key}.${lng}`).toBeTruthy();
      const labels = IMPORT_COLUMNS[kind].flatMap((c) => [c.label.zh, c.label.en, c.label.ja]);
      // A header means one column whatever the language.
      for (const lng of ['zh', 'en', 'ja'] as const) {
        const own = IMPORT_COLUMNS[kind].map((c) => c.label[lng].toLowerCase());
        expect(new Set(own).size, `${kind} ${lng} headers`).toBe(own.length);
      }
      expect(labels.length).toBe(IMPORT_COLUMNS[kind].length * 3);
      const owner = new Map<string, string>();
      for (const c of IMPORT_COLUMNS[kind]) {
        for (const label of [c.label.zh, c.label.en, c.label.ja]) {
          expect(owner.get(label.toLowerCase()) ?? c.key, `${kind}: "${label}"`).toBe(c.key);
          owner.set(label.toLowerCase(), c.key);
        }
      }
    }
    for (const [key, text] of Object.entries({ ...IMPORT_REASONS, ...IMPORT_SHEET_TEXT })) for (const lng of ['zh', 'en', 'ja'] as const) expect(text[lng], `${key}.${lng}`).toBeTruthy();
  });
});
