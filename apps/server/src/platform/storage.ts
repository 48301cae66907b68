/** Object storage behind one interface: a local folder by default, S3-compatible when configured. */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type StoredObject = { body: Readable; size: number };

export interface FileStorage {
  /** Writes an object. A stream is written as it comes; `size` (bytes) is required for a stream on S3. */
  put(key: string, body: Buffer | Readable, size?: number): Promise<void>;
  /** The whole object in memory (small objects only: avatars), or null when it does not exist. */
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream with its size, or null when it does not exist. */
  open(key: string): Promise<StoredObject | null>;
  /** Removes an object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

export function localStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes root: ${key}`);
    return full;
  };
  return {
    async put(key, body) {
      const full = resolve(key);
      await fsp.mkdir(path.dirname(full), { recursive: true });
      if (Buffer.isBuffer(body)) {
        await fsp.writeFile(full, body);
        return;
      }
      // Written beside the final name and renamed: a reader never sees half an object.
      const part = `${full}.part-${process.pid}-${Date.now()}`;
      try {
        await pipeline(body, fs.createWriteStream(part));
        await fsp.rename(part, full);
      } catch (e) {
        await fsp.rm(part, { force: true });
        throw e;
      }
    },
    async get(key) {
      try {
        return await fsp.readFile(resolve(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async open(key) {
      const full = resolve(key);
      try {
        const handle = await fsp.open(full, 'r');
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await fsp.rm(resolve(key), { force: true });
    },
  };
}

/** Detects image types by their first bytes, never by the name or the declared type. */
export function sniffImage(buf: Buffer): 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 6 && (buf.subarray(0, 6).toString('latin1') === 'GIF87a' || buf.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'image/gif';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}
