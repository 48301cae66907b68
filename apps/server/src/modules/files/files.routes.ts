import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Multipart } from '@fastify/multipart';
import { UPLOAD_LIMITS, ZFileDownloadQuery, ZFileInfo, ZFileQuery, ZFileUploadFields, ZUploadResponse, type TFileUploadFields } from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { accountCtx, memberCtx, memberOrNull } from '../../platform/route-context.ts';
import { AppError } from '../../platform/errors.ts';
import { cleanFileName } from './file-types.ts';
import { receiveUpload, sweepTemp } from './receive.ts';
import * as files from './files.service.ts';

const tags = ['files'];

/** The text fields sent before the file part (fields after it are not seen). */
function readFields(raw: Record<string, Multipart | Multipart[] | undefined>): TFileUploadFields {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    const one = Array.isArray(v) ? v[0] : v;
    if (one && one.type === 'field' && one.value !== '') values[k] = String(one.value);
  }
  const parsed = ZFileUploadFields.safeParse(values);
  if (!parsed.success) throw new AppError('file.badField', { field: String(parsed.error.issues[0]?.path[0] ?? '') });
  return parsed.data;
}

/** Whatever a served file holds, opened directly it runs nothing and reaches nothing (with x-content-type-options: nosniff). */
export const FILE_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** RFC 6266 / 5987: an ASCII fallback name and the exact UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/**
 * Only images are ever shown inline (finding 11 of issue 12): a PDF can carry JavaScript, and nothing
 * but an <img> needs inline. <img>, <video> and <audio> ignore Content-Disposition, so media still
 * play in the page; opened in a tab, video and audio are downloaded rather than played by the browser.
 */
const INLINE_TYPES = /^image\/(png|jpeg|gif|webp)$/;

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onReady', async () => sweepTemp(path.join(app.deps.config.dataDir, 'tmp')));

  app.post('/base/tool/file/v1/simple/upload', {
    config: { permission: 'account', cost: 'upload' },
    schema: {
      tags,
      summary:
        'Upload one file, streamed (multipart: text fields purpose, accept, context first, then the part "file"). ' +
        'The type is decided by the content and must agree with the extension; images up to 10 MB, other files up to 100 MB. ' +
        'purpose=avatar sets the caller\'s avatar; accept=image|lessonPlan|excel|video narrows the kinds; ' +
        'context (e.g. "appeal:123") refuses a second file of the same name from the same person in that context.',
      consumes: ['multipart/form-data'],
      response: okSchema(ZUploadResponse),
    },
  }, async (req, reply) => {
    // One byte above the largest limit: the stream itself is counted and cut by receiveUpload.
    const part = await req.file({ limits: { fileSize: UPLOAD_LIMITS.fileBytes + 1, files: 1, fields: 10 } });
    if (!part) throw new AppError('file.missing');
    const tmpDir = path.join(req.ctx.deps.config.dataDir, 'tmp');
    try {
      const fields = readFields(part.fields as Record<string, Multipart | Multipart[]>);
      if (fields.purpose === 'avatar') {
        const received = await receiveUpload(part.file, part.filename, { accept: 'image', tmpDir });
        try {
          return ok(await files.storeAvatar(accountCtx(req), received));
        } finally {
          await files.discard(received);
        }
      }
      const ctx = memberOrNull(accountCtx(req));
      if (!ctx) throw new AppError('auth.noSchool');
      await files.assertNameFree(ctx, cleanFileName(part.filename), fields.context);
      const budget = await files.admitUpload(ctx);
      const received = await receiveUpload(part.file, part.filename, { accept: fields.accept, tmpDir, budget });
      try {
        return ok(await files.storeFile(ctx, received, fields.context));
      } finally {
        await files.discard(received);
      }
    } catch (e) {
      if (!req.raw.readableEnded) {
        // Refused before the end of the body: the rest is not read, and the connection is not reused.
        part.file.destroy();
        void reply.header('connection', 'close');
      }
      throw e;
    }
  });

  app.get('/base/tool/file/v1/get/info/of/id', {
    config: { permission: 'member' },
    schema: { tags, summary: 'A file of the current school', querystring: ZFileQuery, response: okSchema(ZFileInfo) },
  }, async (req) => ok(await files.fileInfo(memberCtx(req), req.query.fileId)));

  app.get('/base/tool/file/v1/download', {
    config: { permission: 'member' },
    schema: {
      tags,
      summary: 'The content of a file the caller may read, streamed; disposition=inline shows PNG, JPEG, GIF and WebP images inline, anything else is an attachment',
      querystring: ZFileDownloadQuery,
    },
  }, async (req, reply) => {
    const { row, body, size } = await files.openFile(memberCtx(req), req.query.fileId);
    const inline = req.query.disposition === 'inline' && INLINE_TYPES.test(row.contentType);
    return reply
      .type(row.contentType)
      .header('content-length', size)
      .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', row.name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', FILE_CSP)
      .header('cache-control', 'private, no-cache')
      .send(body);
  });

  app.post('/base/tool/file/v1/delete', {
    config: { permission: 'member' },
    schema: { tags, summary: 'Delete a file the caller may read (its uploader or an administrator of the school); any other is not found', querystring: ZFileQuery, response: okSchema(z.null()) },
  }, async (req) => {
    await files.deleteFile(memberCtx(req), req.query.fileId);
    return ok(null);
  });
};
