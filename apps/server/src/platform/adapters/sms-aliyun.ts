/**
 * Alibaba Cloud SMS (dysmsapi, API version 2017-05-25, action SendSms), RPC style with signature
 * version 1.0 (HMAC-SHA1). The request is a POST whose parameters travel as an
 * application/x-www-form-urlencoded body rather than in the URL, so phone numbers and signatures
 * stay out of proxy access logs; the string to sign therefore starts with "POST".
 */
import crypto from 'node:crypto';
import type { SmsSender } from './sms.ts';

export type AliyunSmsOptions = {
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  fetch?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
};

/** A gateway reply whose Code is not "OK" (or no reply we can read). */
export class AliyunSmsError extends Error {
  readonly code: string;
  readonly requestId: string | undefined;

  constructor(code: string, message: string, requestId?: string) {
    super(`Aliyun SMS SendSms failed: ${code}: ${message}${requestId ? ` (RequestId ${requestId})` : ''}`);
    this.name = 'AliyunSmsError';
    this.code = code;
    this.requestId = requestId;
  }
}

/**
 * Alibaba's percent-encoding (RFC 3986): only A-Z a-z 0-9 - _ . ~ stay as they are, a space is %20.
 * encodeURIComponent already gives %20 for a space and keeps ~, but it also keeps ! ' ( ) *, which
 * Alibaba encodes (its Java recipe: URLEncoder, then + to %20, * to %2A, %7E to ~).
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Signature 1.0: base64(HMAC-SHA1(secret + "&", METHOD & %2F & encode(sorted canonical query))). */
export function rpcSignature(method: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return crypto.createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

/** 2026-11-22T12:00:00Z: ISO 8601 in UTC, without milliseconds. */
export const aliyunTimestamp = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

type SendSmsReply = { Code?: string; Message?: string; BizId?: string; RequestId?: string };

export function aliyunSmsSender(opts: AliyunSmsOptions): SmsSender {
  const doFetch = opts.fetch ?? globalThis.fetch;
  const now = opts.now ?? (() => new Date());
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return {
    name: 'aliyun',
    async send(phone, code) {
      const params: Record<string, string> = {
        AccessKeyId: opts.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        RegionId: 'cn-hangzhou',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: crypto.randomUUID(),
        SignatureVersion: '1.0',
        Timestamp: aliyunTimestamp(now()),
        Version: '2017-05-25',
        PhoneNumbers: phone,
        SignName: opts.signName,
        TemplateCode: opts.templateCode,
        TemplateParam: JSON.stringify({ code }),
      };
      params.Signature = rpcSignature('POST', params, opts.accessKeySecret);
      const body = Object.entries(params)
        .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
        .join('&');
      const res = await doFetch(opts.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      let reply: SendSmsReply;
      try {
        reply = JSON.parse(text) as SendSmsReply;
      } catch {
        throw new AliyunSmsError(`HTTP ${res.status}`, text.slice(0, 200) || res.statusText);
      }
      // Errors come as HTTP 4xx/5xx (SignatureDoesNotMatch) or as HTTP 200 (isv.* business errors).
      if (reply.Code !== 'OK') throw new AliyunSmsError(reply.Code ?? `HTTP ${res.status}`, reply.Message ?? '', reply.RequestId);
    },
  };
}
