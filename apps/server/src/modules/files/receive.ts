/**
 * Receives one uploaded file as a stream: counts bytes against the limit of what the content is
 * (10 MB for images, 100 MB otherwise) while it flows into a temporary file, decides the real type
 * from the first bytes, and stops at the first byte too many. Nothing is ever held whole in memory.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_LIMITS, type ErrorKey, type TFileAccept } from '@hxk/contracts';
import { AppError } from '../../platform/errors.ts';
import { classify, cleanFileName, extensionOf, HEAD_BYTES, isImageKind, ooxmlKind, sniffHead, zipEntryNames, type Classified, type FileKind, type HeadVerdict } from './file-types.ts';

/** Bytes the person and the school have left (upload rate, storage quota), and the refusal past them. */
export type Budget = { bytes: number; error: () => AppError };

export type Received = { tmpPath: string; size: number; name: string; kind: FileKind; contentType: string };

const MB = 1024 * 1024;
const ZIP_FAMILY_EXT = ['docx', 'xlsx', 'pptx'];
export const limitText = (bytes: number) => `${Math.round(bytes / MB)}MB`;

const ACCEPT_ERROR: Record<TFileAccept, ErrorKey> = {
  any: 'file.formatWrong',
  image: 'file.onlyImage',
  lessonPlan: 'file.onlyLessonPlan',
  excel: 'file.onlyExcel',
  video: 'file.onlyVideo',
};

function refusal(verdict: Exclude<Classified, { ok: true }>, accept: TFileAccept): AppError {
  return new AppError(verdict.reason === 'notAccepted' ? ACCEPT_ERROR[accept] : 'file.formatWrong');
}

/** Checks bytes as they pass: the head decides the type and the limit, the count enforces it. */
class Inspector extends Transform {
  size = 0;
  head: Buffer[] = [];
  headLen = 0;
  verdict: HeadVerdict | null = null;
  limit: number = UPLOAD_LIMITS.fileBytes;

  constructor(private readonly name: string, private readonly accept: TFileAccept, private readonly budget?: Budget) {
    super();
  }

  private decide(): AppError | null {
    const head = Buffer.concat(this.head);
    this.head = [];
    const verdict = sniffHead(head.subarray(0, HEAD_BYTES));
    this.verdict = verdict;
    if ('refused' in verdict) return new AppError('file.formatWrong');
    if (verdict.kind !== 'zip-like') {
      // Known from the first bytes: refuse a wrong extension or kind before reading on.
      const c = classify(this.name, verdict.kind, this.accept);
      if (!c.ok) return refusal(c, this.accept);
      if (isImageKind(verdict.kind)) this.limit = UPLOAD_LIMITS.imageBytes;
    } else {
      // A zip is told apart only at the end, but a name it can never carry is refused now.
      const c = classify(this.name, 'zip', 'any');
      if (!c.ok && !ZIP_FAMILY_EXT.includes(extensionOf(this.name))) return refusal(c, this.accept);
      if (this.accept === 'image' || this.accept === 'video') return new AppError(ACCEPT_ERROR[this.accept]);
    }
    return null;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (!this.verdict) {
      this.head.push(chunk);
      this.headLen += chunk.length;
      if (this.headLen >= HEAD_BYTES) {
        const err = this.decide();
        if (err) return done(err);
      }
    }
    if (this.size > this.limit) return done(new AppError('file.tooLarge', { limit: limitText(this.limit) }));
    if (this.budget && this.size > this.budget.bytes) return done(this.budget.error());
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    if (!this.verdict) {
      const err = this.decide();
      if (err) return done(err);
      if (this.size > this.limit) return done(new AppError('file.tooLarge', { limit: limitText(this.limit) }));
    }
    done();
  }
}

export async function receiveUpload(
  file: Readable & { truncated?: boolean },
  rawName: string,
  opts: { accept: TFileAccept; tmpDir: string; budget?: Budget },
): Promise<Received> {
  const name = cleanFileName(rawName);
  await fsp.mkdir(opts.tmpDir, { recursive: true });
  const tmpPath = path.join(opts.tmpDir, `upload-${crypto.randomBytes(12).toString('hex')}`);
  const inspector = new Inspector(name, opts.accept, opts.budget);
  const out = fs.createWriteStream(tmpPath, { flags: 'wx' });
  try {
    await pipeline(file, inspector, out);
    // The multipart parser's own cap (a little above 100 MB) cut the stream: too large.
    if (file.truncated) throw new AppError('file.tooLarge', { limit: limitText(UPLOAD_LIMITS.fileBytes) });
    const verdict = inspector.verdict!;
    let kind: FileKind;
    if ('kind' in verdict && verdict.kind === 'zip-like') {
      const handle = await fsp.open(tmpPath, 'r');
      try {
        const names = await zipEntryNames(handle, inspector.size);
        if (!names) throw new AppError('file.formatWrong');
        kind = ooxmlKind(names);
      } finally {
        await handle.close();
      }
    } else {
      kind = (verdict as { kind: FileKind }).kind;
    }
    const c = classify(name, kind, opts.accept);
    if (!c.ok) throw refusal(c, opts.accept);
    return { tmpPath, size: inspector.size, name, kind, contentType: c.contentType };
  } catch (e) {
    // A refusal on the first bytes can come before the file is even open: remove it once it is closed.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await fsp.rm(tmpPath, { force: true });
    // Whatever is left of the part is thrown away, not read.
    file.destroy();
    throw e;
  }
}

/** Removes temporary files a crashed upload left behind (older than an hour). */
export async function sweepTemp(tmpDir: string, now = Date.now()) {
  const names = await fsp.readdir(tmpDir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith('upload-')) continue;
    const full = path.join(tmpDir, name);
    const st = await fsp.stat(full).catch(() => null);
    if (st && now - st.mtimeMs > 3_600_000) await fsp.rm(full, { force: true });
  }
}
