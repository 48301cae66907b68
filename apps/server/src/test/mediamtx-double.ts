/**
 * A local double of MediaMTX (docs/decisions/0017-media-gateway.md), loopback only, for tests and
 * bench/live.ts. It speaks the parts of the real gateway hxk relies on:
 *
 * - the control API (port like :9997): `POST /v3/config/paths/add/{name}` (400 when the path
 *   exists), `POST /v3/config/paths/replace/{name}` and `PATCH /v3/config/paths/patch/{name}` (404
 *   when it does not), `DELETE /v3/config/paths/delete/{name}`, `GET /v3/config/paths/get/{name}`,
 *   `GET /v3/paths/list`; HTTP basic credentials when given;
 * - the HLS server (port like :8888): `GET /{path}/index.m3u8` and segments. Every request first asks
 *   the auth hook (`authMethod: http`): a POST of {user, password, token, ip, action: "read", path,
 *   protocol: "hls", id, query} to `authHTTPAddress`, admitted on 2xx, else 401;
 * - `sourceOnDemand`: the first admitted read of a path starts a pull of its `source` (counted in
 *   `pulls`); further readers share it; `closeAfterMs` after the last read the pull stops.
 *
 * It does not decode RTSP: a pull is recorded, and the segments it serves are a few bytes of MPEG-TS
 * sync markers, enough to count reads and check the hook.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type PathConf = { source?: string; sourceOnDemand?: boolean; [k: string]: unknown };
export type Pull = { path: string; source: string; startedAt: number; stoppedAt: number | null };
export type HookCall = { body: Record<string, unknown>; status: number };

export type MediaMtxDouble = {
  apiUrl: string;
  hlsUrl: string;
  /** Where reads are authorized (hxk's /live/gateway/auth?key=...); settable once hxk listens. */
  authHTTPAddress: string;
  paths: Map<string, PathConf>;
  pulls: Pull[];
  hookCalls: HookCall[];
  /** Requests the API answered, as "METHOD /route status". */
  apiCalls: string[];
  /** Pulls running now. */
  activePulls(): Pull[];
  close(): Promise<void>;
};

export async function startMediaMtxDouble(opts: { apiUser?: string; apiPassword?: string; closeAfterMs?: number; authHTTPAddress?: string } = {}): Promise<MediaMtxDouble> {
  const closeAfterMs = opts.closeAfterMs ?? 30_000;
  const paths = new Map<string, PathConf>();
  const pulls: Pull[] = [];
  const hookCalls: HookCall[] = [];
  const apiCalls: string[] = [];
  const lastRead = new Map<string, number>();

  const send = (res: http.ServerResponse, status: number, body: unknown = '') => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', 'access-control-allow-origin': '*' });
    res.end(text);
  };
  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => resolve(data));
    });
  const running = (path: string) => pulls.find((p) => p.path === path && p.stoppedAt === null);
  const stopPull = (path: string) => {
    const p = running(path);
    if (p) p.stoppedAt = Date.now();
    lastRead.delete(path);
  };

  const api = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const reply = (status: number, body: unknown = '') => {
        apiCalls.push(`${req.method} ${url.pathname} ${status}`);
        send(res, status, body);
      };
      if (opts.apiUser !== undefined) {
        const want = `Basic ${Buffer.from(`${opts.apiUser}:${opts.apiPassword ?? ''}`).toString('base64')}`;
        if (req.headers.authorization !== want) return reply(401, { error: 'authentication error' });
      }
      const m = /^\/v3\/config\/paths\/(add|replace|patch|delete|get)\/([^/]+)$/.exec(url.pathname);
      const body = await readBody(req);
      if (m) {
        const [, op, name] = m as unknown as [string, string, string];
        const exists = paths.has(name);
        let conf: PathConf = {};
        if (op === 'add' || op === 'replace' || op === 'patch') {
          try {
            conf = JSON.parse(body || '{}') as PathConf;
          } catch {
            return reply(400, { error: 'invalid JSON' });
          }
          if (conf.source !== undefined && !/^(rtsps?|rtmp|srt|udp):\/\//.test(String(conf.source)) && conf.source !== 'publisher') return reply(400, { error: 'invalid source' });
        }
        if (op === 'add' && req.method === 'POST') {
          if (exists) return reply(400, { error: 'path already exists' });
          paths.set(name, conf);
          return reply(200);
        }
        if (op === 'replace' && req.method === 'POST') {
          if (!exists) return reply(404, { error: 'path configuration not found' });
          if (paths.get(name)?.source !== conf.source) stopPull(name);
          paths.set(name, conf);
          return reply(200);
        }
        if (op === 'patch' && req.method === 'PATCH') {
          if (!exists) return reply(404, { error: 'path configuration not found' });
          paths.set(name, { ...paths.get(name), ...conf });
          return reply(200);
        }
        if (op === 'delete' && req.method === 'DELETE') {
          if (!exists) return reply(404, { error: 'path configuration not found' });
          paths.delete(name);
          stopPull(name);
          return reply(200);
        }
        if (op === 'get' && req.method === 'GET') return exists ? reply(200, { name, ...paths.get(name) }) : reply(404, { error: 'path configuration not found' });
        return reply(405, { error: 'method not allowed' });
      }
      if (url.pathname === '/v3/paths/list' && req.method === 'GET') {
        const items = [...paths.keys()].map((name) => ({ name, confName: name, ready: !!running(name), source: running(name) ? { type: 'rtspSource', id: '' } : null }));
        return reply(200, { itemCount: items.length, pageCount: 1, items });
      }
      return reply(404, { error: 'not found' });
    })();
  });

  const hls = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const m = /^\/(.+)\/(index\.m3u8|stream\.m3u8|seg\d+\.ts)$/.exec(url.pathname);
      if (!m) return send(res, 404, 'not found');
      const [, path, file] = m as unknown as [string, string, string];
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const hookBody = { user: '', password: '', token: bearer, ip: req.socket.remoteAddress ?? '', action: 'read', path, protocol: 'hls', id: null, query: url.search.slice(1) };
      const status = await fetch(double.authHTTPAddress, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(hookBody) })
        .then((r) => r.status)
        .catch(() => 599);
      hookCalls.push({ body: hookBody, status });
      if (status < 200 || status >= 300) return send(res, 401, 'authentication error');
      const conf = paths.get(path);
      if (!conf) return send(res, 404, 'path not configured');
      if (!running(path)) pulls.push({ path, source: String(conf.source), startedAt: Date.now(), stoppedAt: null });
      lastRead.set(path, Date.now());
      const q = url.search;
      if (file.endsWith('.m3u8')) {
        const seq = Math.floor(Date.now() / 1000);
        return send(res, 200, ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:1', `#EXT-X-MEDIA-SEQUENCE:${seq}`, '#EXTINF:1.000,', `seg${seq}.ts${q}`, ''].join('\n'));
      }
      res.writeHead(200, { 'content-type': 'video/mp2t', 'access-control-allow-origin': '*' });
      res.end(Buffer.alloc(188 * 4, 0x47));
    })();
  });

  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [path, at] of lastRead) if (now - at >= closeAfterMs) stopPull(path);
  }, Math.max(50, Math.min(1000, closeAfterMs / 4)));
  sweeper.unref();

  const listen = (server: http.Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  const [apiPort, hlsPort] = await Promise.all([listen(api), listen(hls)]);
  const double: MediaMtxDouble = {
    apiUrl: `http://127.0.0.1:${apiPort}`,
    hlsUrl: `http://127.0.0.1:${hlsPort}`,
    authHTTPAddress: opts.authHTTPAddress ?? '',
    paths,
    pulls,
    hookCalls,
    apiCalls,
    activePulls: () => pulls.filter((p) => p.stoppedAt === null),
    async close() {
      clearInterval(sweeper);
      await Promise.all([api, hls].map((s) => new Promise<void>((r) => { s.closeAllConnections(); s.close(() => r()); })));
    },
  };
  return double;
}
