import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { IMPORT_COLUMNS } from '@hxk/contracts';
import { AppError } from '../../platform/errors.ts';
import { readRows } from './xlsx.ts';

const header = IMPORT_COLUMNS.classroom.map((c) => c.label.en);
const row = (room: string) => IMPORT_COLUMNS.classroom.map((c) => (c.key === 'room' ? room : c.key === 'building' ? 'Hall' : null));

/** A workbook with a data tab and a notes tab, written by exceljs (shared strings on). */
async function book(tabs: { name: string; rows: unknown[][] }[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const t of tabs) {
    const ws = wb.addWorksheet(t.name);
    for (const r of t.rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The same archive with its entries stored in the given order (names not listed follow). */
async function reorder(file: Buffer, first: string[], edit: Record<string, (xml: string) => string> = {}): Promise<Buffer> {
  const zip = await JSZip.loadAsync(file);
  const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
  const out = new JSZip();
  for (const name of [...first, ...names.filter((n) => !first.includes(n))]) {
    const text = await zip.file(name)!.async('string');
    out.file(name, edit[name]?.(text) ?? text);
  }
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const data = { name: 'Classrooms', rows: [header, row('R1'), row('R2')] };
const notes = { name: 'Notes', rows: [['How to fill this in'], ['Room: the room number']] };

describe('reading an import workbook', () => {
  it('reads a worksheet stored after the shared strings but before the workbook part', async () => {
    // exceljs's writer stores parts as they finish: this order came out under load and failed to read.
    const file = await reorder(await book([data, notes]), ['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/worksheets/sheet2.xml', 'xl/worksheets/sheet1.xml', 'xl/workbook.xml']);
    const rows = await readRows('classroom', file);
    expect(rows.map((r) => [r.row, r.cells.room])).toEqual([[2, 'R1'], [3, 'R2']]);
  });

  it('reads the first tab of the workbook, not the first part stored or named', async () => {
    // The notes are sheet1.xml, but the tabs were moved: the data's sheet2.xml is the first tab.
    const swapTabs = (xml: string) => xml.replace(/(<sheet [^>]*\/>)(<sheet [^>]*\/>)/, '$2$1');
    const file = await reorder(await book([notes, data]), ['xl/workbook.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml'], { 'xl/workbook.xml': swapTabs });
    const rows = await readRows('classroom', file);
    expect(rows.map((r) => r.cells.room)).toEqual(['R1', 'R2']);
  });

  it('says a broken archive cannot be read', async () => {
    const file = await book([data]);
    const cut = file.subarray(0, Math.floor(file.length / 2));
    await expect(readRows('classroom', cut)).rejects.toMatchObject(new AppError('import.badFile'));
  });
});
