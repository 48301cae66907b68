/**
 * A local double of api.weixin.qq.com for tests: the access_token endpoint and temporary QR code
 * creation, checking requests as WeChat does. Listens on 127.0.0.1 only; tests never reach WeChat.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type QrRequest = { expire_seconds: number; action_name: string; action_info: { scene: { scene_str: string } } };

export function startWechatDouble(app: { appId: string; appSecret: string }) {
  /** Tokens WeChat would accept, and the errcode of those it no longer does. */
  const tokens = new Map<string, 0 | 40001 | 42001>();
  const state = {
    tokenRequests: 0,
    rejectedCreates: 0,
    qrRequests: [] as QrRequest[],
    rejectEveryToken: false,
    createError: null as { errcode: number; errmsg: string } | null,
  };

  const qrUrlOf = (scene: string) => `http://weixin.qq.com/q/02${crypto.createHash('sha1').update(scene).digest('hex').slice(0, 22)}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://double');
      const reply = (body: object) => {
        // WeChat answers HTTP 200 with an errcode, whatever went wrong.
        res.writeHead(200, { 'content-type': 'application/json; encoding=utf-8' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && url.pathname === '/cgi-bin/token') {
        state.tokenRequests++;
        const q = url.searchParams;
        if (q.get('grant_type') !== 'client_credential') return reply({ errcode: 40002, errmsg: 'invalid grant_type' });
        if (q.get('appid') !== app.appId) return reply({ errcode: 40013, errmsg: 'invalid appid' });
        if (q.get('secret') !== app.appSecret) return reply({ errcode: 40125, errmsg: 'invalid appsecret' });
        const token = `ACCESS_TOKEN_${crypto.randomBytes(12).toString('hex')}`;
        tokens.set(token, 0);
        return reply({ access_token: token, expires_in: 7200 });
      }
      if (url.pathname === '/cgi-bin/qrcode/create') {
        if (req.method !== 'POST') return reply({ errcode: 43002, errmsg: 'require POST method' });
        const token = url.searchParams.get('access_token') ?? '';
        const tokenState = tokens.get(token);
        if (state.rejectEveryToken || tokenState === undefined || tokenState !== 0) {
          state.rejectedCreates++;
          const errcode = tokenState === 42001 ? 42001 : 40001;
          return reply({ errcode, errmsg: errcode === 42001 ? 'access_token expired' : 'invalid credential, access_token is invalid or not latest' });
        }
        if (state.createError) return reply(state.createError);
        let body: QrRequest;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as QrRequest;
        } catch {
          return reply({ errcode: 47001, errmsg: 'data format error' });
        }
        const scene = body?.action_info?.scene?.scene_str;
        const ttl = body?.expire_seconds;
        if (body?.action_name !== 'QR_STR_SCENE' || typeof scene !== 'string' || scene.length < 1 || scene.length > 64) {
          return reply({ errcode: 40097, errmsg: 'invalid args' });
        }
        if (!Number.isInteger(ttl) || ttl < 60 || ttl > 2_592_000) return reply({ errcode: 40097, errmsg: 'invalid args' });
        state.qrRequests.push(body);
        return reply({ ticket: `gQ${crypto.randomBytes(16).toString('base64url')}`, expire_seconds: ttl, url: qrUrlOf(scene) });
      }
      res.writeHead(404).end();
    });
  });

  return {
    state,
    get tokenRequests() {
      return state.tokenRequests;
    },
    get rejectedCreates() {
      return state.rejectedCreates;
    },
    get qrRequests() {
      return state.qrRequests;
    },
    qrUrlOf,
    /** Every token issued so far stops working with this errcode, as after expiry or a reset. */
    expireCurrentToken(errcode: 40001 | 42001 = 42001) {
      for (const t of tokens.keys()) tokens.set(t, errcode);
    },
    /** Every qrcode/create answers this error (quota, permission...) until reset. */
    failCreatesWith(error: { errcode: number; errmsg: string }) {
      state.createError = error;
    },
    reset() {
      tokens.clear();
      Object.assign(state, { tokenRequests: 0, rejectedCreates: 0, qrRequests: [], rejectEveryToken: false, createError: null });
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
