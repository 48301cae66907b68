/**
 * The sensitive-word lexicon as a CSV file (issue 15), for import and export; the API and screens
 * come later and only move bytes to and from these two functions.
 *
 * Format: RFC 4180 CSV, columns word,category,severity; severity is mild, moderate or severe (any
 * case). An English header line `word,category,severity` is optional on reading and always written.
 * Reading takes UTF-8 (with or without BOM), UTF-16 with a BOM or GBK (Excel's default in China);
 * writing gives UTF-8 with a BOM and CRLF, which Excel opens with Chinese and Japanese intact.
 *
 * Reading checks every line and reports each problem as (line, column, reason key) with the reason
 * keys and messages of the Excel imports (IMPORT_REASONS in the contracts), so the screens show them
 * the same way. Lines are physical line numbers of the file (a quoted value spanning lines is
 * reported at its first line). Only lines without problems become entries; the caller decides, as the
 * imports do, to take nothing while any line is wrong.
 */
import { AppError } from '../../../platform/errors.ts';
import type { TImportReason } from '@hxk/contracts';
import { normalizeForMatching, SEVERITIES, type LexiconEntry, type Severity } from './sensitive-words.ts';
import { decodeTextBytes } from './subtitles.ts';

export const LEXICON_COLUMNS = ['word', 'category', 'severity'] as const;
export type LexiconColumn = (typeof LEXICON_COLUMNS)[number];
export const LEXICON_LIMITS = { entries: 10_000, wordMax: 64, categoryMax: 32 } as const;

export type LexiconLineError = {
  line: number;
  /** '' when the problem is the whole line. */
  column: LexiconColumn | '';
  reason: TImportReason;
  params?: Record<string, string | number>;
};

type CsvRecord = { line: number; cells: string[] };

/**
 * RFC 4180 records with the line each starts on. Tolerant where a spreadsheet is sloppy (text after
 * a closing quote is kept); an unclosed quote swallows the rest of the file, so it is reported.
 */
function csvRecords(text: string): { records: CsvRecord[]; unclosedAt: number | null } {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n') {
      records.push({ line: recordLine, cells: [...cells, cell] });
      cells = [];
      cell = '';
      recordLine = ++line;
    } else cell += ch;
  }
  if (quoted) return { records, unclosedAt: recordLine };
  if (cells.length || cell) records.push({ line: recordLine, cells: [...cells, cell] });
  return { records, unclosedAt: null };
}

/** Cells a spreadsheet would run as a formula are written with a leading ' (and read back without it). */
const FORMULA_START = /^[=+\-@\t\r]/;

const unescapeFormula = (cell: string) => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

const codePoints = (s: string) => Array.from(s).length;

const isHeader = (cells: string[]) => cells.length >= 3 && LEXICON_COLUMNS.every((c, i) => cells[i]!.trim().toLowerCase() === c);

export function readLexiconCsv(input: string | Uint8Array): { entries: LexiconEntry[]; errors: LexiconLineError[] } {
  const text = (typeof input === 'string' ? input : decodeTextBytes(input)).replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const { records, unclosedAt } = csvRecords(text);
  const entries: LexiconEntry[] = [];
  const errors: LexiconLineError[] = [];
  const firstLineOf = new Map<string, number>();
  let first = true;
  let dataLines = 0;
  for (const { line, cells: raw } of records) {
    // Blank lines and lines of empty cells (what Excel leaves below the data) are not entries.
    if (raw.every((c) => !c.trim())) continue;
    if (first && isHeader(raw)) {
      first = false;
      continue;
    }
    first = false;
    if (++dataLines > LEXICON_LIMITS.entries) throw new AppError('import.tooManyRows', { max: LEXICON_LIMITS.entries });
    // Trailing empty cells (a spreadsheet's extra commas) do not count as columns.
    const cells = [...raw];
    while (cells.length > LEXICON_COLUMNS.length && !cells.at(-1)!.trim()) cells.pop();
    if (cells.length !== LEXICON_COLUMNS.length) {
      errors.push({ line, column: '', reason: 'columnCount', params: { count: LEXICON_COLUMNS.length, columns: LEXICON_COLUMNS.join(','), found: cells.length } });
      continue;
    }
    const [word, category, severity] = cells.map((c) => unescapeFormula(c.trim()).replace(/\s+/g, ' ').trim()) as [string, string, string];
    const lineErrors: LexiconLineError[] = [];
    if (!word) lineErrors.push({ line, column: 'word', reason: 'required' });
    else if (codePoints(word) > LEXICON_LIMITS.wordMax) lineErrors.push({ line, column: 'word', reason: 'tooLong', params: { max: LEXICON_LIMITS.wordMax } });
    if (!category) lineErrors.push({ line, column: 'category', reason: 'required' });
    else if (codePoints(category) > LEXICON_LIMITS.categoryMax) lineErrors.push({ line, column: 'category', reason: 'tooLong', params: { max: LEXICON_LIMITS.categoryMax } });
    const level = severity.toLowerCase();
    if (!(SEVERITIES as readonly string[]).includes(level)) lineErrors.push({ line, column: 'severity', reason: 'oneOf', params: { values: SEVERITIES.join(', ') } });
    if (word) {
      // The matcher's notion of "the same word" (NFKC, case): ＢＡＤ and bad are one entry.
      const key = String.fromCodePoint(...normalizeForMatching(word).points);
      const earlier = firstLineOf.get(key);
      if (earlier !== undefined) lineErrors.push({ line, column: 'word', reason: 'duplicateInFile', params: { row: earlier } });
      else firstLineOf.set(key, line);
    }
    if (lineErrors.length) errors.push(...lineErrors);
    else entries.push({ word, category, severity: level as Severity });
  }
  if (unclosedAt !== null) errors.push({ line: unclosedAt, column: '', reason: 'unclosedQuote' });
  return { entries, errors };
}

function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The lexicon as a CSV file's text: BOM, header, one entry a line, CRLF. */
export function writeLexiconCsv(entries: readonly LexiconEntry[]): string {
  const lines = [LEXICON_COLUMNS.join(','), ...entries.map((e) => [e.word, e.category, e.severity].map(csvCell).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
