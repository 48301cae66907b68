/**
 * S3-compatible object storage (AWS S3, MinIO, Ceph RGW, OSS/COS in S3 mode) over plain HTTP(S),
 * signed with AWS Signature Version 4. Objects stream in and out: nothing is held whole in memory.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readAll, type FileStorage } from '../storage.ts';

export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** true: http://host/bucket/key (MinIO and most self-hosted servers); false: http://bucket.host/key. */
  forcePathStyle: boolean;
  /** Milliseconds without progress before a request is abandoned. */
  timeoutMs?: number;
};

export const EMPTY_SHA256 = crypto.createHash('sha256').update('').digest('hex');
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

const hmac = (key: Buffer | string, data: string) => crypto.createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest('hex');

/** RFC 3986 encoding of each byte except unreserved characters (and '/' when asked), as SigV4 wants. */
export function uriEncode(value: string, keepSlash: boolean): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(ch) || (keepSlash && ch === '/')) out += ch;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export const amzDate = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * Signs one request: returns the Authorization header for the given method, path (already
 * encoded), query, headers (every header given is signed) and payload hash.
 */
export function signV4(input: {
  method: string;
  path: string;
  query?: Record<string, string>;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  date: string;
  service?: string;
}): string {
  const service = input.service ?? 's3';
  const names = Object.keys(input.headers).map((h) => h.toLowerCase()).sort();
  const lower = Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const canonicalHeaders = names.map((n) => `${n}:${String(lower[n]).trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const query = Object.entries(input.query ?? {})
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [input.method, input.path, query, canonicalHeaders, signedHeaders, input.payloadHash].join('\n');
  const day = input.date.slice(0, 8);
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', input.date, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service), 'aws4_request');
  const signature = crypto.createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

export class S3Error extends Error {
  constructor(readonly status: number, readonly s3Code: string, message: string) {
    super(message);
  }
}

export function s3Storage(cfg: S3Config, now: () => Date = () => new Date()): FileStorage {
  const base = new URL(cfg.endpoint);
  const timeoutMs = cfg.timeoutMs ?? 60_000;
  const basePath = base.pathname.replace(/\/+$/, '');

  function target(key: string) {
    if (!key || key.startsWith('/')) throw new Error(`bad storage key: ${key}`);
    const host = cfg.forcePathStyle ? base.host : `${cfg.bucket}.${base.host}`;
    const p = cfg.forcePathStyle ? `${basePath}/${uriEncode(cfg.bucket, false)}/${uriEncode(key, true)}` : `${basePath}/${uriEncode(key, true)}`;
    return { host, path: p };
  }

  function request(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: { data: Buffer | Readable; size: number }): Promise<http.IncomingMessage> {
    const { host, path: p } = target(key);
    const date = amzDate(now());
    const payloadHash = body ? (Buffer.isBuffer(body.data) ? sha256Hex(body.data) : UNSIGNED_PAYLOAD) : EMPTY_SHA256;
    const headers: Record<string, string> = { host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': date };
    if (body) {
      headers['content-length'] = String(body.size);
      headers['content-type'] = 'application/octet-stream';
    }
    headers.authorization = signV4({ method, path: p, headers, payloadHash, region: cfg.region, accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey, date });
    const lib = base.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = lib.request({ protocol: base.protocol, hostname: base.hostname, port: base.port || undefined, method, path: p, headers: { ...headers, host } });
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`S3 ${method} ${key}: no progress for ${timeoutMs} ms`)));
      req.on('response', resolve);
      req.on('error', reject);
      if (!body) req.end();
      else if (Buffer.isBuffer(body.data)) req.end(body.data);
      else pipeline(body.data, req).catch((e: unknown) => req.destroy(e as Error));
    });
  }

  async function fail(method: string, key: string, res: http.IncomingMessage): Promise<never> {
    const text = (await readAll(res)).toString('utf8').slice(0, 2000);
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? 'Unknown';
    throw new S3Error(res.statusCode ?? 0, code, `S3 ${method} ${key} failed: ${res.statusCode} ${code}`);
  }

  return {
    async put(key, data, size) {
      let length = size;
      if (Buffer.isBuffer(data)) length = data.length;
      if (length === undefined) throw new Error('S3 put of a stream needs its size');
      const res = await request('PUT', key, { data, size: length });
      if ((res.statusCode ?? 0) >= 300) await fail('PUT', key, res);
      res.resume();
    },
    async open(key) {
      const res = await request('GET', key);
      if (res.statusCode === 404) {
        res.resume();
        return null;
      }
      if ((res.statusCode ?? 0) >= 300) await fail('GET', key, res);
      return { body: res, size: Number(res.headers['content-length'] ?? 0) };
    },
    async get(key) {
      const obj = await this.open(key);
      return obj ? readAll(obj.body) : null;
    },
    async delete(key) {
      const res = await request('DELETE', key);
      if (res.statusCode !== 404 && (res.statusCode ?? 0) >= 300) await fail('DELETE', key, res);
      res.resume();
    },
  };
}
