/**
 * Reading and writing the import/export workbooks with exceljs (pure JavaScript). Reading streams the
 * first worksheet row by row; headers are matched in any of the three languages, so a file made from
 * a Chinese template imports for an English reader too.
 */
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { IMPORT_COLUMNS, IMPORT_LIMITS, LANGUAGES, type TImportKind, type TLanguage } from '@hxk/contracts';
import { AppError } from '../../platform/errors.ts';
import { readAll } from '../../platform/storage.ts';

/** One data row: its 1-based sheet row number and its cells by column key (trimmed text, '' when empty). */
export type SheetRow = { row: number; cells: Record<string, string> };

const normalizeHeader = (s: string) => s.replace(/[\s*＊]/g, '').toLowerCase();

/** The text of a cell, whatever exceljs made of it (numbers, dates, rich text, links, formulas). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('').trim();
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
    if (v.error) return '';
  }
  return String(value).trim();
}

/** The parts exceljs's streaming reader needs before any worksheet, in this order. */
const LEADING_PARTS = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml'];

/**
 * The archive again, holding only what the reader uses, with the workbook, its relationships and the
 * shared strings ahead of the worksheets. exceljs's streaming reader takes a zip's entries in the
 * order they are stored, and fails on a worksheet stored after the shared strings but before the
 * workbook; writers order entries differently (exceljs's own writer as its parts finish), so the same
 * file could be read one time and not the next. Entries are stored (not compressed again) and
 * streamed from the original one at a time.
 */
async function orderedArchive(buffer: Buffer): Promise<Readable> {
  const zip = await JSZip.loadAsync(buffer);
  const sheets = Object.keys(zip.files).filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name));
  sheets.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const out = new JSZip();
  for (const name of [...LEADING_PARTS, ...sheets]) {
    const entry = zip.file(name);
    if (entry) out.file(name, entry.nodeStream('nodebuffer'), { binary: true });
  }
  // jszip's stream is readable-stream's, which exceljs does not take for a stream: piped into Node's.
  const generated = out.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'STORE' });
  const stream = new PassThrough();
  generated.on('error', (err: Error) => stream.destroy(err));
  return generated.pipe(stream);
}

/** Reads the workbook's first worksheet: header row, then data rows (blank rows skipped). */
export async function readRows(kind: TImportKind, input: Buffer | Readable): Promise<SheetRow[]> {
  const columns = IMPORT_COLUMNS[kind];
  const byHeader = new Map<string, string>();
  for (const c of columns) {
    byHeader.set(normalizeHeader(c.key), c.key);
    for (const lng of LANGUAGES) byHeader.set(normalizeHeader(c.label[lng]), c.key);
  }
  const buffer = Buffer.isBuffer(input) ? input : await readAll(input);
  // A .xlsx file is a zip archive.
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) throw new AppError('import.badFile');
  const rows: SheetRow[] = [];
  let keys: (string | null)[] | null = null;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(await orderedArchive(buffer), { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore' });
    for await (const sheet of reader) {
      // The first tab of the workbook, wherever its part is stored (a moved tab keeps its part's name).
      const firstTab = (reader as unknown as { model?: { sheets?: { id: number }[] } }).model?.sheets?.[0]?.id;
      if (firstTab !== undefined && (sheet as unknown as { id: number | string }).id !== firstTab) continue;
      for await (const row of sheet) {
        const values = row.values as unknown[]; // 1-based
        if (!keys) {
          keys = values.map((v) => byHeader.get(normalizeHeader(cellText(v))) ?? null);
          continue;
        }
        const cells: Record<string, string> = {};
        let any = false;
        keys.forEach((key, i) => {
          if (!key) return;
          const text = cellText(values[i]);
          if (text) any = true;
          cells[key] = text;
        });
        if (!any) continue;
        // The template's example row, left as it was, is not data.
        if (columns.every((c) => (cells[c.key] ?? '') === c.example)) continue;
        rows.push({ row: row.number, cells });
        if (rows.length > IMPORT_LIMITS.rows) throw new AppError('import.tooManyRows', { max: IMPORT_LIMITS.rows });
      }
      break; // the first worksheet only
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('import.badFile');
  }
  if (!keys) throw new AppError('import.empty');
  const missing = columns.filter((c) => c.required && !keys!.includes(c.key));
  if (missing.length) throw new AppError('import.missingColumns', { columns: missing.map((c) => c.key).join(',') });
  if (!rows.length) throw new AppError('import.empty');
  return rows;
}

export type SheetSpec = { name: string; header: string[]; rows: (string | number | null)[][]; widths?: number[]; textColumns?: boolean };

/** Writes sheets with the streaming writer; text columns keep "1-16" from turning into a date in Excel. */
export async function writeWorkbook(sheets: SheetSpec[]): Promise<Buffer> {
  const out = new PassThrough();
  const done = (async () => {
    const chunks: Buffer[] = [];
    for await (const c of out) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  })();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  for (const spec of sheets) {
    const ws = wb.addWorksheet(spec.name);
    ws.columns = spec.header.map((h, i) => ({ header: h, key: String(i), width: spec.widths?.[i] ?? Math.max(12, Math.min(48, h.length * 2 + 4)), style: spec.textColumns ? { numFmt: '@' } : {} }));
    const head = ws.getRow(1);
    head.font = { bold: true };
    head.commit();
    for (const r of spec.rows) ws.addRow(r).commit();
    ws.commit();
  }
  await wb.commit();
  return done;
}

/** Column headers of a kind in one language, required ones marked with *. */
export const headersOf = (kind: TImportKind, lang: TLanguage) => IMPORT_COLUMNS[kind].map((c) => `${c.required ? '*' : ''}${c.label[lang]}`);
