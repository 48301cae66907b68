import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonPlanWindowRefusal } from '@hxk/contracts';
import { DOCX } from '../files/fixtures.ts';
import { convertToPdf, findSoffice, initialPreview } from './preview.ts';

describe('the daily lesson-plan windows (spec section 6)', () => {
  const windows = { upload: { start: '08:00', end: '18:30' }, modify: { start: '09:00', end: '12:00' } };
  // A fake clock: instants whose wall-clock time in Shanghai (UTC+8, no summer time) is known.
  const at = (hm: string) => new Date(`2026-11-27T${hm}:00+08:00`);
  const tz = 'Asia/Shanghai';

  it('allows an upload from the start of the window up to, not including, its end', () => {
    expect(lessonPlanWindowRefusal('upload', at('08:00'), windows, tz)).toBeNull();
    expect(lessonPlanWindowRefusal('upload', at('18:29'), windows, tz)).toBeNull();
    expect(lessonPlanWindowRefusal('upload', at('18:30'), windows, tz)).toEqual(windows.upload);
    expect(lessonPlanWindowRefusal('upload', at('07:59'), windows, tz)).toEqual(windows.upload);
  });

  it('judges a change by the modification window, not the upload window', () => {
    expect(lessonPlanWindowRefusal('modify', at('10:00'), windows, tz)).toBeNull();
    expect(lessonPlanWindowRefusal('modify', at('13:00'), windows, tz)).toEqual(windows.modify);
    expect(lessonPlanWindowRefusal('upload', at('13:00'), windows, tz)).toBeNull();
  });

  it("reads the school's wall clock, not the server's", () => {
    // 02:30 UTC is 10:30 in Shanghai: inside the modification window there, outside it in London.
    const instant = new Date('2026-11-27T02:30:00Z');
    expect(lessonPlanWindowRefusal('modify', instant, windows, tz)).toBeNull();
    expect(lessonPlanWindowRefusal('modify', instant, windows, 'Europe/London')).toEqual(windows.modify);
  });

  it('sets no limit when the school set no window', () => {
    const open = { upload: { start: null, end: null }, modify: { start: null, end: null } };
    expect(lessonPlanWindowRefusal('upload', at('03:00'), open, tz)).toBeNull();
    expect(lessonPlanWindowRefusal('modify', at('23:59'), open, tz)).toBeNull();
  });
});

describe('previews', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-soffice-test-'));
  });
  afterAll(async () => {
    await fsp.rm(dir, { recursive: true, force: true });
  });

  /** A stand-in for soffice with its command line: writes what `script` says into --outdir. */
  async function standIn(name: string, script: string) {
    const file = path.join(dir, name);
    await fsp.writeFile(file, `#!/bin/sh\n${script}\n`, { mode: 0o755 });
    return file;
  }

  it('shows PDFs as they are and says why an Office file has no preview', () => {
    expect(initialPreview('application/pdf', 10, { soffice: null, maxBytes: 100 })).toBe('pdf');
    expect(initialPreview('application/msword', 10, { soffice: null, maxBytes: 100 })).toBe('noConverter');
    expect(initialPreview('application/msword', 101, { soffice: '/usr/bin/soffice', maxBytes: 100 })).toBe('tooLarge');
    expect(initialPreview('application/msword', 100, { soffice: '/usr/bin/soffice', maxBytes: 100 })).toBe('pending');
  });

  it('finds no converter where none is installed, and a configured one only when it exists', async () => {
    expect(findSoffice(undefined, dir)).toBeNull();
    expect(findSoffice(path.join(dir, 'missing'))).toBeNull();
    const bin = await standIn('soffice', 'exit 0');
    expect(findSoffice(undefined, dir)).toBe(bin);
    expect(findSoffice(bin)).toBe(bin);
  });

  it('keeps the PDF a converter wrote, and refuses output that is not a PDF', async () => {
    // The last two arguments are --outdir <dir> <input>: write <dir>/<input name>.pdf.
    const writes = (content: string) => `out="$(eval echo \\$$(($# - 1)))"; in="$(eval echo \\$$#)"; b=$(basename "$in"); printf '${content}' > "$out/\${b%.*}.pdf"`;
    const input = path.join(dir, 'plan.docx');
    await fsp.writeFile(input, DOCX);
    const good = await convertToPdf(await standIn('good', writes('%%PDF-1.4 converted')), input, dir, 10_000);
    expect(good).toEqual({ ok: true, pdf: path.join(dir, 'plan.pdf') });
    const bad = await convertToPdf(await standIn('bad', writes('<html>')), input, dir, 10_000);
    expect(bad).toEqual({ ok: false, reason: 'failed' });
    expect(await convertToPdf(path.join(dir, 'absent'), input, dir, 10_000)).toEqual({ ok: false, reason: 'failed' });
  });

  it('kills a conversion that runs past its time limit, with the processes it started', async () => {
    const marker = path.join(dir, 'still-running');
    const slow = await standIn('slow', `(sleep 3; touch ${marker}) & sleep 30`);
    const t0 = Date.now();
    expect(await convertToPdf(slow, path.join(dir, 'plan.docx'), dir, 500)).toEqual({ ok: false, reason: 'timeout' });
    expect(Date.now() - t0).toBeLessThan(3000);
    await new Promise((r) => setTimeout(r, 3500));
    await expect(fsp.access(marker)).rejects.toThrow();
  }, 10_000);

  const real = findSoffice(undefined);
  it.runIf(real)('converts a real Word file with the installed LibreOffice', async () => {
    const input = path.join(dir, 'real.docx');
    await fsp.writeFile(input, DOCX);
    const r = await convertToPdf(real!, input, dir, 120_000);
    expect(r.ok).toBe(true);
  }, 150_000);
});
