/**
 * The rules of an import row, pure: cell parsing, the error list, and the booking table that finds a
 * room or a teacher used twice at the same time. Unit-tested in rules.test.ts.
 */
import { IMPORT_IDENTITY_WORDS, IMPORT_SEX_WORDS, LANGUAGES, PHONE_RE, type TImportReason } from '@hxk/contracts';

export { PHONE_RE };

/** A refused cell: sheet row, column key ('' for the whole row) and why, with the reason's params. */
export type RowError = { row: number; column: string; reason: TImportReason; params?: Record<string, string | number> };

export class RowErrors {
  readonly list: RowError[] = [];
  private readonly rows = new Set<number>();
  add(row: number, column: string, reason: TImportReason, params?: Record<string, string | number>) {
    this.list.push({ row, column, reason, ...(params ? { params } : {}) });
    this.rows.add(row);
  }
  has(row: number) {
    return this.rows.has(row);
  }
  get count() {
    return this.list.length;
  }
  sorted(): RowError[] {
    return [...this.list].sort((a, b) => a.row - b.row);
  }
}

/** A whole number in [min, max], or null (the error is recorded). Empty gives `empty`. */
export function wholeNumber(errors: RowErrors, row: number, column: string, text: string, min: number, max: number, empty: number | null = null): number | null {
  if (!text) {
    if (empty === null) errors.add(row, column, 'required');
    return empty;
  }
  if (!/^-?\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    errors.add(row, column, 'wholeNumber', { min, max });
    return null;
  }
  return Number(text);
}

export function requiredText(errors: RowErrors, row: number, column: string, text: string, max: number): string | null {
  if (!text) {
    errors.add(row, column, 'required');
    return null;
  }
  if (text.length > max) {
    errors.add(row, column, 'tooLong', { max });
    return null;
  }
  return text;
}

export function optionalText(errors: RowErrors, row: number, column: string, text: string, max: number): string | null | undefined {
  if (!text) return null;
  if (text.length > max) {
    errors.add(row, column, 'tooLong', { max });
    return undefined;
  }
  return text;
}

const wordMap = <K extends string | number>(words: Record<K, Record<string, string>>) => {
  const m = new Map<string, K>();
  for (const [k, labels] of Object.entries(words) as [K, Record<string, string>][]) {
    m.set(String(k).toLowerCase(), k);
    for (const lng of LANGUAGES) m.set(labels[lng]!.toLowerCase(), k);
  }
  return m;
};
const SEX = wordMap(IMPORT_SEX_WORDS);
const IDENTITY = wordMap(IMPORT_IDENTITY_WORDS);
SEX.set('m', 'male');
SEX.set('f', 'female');
IDENTITY.set('admin', '1' as never);

export const parseSex = (text: string) => (text ? SEX.get(text.toLowerCase()) ?? null : 'unknown');
/** An identity by its word (any language) or its number 1-5. */
export const parseIdentity = (text: string): 1 | 2 | 3 | 4 | 5 | null => {
  const hit = IDENTITY.get(text.toLowerCase());
  return hit === undefined ? null : (Number(hit) as 1 | 2 | 3 | 4 | 5);
};

/**
 * Teaching weeks: "1-16", "1-16单" / "1-16 odd" / "1-16奇", "双" / "even" / "偶", lists "1,3,5-8",
 * an optional trailing 周 / "weeks". Null when the text is not a week list.
 */
export function parseWeeks(text: string, maxWeek = 60): number[] | null {
  let t = text.replace(/\s+/g, '').toLowerCase().replace(/[，、；;]/g, ',').replace(/[－—–~～至到]/g, '-');
  let parity: 0 | 1 | null = null;
  const m = /^(.*?)(?:\(?(单|odd|奇|单周|odd weeks)\)?|\(?(双|even|偶|双周|even weeks)\)?)$/.exec(t);
  if (m && (m[2] || m[3])) {
    parity = m[2] ? 1 : 0;
    t = m[1]!;
  }
  t = t.replace(/(周|weeks?|週)$/, '').replace(/^(第|weeks?)/, '');
  if (!t) return null;
  const out = new Set<number>();
  for (const part of t.split(',')) {
    const r = /^(\d{1,2})(?:-(\d{1,2}))?$/.exec(part.replace(/周|週/g, ''));
    if (!r) return null;
    const a = Number(r[1]);
    const b = r[2] ? Number(r[2]) : a;
    if (a < 1 || b < a || b > maxWeek) return null;
    for (let w = a; w <= b; w++) if (parity === null || w % 2 === parity) out.add(w);
  }
  return out.size ? [...out].sort((x, y) => x - y) : null;
}

/** Formats weeks back into the shortest "1-16" style list (round trip of parseWeeks). */
export function formatWeeks(weeks: number[]): string {
  const sorted = [...new Set(weeks)].sort((a, b) => a - b);
  if (!sorted.length) return '';
  const parts: string[] = [];
  let start = sorted[0]!;
  let prev = start;
  for (const w of sorted.slice(1)) {
    if (w === prev + 1) {
      prev = w;
      continue;
    }
    parts.push(start === prev ? String(start) : `${start}-${prev}`);
    start = prev = w;
  }
  parts.push(start === prev ? String(start) : `${start}-${prev}`);
  return parts.join(',');
}

const WEEKDAYS = new Map<string, number>();
[
  ['1', '一', '周一', '星期一', 'mon', 'monday', '月', '月曜日'],
  ['2', '二', '周二', '星期二', 'tue', 'tuesday', '火', '火曜日'],
  ['3', '三', '周三', '星期三', 'wed', 'wednesday', '水', '水曜日'],
  ['4', '四', '周四', '星期四', 'thu', 'thursday', '木', '木曜日'],
  ['5', '五', '周五', '星期五', 'fri', 'friday', '金', '金曜日'],
  ['6', '六', '周六', '星期六', 'sat', 'saturday', '土', '土曜日'],
  ['7', '日', '周日', '星期日', 'sun', 'sunday', '日曜日', '天', '星期天'],
].forEach((words) => words.forEach((w) => WEEKDAYS.set(w, Number(words[0]))));
export const parseWeekday = (text: string) => WEEKDAYS.get(text.trim().toLowerCase()) ?? null;

export const ACCOUNT_RE = /^[A-Za-z0-9_.-]{2,32}$/;
export const URL_RE = /^https?:\/\/\S+$/;

/**
 * Who uses what when: a room or a teacher per lesson date, with session ranges. `book` answers the
 * first clash with a different owner (a row of the file or an existing course).
 */
export class Bookings<Owner> {
  private readonly map = new Map<string, { from: number; to: number; owner: Owner; course: string }[]>();
  /** Returns the owner already holding an overlapping range, or adds this one and returns null. */
  book(key: string, from: number, to: number, course: string, owner: Owner): Owner | null {
    let list = this.map.get(key);
    if (!list) {
      list = [];
      this.map.set(key, list);
    }
    for (const b of list) if (b.from <= to && from <= b.to && b.course !== course) return b.owner;
    list.push({ from, to, owner, course });
    return null;
  }
}
