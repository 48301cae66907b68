/**
 * What a file really is, decided by its bytes: the first bytes (head) for most formats, the zip
 * central directory for Office Open XML. The name's extension must agree with the content.
 */
import type fsp from 'node:fs/promises';
import type { TFileAccept } from '@hxk/contracts';

export type FileKind =
  | 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp'
  | 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'ole' | 'zip' | 'rar' | '7z'
  | 'mp4' | 'mov' | 'mp3' | 'wav' | 'text';

/** The extensions each kind may carry and the content type it is served with. */
const KINDS: Record<FileKind, { mime: string; ext: readonly string[] }> = {
  png: { mime: 'image/png', ext: ['png'] },
  jpeg: { mime: 'image/jpeg', ext: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  gif: { mime: 'image/gif', ext: ['gif'] },
  webp: { mime: 'image/webp', ext: ['webp'] },
  bmp: { mime: 'image/bmp', ext: ['bmp'] },
  pdf: { mime: 'application/pdf', ext: ['pdf'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: ['docx'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: ['xlsx'] },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', ext: ['pptx'] },
  ole: { mime: 'application/x-ole-storage', ext: ['doc', 'xls', 'ppt'] },
  zip: { mime: 'application/zip', ext: ['zip'] },
  rar: { mime: 'application/vnd.rar', ext: ['rar'] },
  '7z': { mime: 'application/x-7z-compressed', ext: ['7z'] },
  mp4: { mime: 'video/mp4', ext: ['mp4', 'm4v'] },
  mov: { mime: 'video/quicktime', ext: ['mov'] },
  mp3: { mime: 'audio/mpeg', ext: ['mp3'] },
  wav: { mime: 'audio/wav', ext: ['wav'] },
  text: { mime: 'text/plain; charset=utf-8', ext: ['txt', 'csv', 'log', 'md'] },
};

/** Legacy Office files share one container (OLE2); the extension tells which application. */
const OLE_MIME: Record<string, string> = { doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint' };
const TEXT_MIME: Record<string, string> = { csv: 'text/csv; charset=utf-8' };

export const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpeg', 'gif', 'webp', 'bmp'];

/** What each `accept` value allows (spec section 5: lesson plans are PPT, PDF, Word or Excel). */
export const ACCEPT_KINDS: Record<TFileAccept, readonly FileKind[] | 'any'> = {
  any: 'any',
  image: IMAGE_KINDS,
  lessonPlan: ['pdf', 'docx', 'xlsx', 'pptx', 'ole'],
  excel: ['xlsx', 'ole'],
  video: ['mp4', 'mov'],
};
/** Extensions an `accept` value allows when the kind alone is not precise enough (OLE is doc/xls/ppt). */
const ACCEPT_EXT: Partial<Record<TFileAccept, readonly string[]>> = { excel: ['xls', 'xlsx'] };

/** Never stored, whatever the content: pages and scripts a browser or a shell would run. */
const DANGEROUS_EXT = new Set([
  'html', 'htm', 'xhtml', 'shtml', 'svg', 'svgz', 'xml', 'xsl', 'js', 'mjs', 'cjs', 'jsx', 'ts', 'vbs', 'vbe', 'wsf', 'hta',
  'exe', 'dll', 'com', 'scr', 'msi', 'bat', 'cmd', 'ps1', 'sh', 'bash', 'php', 'phtml', 'jsp', 'asp', 'aspx', 'cgi', 'pl', 'py',
  'jar', 'apk', 'app', 'dmg', 'elf', 'so', 'lnk', 'reg', 'swf',
]);

export const extensionOf = (name: string) => {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1]!.toLowerCase() : '';
};

export type HeadVerdict = { kind: FileKind } | { kind: 'zip-like' } | { refused: 'dangerous' | 'unknown' };

const startsWith = (head: Buffer, bytes: number[], at = 0) => head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (head: Buffer, at: number, text: string) => head.length >= at + text.length && head.subarray(at, at + text.length).toString('latin1') === text;

/**
 * Markup a browser would render as a page: the WHATWG MIME-sniffing HTML patterns at the start
 * (after white space), or unmistakable page/script tags anywhere in the first bytes.
 */
const MARKUP_START = /^[\t\n\f\r ]*<(!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--|\?xml|svg)[ >\t\n\f\r/]/i;
const MARKUP_ANYWHERE = /<(script|iframe|svg|html|!doctype html|object|embed|frameset)[\s>/]/i;

function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return true;
  let bad = 0;
  for (const b of head) {
    if (b === 0) return false;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) bad++;
  }
  if (bad > head.length / 100) return false;
  // UTF-8 (with or without BOM) or a legacy Chinese/Japanese code page: bytes decide nothing more.
  return true;
}

/** The verdict on the first bytes (up to HEAD_BYTES). */
export const HEAD_BYTES = 4096;
export function sniffHead(head: Buffer): HeadVerdict {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'png' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'jpeg' };
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return { kind: 'gif' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return { kind: 'webp' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return { kind: 'wav' };
  if (ascii(head, 0, 'BM') && head.length >= 26 && head.readUInt32LE(14) >= 12 && head.readUInt32LE(14) <= 124) return { kind: 'bmp' };
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { kind: 'ole' };
  if (ascii(head, 0, 'PK\x03\x04') || ascii(head, 0, 'PK\x05\x06')) return { kind: 'zip-like' };
  if (ascii(head, 0, 'Rar!\x1a\x07')) return { kind: 'rar' };
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return { kind: '7z' };
  if (ascii(head, 4, 'ftyp')) return ascii(head, 8, 'qt  ') ? { kind: 'mov' } : { kind: 'mp4' };
  if (ascii(head, 0, 'ID3') || (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) !== 0)) return { kind: 'mp3' };
  // Executables and scripts: Windows PE, ELF, Mach-O (and Java class files, which share CAFEBABE), shebang.
  if (ascii(head, 0, 'MZ') || ascii(head, 0, '\x7fELF') || startsWith(head, [0xca, 0xfe, 0xba, 0xbe]) || startsWith(head, [0xcf, 0xfa, 0xed, 0xfe]) || startsWith(head, [0xce, 0xfa, 0xed, 0xfe]) || ascii(head, 0, '#!')) {
    return { refused: 'dangerous' };
  }
  // PDF allows a little junk before its header.
  if (head.subarray(0, 1024).includes('%PDF-', 0, 'latin1')) return { kind: 'pdf' };
  if (looksLikeText(head)) {
    const text = head.toString('utf8').replace(/^\uFEFF/, '');
    if (MARKUP_START.test(text) || MARKUP_ANYWHERE.test(text)) return { refused: 'dangerous' };
    return { kind: 'text' };
  }
  return { refused: 'unknown' };
}

/** Names in a zip's central directory (read from the end of the file), or null when it is not a readable zip. */
export async function zipEntryNames(handle: fsp.FileHandle, size: number): Promise<string[] | null> {
  const tailLen = Math.min(size, 65_557);
  const tail = Buffer.alloc(tailLen);
  await handle.read(tail, 0, tailLen, size - tailLen);
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > tail.length) return null;
  let entries = tail.readUInt16LE(eocd + 10);
  let cdSize = tail.readUInt32LE(eocd + 12);
  let cdOffset = tail.readUInt32LE(eocd + 16);
  if (cdOffset === 0xffffffff || cdSize === 0xffffffff || entries === 0xffff) {
    // Zip64: the locator sits just before the classic record.
    const loc = eocd - 20;
    if (loc < 0 || tail.readUInt32LE(loc) !== 0x07064b50) return null;
    const rec = Buffer.alloc(56);
    await handle.read(rec, 0, 56, Number(tail.readBigUInt64LE(loc + 8)));
    if (rec.readUInt32LE(0) !== 0x06064b50) return null;
    entries = Number(rec.readBigUInt64LE(32));
    cdSize = Number(rec.readBigUInt64LE(40));
    cdOffset = Number(rec.readBigUInt64LE(48));
  }
  if (cdOffset + cdSize > size || cdSize > 16 * 1024 * 1024) return null;
  const cd = Buffer.alloc(cdSize);
  await handle.read(cd, 0, cdSize, cdOffset);
  const names: string[] = [];
  let at = 0;
  for (let i = 0; i < entries && at + 46 <= cd.length; i++) {
    if (cd.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLen = cd.readUInt16LE(at + 28);
    const extraLen = cd.readUInt16LE(at + 30);
    const commentLen = cd.readUInt16LE(at + 32);
    names.push(cd.subarray(at + 46, at + 46 + nameLen).toString('utf8'));
    at += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}

/** A zip is Office Open XML when it has [Content_Types].xml and the main part of one application. */
export function ooxmlKind(names: readonly string[]): 'docx' | 'xlsx' | 'pptx' | 'zip' {
  const set = new Set(names);
  if (!set.has('[Content_Types].xml')) return 'zip';
  if (set.has('word/document.xml')) return 'docx';
  if (set.has('xl/workbook.xml')) return 'xlsx';
  if (set.has('ppt/presentation.xml')) return 'pptx';
  return 'zip';
}

export type Classified = { ok: true; kind: FileKind; contentType: string } | { ok: false; reason: 'dangerous' | 'unknown' | 'mismatch' | 'notAccepted' };

/** The final decision on a file whose real kind is known: extension agreement and `accept`. */
export function classify(name: string, kind: FileKind, accept: TFileAccept): Classified {
  const ext = extensionOf(name);
  if (DANGEROUS_EXT.has(ext)) return { ok: false, reason: 'dangerous' };
  const spec = KINDS[kind];
  // No extension contradicts nothing; any other extension must be one the content can carry.
  if (ext && !spec.ext.includes(ext)) return { ok: false, reason: 'mismatch' };
  // A legacy Office container must say which application it is.
  if (kind === 'ole' && !ext) return { ok: false, reason: 'mismatch' };
  const allowed = ACCEPT_KINDS[accept];
  if (allowed !== 'any' && !allowed.includes(kind)) return { ok: false, reason: 'notAccepted' };
  const allowedExt = ACCEPT_EXT[accept];
  if (allowedExt && !allowedExt.includes(ext)) return { ok: false, reason: 'notAccepted' };
  const contentType = kind === 'ole' ? OLE_MIME[ext]! : kind === 'text' ? (TEXT_MIME[ext] ?? spec.mime) : spec.mime;
  return { ok: true, kind, contentType };
}

export const isImageKind = (kind: FileKind) => IMAGE_KINDS.includes(kind);
export const extensionForKind = (kind: FileKind) => KINDS[kind].ext[0]!;

/**
 * A file name as the user meant it: the last segment of a path (either slash), without control or
 * bidirectional-override characters, trimmed, at most 255 characters (keeping the extension).
 */
export function cleanFileName(raw: string, max = 255): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let name = base.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim().replace(/[. ]+$/, '');
  if (name === '' || /^\.+$/.test(name)) name = 'file';
  if ([...name].length > max) {
    const ext = extensionOf(name);
    const chars = [...name];
    const keep = ext ? max - ext.length - 1 : max;
    name = chars.slice(0, keep).join('') + (ext ? `.${ext}` : '');
  }
  return name;
}
