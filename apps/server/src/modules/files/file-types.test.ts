import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classify, cleanFileName, ooxmlKind, sniffHead, zipEntryNames } from './file-types.ts';
import { DOCX, MP4_HEAD, OLE, PDF, PLAIN_ZIP, PNG, XLSX, makeZip } from './fixtures.ts';

const kindOf = (b: Buffer | string) => {
  const v = sniffHead(Buffer.isBuffer(b) ? b : Buffer.from(b));
  return 'kind' in v ? v.kind : `refused:${v.refused}`;
};

async function entries(buf: Buffer) {
  const file = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-zip-')), 'z');
  await fsp.writeFile(file, buf);
  const h = await fsp.open(file, 'r');
  try {
    return await zipEntryNames(h, buf.length);
  } finally {
    await h.close();
    await fsp.rm(path.dirname(file), { recursive: true });
  }
}

describe('content sniffing', () => {
  it('recognises formats by their first bytes', () => {
    expect(kindOf(PNG)).toBe('png');
    expect(kindOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(kindOf('GIF89a....')).toBe('gif');
    expect(kindOf(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('webp');
    expect(kindOf(PDF)).toBe('pdf');
    expect(kindOf(OLE)).toBe('ole');
    expect(kindOf(DOCX)).toBe('zip-like');
    expect(kindOf(MP4_HEAD)).toBe('mp4');
    expect(kindOf('name,score\n张三,90\n')).toBe('text');
    expect(kindOf(Buffer.from([0xd5, 0xc5, 0xc8, 0xfd, 0x2c, 0x39, 0x30, 0x0a]))).toBe('text'); // GBK CSV
    expect(kindOf(Buffer.from([0x00, 0x01, 0x02, 0x03, 0x99]))).toBe('refused:unknown');
  });

  it('refuses pages, scripts and executables whatever they are called', () => {
    expect(kindOf('<!DOCTYPE html><html><body>hi</body></html>')).toBe('refused:dangerous');
    expect(kindOf('\n  <html>')).toBe('refused:dangerous');
    expect(kindOf('<svg onload=alert(1)>')).toBe('refused:dangerous');
    expect(kindOf('a,b\n1,<script>alert(1)</script>')).toBe('refused:dangerous');
    expect(kindOf('<?xml version="1.0"?><svg/>')).toBe('refused:dangerous');
    expect(kindOf('#!/bin/sh\nrm -rf /')).toBe('refused:dangerous');
    expect(kindOf(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]))).toBe('refused:dangerous');
    expect(kindOf(Buffer.concat([Buffer.from('\x7fELF'), Buffer.alloc(100)]))).toBe('refused:dangerous');
    // Ordinary text mentioning a tag is still text.
    expect(kindOf('Use the <b> tag sparingly, a < b')).toBe('text');
  });

  it('tells Office Open XML from other zips by the central directory', async () => {
    expect(ooxmlKind((await entries(DOCX))!)).toBe('docx');
    expect(ooxmlKind((await entries(XLSX))!)).toBe('xlsx');
    expect(ooxmlKind((await entries(PLAIN_ZIP))!)).toBe('zip');
    expect(ooxmlKind((await entries(makeZip({ 'word/document.xml': 'x' })))!)).toBe('zip');
    expect(await entries(Buffer.from('PK\x03\x04 truncated'))).toBeNull();
  });
});

describe('classify', () => {
  it('requires the extension to agree with the content', () => {
    expect(classify('a.png', 'png', 'any')).toEqual({ ok: true, kind: 'png', contentType: 'image/png' });
    expect(classify('a.PNG', 'png', 'image').ok).toBe(true);
    expect(classify('a.png', 'text', 'any')).toEqual({ ok: false, reason: 'mismatch' });
    expect(classify('a.xlsx', 'docx', 'any')).toEqual({ ok: false, reason: 'mismatch' });
    expect(classify('notes', 'text', 'any')).toMatchObject({ ok: true, contentType: 'text/plain; charset=utf-8' });
    expect(classify('list.csv', 'text', 'any')).toMatchObject({ ok: true, contentType: 'text/csv; charset=utf-8' });
    expect(classify('a.html', 'text', 'any')).toEqual({ ok: false, reason: 'dangerous' });
    expect(classify('old.xls', 'ole', 'any')).toMatchObject({ ok: true, contentType: 'application/vnd.ms-excel' });
    expect(classify('old', 'ole', 'any')).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('narrows the kinds with accept', () => {
    for (const [name, kind] of [['p.pdf', 'pdf'], ['p.docx', 'docx'], ['p.pptx', 'pptx'], ['p.xlsx', 'xlsx'], ['p.ppt', 'ole'], ['p.doc', 'ole']] as const) {
      expect(classify(name, kind, 'lessonPlan').ok).toBe(true);
    }
    expect(classify('p.png', 'png', 'lessonPlan')).toEqual({ ok: false, reason: 'notAccepted' });
    expect(classify('p.txt', 'text', 'lessonPlan')).toEqual({ ok: false, reason: 'notAccepted' });
    expect(classify('s.xls', 'ole', 'excel').ok).toBe(true);
    expect(classify('s.doc', 'ole', 'excel')).toEqual({ ok: false, reason: 'notAccepted' });
    expect(classify('v.mp4', 'mp4', 'video').ok).toBe(true);
    expect(classify('p.pdf', 'pdf', 'image')).toEqual({ ok: false, reason: 'notAccepted' });
  });
});

describe('cleanFileName', () => {
  it('keeps only the base name, without control characters, capped', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\x\\y.png')).toBe('y.png');
    expect(cleanFileName('a\u0000b\u0007c\u202e.txt')).toBe('abc.txt');
    expect(cleanFileName('  report.pdf. ')).toBe('report.pdf');
    expect(cleanFileName('..')).toBe('file');
    expect(cleanFileName('dir/')).toBe('file');
    const long = cleanFileName(`${'教'.repeat(300)}.docx`);
    expect([...long].length).toBe(255);
    expect(long.endsWith('.docx')).toBe(true);
  });
});
