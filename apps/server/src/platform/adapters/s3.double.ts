/**
 * A local double of the S3 REST API (PutObject, GetObject, DeleteObject) for tests. It checks each
 * request's AWS Signature V4 with its own implementation written from AWS's documentation (never
 * with the adapter's functions), checks the payload hash when one is signed, and keeps objects in
 * memory. Path style (http://host/bucket/key) and virtual-hosted style (Host: bucket.host).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const enc = (s: string, slash: boolean) =>
  Array.from(Buffer.from(s, 'utf8'))
    .map((b) => {
      const c = String.fromCharCode(b);
      return /[A-Za-z0-9_.~-]/.test(c) || (slash && c === '/') ? c : '%' + b.toString(16).toUpperCase().padStart(2, '0');
    })
    .join('');

function xmlError(res: http.ServerResponse, status: number, code: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}

export type S3Double = {
  endpoint: string;
  objects: Map<string, Buffer>;
  requests: { method: string; key: string; unsignedPayload: boolean }[];
  close(): Promise<void>;
};

export async function startS3Double(opts: { bucket: string; region: string; accessKeyId: string; secretAccessKey: string }): Promise<S3Double> {
  const objects = new Map<string, Buffer>();
  const requests: S3Double['requests'] = [];

  function verify(req: http.IncomingMessage, bodyHash: string): string | null {
    const auth = req.headers.authorization ?? '';
    const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
    if (!m) return 'AuthorizationHeaderMalformed';
    const [, ak, day, region, signed, signature] = m;
    if (ak !== opts.accessKeyId) return 'InvalidAccessKeyId';
    if (region !== opts.region) return 'AuthorizationHeaderMalformed';
    const date = String(req.headers['x-amz-date'] ?? '');
    if (!/^\d{8}T\d{6}Z$/.test(date) || date.slice(0, 8) !== day) return 'AccessDenied';
    const claimed = String(req.headers['x-amz-content-sha256'] ?? '');
    if (!claimed) return 'InvalidRequest';
    if (claimed !== 'UNSIGNED-PAYLOAD' && claimed !== bodyHash) return 'XAmzContentSHA256Mismatch';
    const names = signed!.split(';');
    if (!names.includes('host') || !names.includes('x-amz-date')) return 'AccessDenied';
    const url = new URL(req.url ?? '/', 'http://x');
    const query = [...url.searchParams.entries()].map(([k, v]) => `${enc(k, false)}=${enc(v, false)}`).sort().join('&');
    const headers = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
    const canonical = `${req.method}\n${url.pathname}\n${query}\n${headers}\n${signed}\n${claimed}`;
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = `AWS4-HMAC-SHA256\n${date}\n${scope}\n${crypto.createHash('sha256').update(canonical).digest('hex')}`;
    let k: Buffer = crypto.createHmac('sha256', 'AWS4' + opts.secretAccessKey).update(day!).digest();
    for (const part of [region!, 's3', 'aws4_request']) k = crypto.createHmac('sha256', k).update(part).digest();
    const expected = crypto.createHmac('sha256', k).update(toSign).digest('hex');
    return expected === signature ? null : 'SignatureDoesNotMatch';
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    const hash = crypto.createHash('sha256');
    req.on('data', (c: Buffer) => {
      chunks.push(c);
      hash.update(c);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const host = String(req.headers.host ?? '');
      const pathname = new URL(req.url ?? '/', 'http://x').pathname;
      let bucket: string;
      let rawKey: string;
      if (host.startsWith(`${opts.bucket}.`)) {
        bucket = opts.bucket;
        rawKey = pathname.slice(1);
      } else {
        const slash = pathname.indexOf('/', 1);
        bucket = decodeURIComponent(slash < 0 ? pathname.slice(1) : pathname.slice(1, slash));
        rawKey = slash < 0 ? '' : pathname.slice(slash + 1);
      }
      const key = decodeURIComponent(rawKey);
      requests.push({ method: req.method ?? '', key, unsignedPayload: req.headers['x-amz-content-sha256'] === 'UNSIGNED-PAYLOAD' });
      const problem = verify(req, hash.digest('hex'));
      if (problem) return xmlError(res, problem === 'XAmzContentSHA256Mismatch' || problem === 'InvalidRequest' || problem === 'AuthorizationHeaderMalformed' ? 400 : 403, problem);
      if (bucket !== opts.bucket) return xmlError(res, 404, 'NoSuchBucket');
      if (!key) return xmlError(res, 400, 'InvalidRequest');
      if (req.method === 'PUT') {
        if (req.headers['content-length'] === undefined) return xmlError(res, 411, 'MissingContentLength');
        if (Number(req.headers['content-length']) !== body.length) return xmlError(res, 400, 'IncompleteBody');
        objects.set(key, body);
        res.writeHead(200, { etag: `"${crypto.createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      if (req.method === 'GET') {
        const obj = objects.get(key);
        if (!obj) return xmlError(res, 404, 'NoSuchKey');
        res.writeHead(200, { 'content-length': obj.length, 'content-type': 'application/octet-stream' });
        return res.end(obj);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      return xmlError(res, 405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
