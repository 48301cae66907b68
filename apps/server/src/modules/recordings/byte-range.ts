/**
 * HTTP Range for recordings (RFC 9110 section 14): a video element asks for the parts it needs to
 * start, and to seek, before it has the whole file. One range per request (what players send);
 * a multi-range or malformed header is served whole, as the RFC allows; an unsatisfiable one is 416.
 */
import { Transform, type Readable } from 'node:stream';

export type ByteRange = { start: number; end: number };

/** The range asked for: null to send the whole file, 'unsatisfiable' for 416. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** The bytes start..end (inclusive) of a stream that begins at byte 0; the source is closed once they have passed. */
export function sliceStream(body: Readable, range: ByteRange): Readable {
  let pos = 0;
  const slice = new Transform({
    transform(chunk: Buffer, _enc, done) {
      const from = Math.max(0, range.start - pos);
      const to = Math.min(chunk.length, range.end + 1 - pos);
      pos += chunk.length;
      if (to > from) this.push(chunk.subarray(from, to));
      if (pos > range.end) {
        this.push(null);
        body.unpipe(slice);
        body.destroy();
      }
      done();
    },
  });
  // A player that aborts its request (it seeks elsewhere) closes the slice: close the file with it.
  slice.once('close', () => body.destroy());
  return body.pipe(slice);
}
