/**
 * WeChat official account (公众号): temporary string-scene QR codes, and the helpers for the
 * message-push callback through which WeChat reports who scanned them.
 *
 * The access_token is cached in this process until shortly before it expires. Several server
 * nodes each keep their own; fetching a new token leaves the previous one valid for a few more
 * minutes only, so a node whose token was superseded gets 40001 and refreshes once and retries.
 */
import crypto from 'node:crypto';
import type { QrProvider } from './wechat.ts';

export type WechatMpOptions = {
  apiBase: string;
  appId: string;
  appSecret: string;
  fetch?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
};

/** A WeChat API reply with errcode != 0 (or no reply we can read). */
export class WechatApiError extends Error {
  readonly errcode: number;

  constructor(api: string, errcode: number, errmsg: string) {
    super(`WeChat ${api} failed: errcode ${errcode}: ${errmsg}`);
    this.name = 'WechatApiError';
    this.errcode = errcode;
  }
}

/** invalid credential / access_token expired: the cached token is no good any more. */
const TOKEN_ERRORS = new Set([40001, 42001]);
/** Refresh this long before WeChat's expires_in (7200 s) runs out. */
const TOKEN_MARGIN_SECONDS = 300;

type WechatReply = { errcode?: number; errmsg?: string };

export function wechatQrProvider(opts: WechatMpOptions): QrProvider {
  const doFetch = opts.fetch ?? globalThis.fetch;
  const now = opts.now ?? (() => new Date());
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const base = opts.apiBase.replace(/\/+$/, '');
  let cached: { token: string; until: number } | null = null;
  let pending: Promise<string> | null = null;

  async function callApi<T extends WechatReply>(api: string, url: string, init: RequestInit = {}): Promise<T> {
    const res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    let reply: T;
    try {
      reply = JSON.parse(text) as T;
    } catch {
      throw new WechatApiError(api, -1, `HTTP ${res.status}: ${text.slice(0, 200) || res.statusText}`);
    }
    if (reply.errcode) throw new WechatApiError(api, reply.errcode, reply.errmsg ?? '');
    return reply;
  }

  async function fetchToken(): Promise<string> {
    const query = new URLSearchParams({ grant_type: 'client_credential', appid: opts.appId, secret: opts.appSecret });
    const reply = await callApi<WechatReply & { access_token?: string; expires_in?: number }>('cgi-bin/token', `${base}/cgi-bin/token?${query}`);
    if (!reply.access_token) throw new WechatApiError('cgi-bin/token', -1, 'no access_token in reply');
    const lifetime = Math.max(0, (reply.expires_in ?? 7200) - Math.min(TOKEN_MARGIN_SECONDS, (reply.expires_in ?? 7200) / 2));
    cached = { token: reply.access_token, until: now().getTime() + lifetime * 1000 };
    return reply.access_token;
  }

  /** One token request at a time, however many QR codes are being made at once. */
  function accessToken(): Promise<string> {
    if (cached && cached.until > now().getTime()) return Promise.resolve(cached.token);
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function createQr(token: string, sceneId: string, ttlSeconds: number) {
    return callApi<WechatReply & { ticket?: string; url?: string; expire_seconds?: number }>(
      'cgi-bin/qrcode/create',
      `${base}/cgi-bin/qrcode/create?${new URLSearchParams({ access_token: token })}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ expire_seconds: ttlSeconds, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: sceneId } } }),
      },
    );
  }

  return {
    kind: 'wechat',
    async createCode({ sceneId, ttlSeconds }) {
      const token = await accessToken();
      let reply;
      try {
        reply = await createQr(token, sceneId, ttlSeconds);
      } catch (err) {
        if (!(err instanceof WechatApiError && TOKEN_ERRORS.has(err.errcode))) throw err;
        if (cached?.token === token) cached = null;
        reply = await createQr(await accessToken(), sceneId, ttlSeconds);
      }
      if (!reply.url) throw new WechatApiError('cgi-bin/qrcode/create', -1, 'no url in reply');
      return { content: reply.url };
    },
  };
}

/** The message-push check: sha1 of token, timestamp and nonce, sorted and joined, in hex. */
export function checkSignature(token: string, timestamp: string, nonce: string, signature: string): boolean {
  if (!token || !timestamp || !nonce || !signature) return false;
  const expected = crypto.createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && /^[0-9a-f]{40}$/i.test(signature) && crypto.timingSafeEqual(given, expected);
}

export type WechatPushMessage = {
  openId: string;
  msgType: string;
  event: string | null;
  eventKey: string | null;
  /** The QR scene of a SCAN or subscribe-by-QR event (qrscene_ prefix removed); null otherwise. */
  sceneId: string | null;
};

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** A top-level field of WeChat's flat push XML, CDATA or plain text. No entities, no DTD. */
function xmlField(xml: string, name: string): string | null {
  const m = new RegExp(`<${name}>\\s*(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))\\s*</${name}>`).exec(xml);
  if (!m) return null;
  if (m[1] !== undefined) return m[1];
  return (m[2] ?? '').replace(/&(lt|gt|amp|quot|apos);/g, (_, e: string) => XML_ENTITIES[e]!).trim();
}

/** Reads a plain-text (明文) push message; null when it is not a message from a user. */
export function parseScanEvent(xml: string): WechatPushMessage | null {
  const openId = xmlField(xml, 'FromUserName');
  const msgType = xmlField(xml, 'MsgType');
  if (!openId || !msgType) return null;
  const event = xmlField(xml, 'Event');
  const eventKey = xmlField(xml, 'EventKey');
  let sceneId: string | null = null;
  if (msgType === 'event' && eventKey) {
    if (event === 'SCAN') sceneId = eventKey;
    // A user who follows the account by scanning gets subscribe, its key prefixed with qrscene_.
    else if (event === 'subscribe' && eventKey.startsWith('qrscene_')) sceneId = eventKey.slice('qrscene_'.length);
  }
  return { openId, msgType, event, eventKey, sceneId: sceneId || null };
}
