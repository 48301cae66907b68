/**
 * Sends a stored MP4 with HTTP Range (206 for a range, 416 for an unsatisfiable one), inline, for a
 * <video> element to start and seek without the whole file; or whole, as an attachment, for a
 * download. Used by the recordings media route and the clip shares' media route.
 */
import type { FastifyReply } from 'fastify';
import type { FileStorage } from '../../platform/storage.ts';
import { AppError } from '../../platform/errors.ts';
import { contentDisposition } from '../files/files.routes.ts';
import { parseRange, sliceStream } from './byte-range.ts';

export async function sendMp4(
  reply: FastifyReply,
  storage: FileStorage,
  file: { storageKey: string; fileName: string },
  opts: { rangeHeader: string | undefined; cache: string; download?: boolean },
) {
  const stored = await storage.open(file.storageKey);
  if (!stored) throw new AppError('recordings.notReady');
  const { size } = stored;
  void reply
    .type('video/mp4')
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', opts.cache)
    .header('content-disposition', contentDisposition(opts.download ? 'attachment' : 'inline', file.fileName));
  const range = opts.download ? null : parseRange(opts.rangeHeader, size);
  if (range === 'unsatisfiable') {
    stored.body.destroy();
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  if (!range) return reply.header('content-length', size).send(stored.body);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(sliceStream(stored.body, range));
}
