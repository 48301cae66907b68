import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aliyunSmsSender, aliyunTimestamp, percentEncode, rpcSignature } from './sms-aliyun.ts';

/*
 * A local double of dysmsapi.aliyuncs.com. It checks requests the way the gateway does, with its
 * own implementation of signature version 1.0 written from Alibaba's documentation (byte-wise
 * RFC 3986 encoding), never with the adapter's functions.
 */

const UNRESERVED = /[A-Za-z0-9\-_.~]/;

function specEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += byte < 0x80 && UNRESERVED.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function specSignature(method: string, params: Map<string, string>, secret: string): string {
  const names = [...params.keys()].filter((k) => k !== 'Signature').sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = names.map((k) => `${specEncode(k)}=${specEncode(params.get(k)!)}`).join('&');
  const stringToSign = `${method}&${specEncode('/')}&${specEncode(canonical)}`;
  return crypto.createHmac('sha1', `${secret}&`).update(stringToSign, 'utf8').digest('base64');
}

type Received = { method: string; contentType: string; params: Map<string, string> };

function startGatewayDouble(keys: Record<string, string>) {
  const received: Received[] = [];
  const seenNonces = new Set<string>();
  const state: { businessReply: { Code: string; Message: string } | null; hang: boolean } = { businessReply: null, hang: false };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (state.hang) return; // never answers: the adapter must give up on its own
      const reply = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
        res.end(JSON.stringify({ RequestId: crypto.randomUUID(), ...body }));
      };
      const contentType = req.headers['content-type'] ?? '';
      const params = new Map(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      received.push({ method: req.method ?? '', contentType, params });
      if (req.method !== 'POST' || !contentType.startsWith('application/x-www-form-urlencoded')) {
        return reply(400, { Code: 'InvalidParameter', Message: 'expected a form POST' });
      }
      const required = ['AccessKeyId', 'Action', 'Format', 'Version', 'Signature', 'SignatureMethod', 'SignatureVersion', 'SignatureNonce', 'Timestamp', 'PhoneNumbers', 'SignName', 'TemplateCode'];
      const missing = required.find((k) => !params.get(k));
      if (missing) return reply(400, { Code: 'MissingParameter', Message: `${missing} is mandatory for this action.` });
      const fixed: Record<string, string> = { Action: 'SendSms', Format: 'JSON', Version: '2017-05-25', SignatureMethod: 'HMAC-SHA1', SignatureVersion: '1.0' };
      for (const [k, v] of Object.entries(fixed)) {
        if (params.get(k) !== v) return reply(400, { Code: 'InvalidParameter', Message: `${k} must be ${v}` });
      }
      if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(params.get('Timestamp')!)) {
        return reply(400, { Code: 'InvalidTimeStamp.Format', Message: 'Specified time stamp or date value is not well formatted.' });
      }
      const secret = keys[params.get('AccessKeyId')!];
      if (!secret) return reply(404, { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' });
      if (specSignature('POST', params, secret) !== params.get('Signature')) {
        return reply(400, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' });
      }
      if (seenNonces.has(params.get('SignatureNonce')!)) {
        return reply(400, { Code: 'SignatureNonceUsed', Message: 'Specified signature nonce was used already.' });
      }
      seenNonces.add(params.get('SignatureNonce')!);
      try {
        const templateParam = JSON.parse(params.get('TemplateParam') ?? '') as unknown;
        if (typeof templateParam !== 'object' || templateParam === null) throw new Error('not an object');
      } catch {
        return reply(200, { Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法，只接受字符串值' });
      }
      if (state.businessReply) return reply(200, state.businessReply);
      return reply(200, { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0' });
    });
  });
  return { server, received, state };
}

const KEY_ID = 'LTAI5tTestKeyId';
const SECRET = 'tEsTsEcReT+/=~*';
const SIGN_NAME = '阿里云短信测试 (hxk)';
const FIXED_NOW = new Date('2026-11-22T12:00:00.123Z');

describe('aliyunSmsSender against a local dysmsapi double', () => {
  const double = startGatewayDouble({ [KEY_ID]: SECRET });
  let endpoint = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => double.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(double.server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    double.server.closeAllConnections();
    await new Promise((resolve) => double.server.close(resolve));
  });
  beforeEach(() => {
    double.received.length = 0;
    double.state.businessReply = null;
    double.state.hang = false;
  });

  const sender = (over: Partial<Parameters<typeof aliyunSmsSender>[0]> = {}) =>
    aliyunSmsSender({ endpoint, accessKeyId: KEY_ID, accessKeySecret: SECRET, signName: SIGN_NAME, templateCode: 'SMS_154950909', now: () => FIXED_NOW, ...over });

  it('sends a signed SendSms request that the gateway accepts', async () => {
    await sender().send('13800000001', '123456', 'login');
    expect(double.received).toHaveLength(1);
    const { method, contentType, params } = double.received[0]!;
    expect(method).toBe('POST');
    expect(contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(params.get('PhoneNumbers')).toBe('13800000001');
    expect(params.get('SignName')).toBe(SIGN_NAME);
    expect(params.get('TemplateCode')).toBe('SMS_154950909');
    expect(JSON.parse(params.get('TemplateParam')!)).toEqual({ code: '123456' });
    expect(params.get('Timestamp')).toBe('2026-11-22T12:00:00Z');
    expect(params.get('SignatureNonce')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('uses a fresh nonce for every request (the gateway refuses a reused one)', async () => {
    const s = sender();
    await s.send('13800000001', '111111', 'login');
    await s.send('13800000001', '222222', 'login');
    const [a, b] = double.received.map((r) => r.params.get('SignatureNonce'));
    expect(a).not.toBe(b);
  });

  it('throws when the gateway rejects the signature of a wrong secret', async () => {
    await expect(sender({ accessKeySecret: 'not-the-secret' }).send('13800000001', '123456', 'login')).rejects.toThrow(/SignatureDoesNotMatch/);
  });

  it('throws with Code and Message on a business error reply', async () => {
    double.state.businessReply = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发小时级流控Permits:5' };
    const err = await sender().send('13800000001', '123456', 'login').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toContain('isv.BUSINESS_LIMIT_CONTROL');
    expect((err as Error).message).toContain('触发小时级流控Permits:5');
    expect((err as { code: string }).code).toBe('isv.BUSINESS_LIMIT_CONTROL');
    expect((err as Error).message).not.toContain(SECRET);
  });

  it('gives up after its time-out when the gateway does not answer', async () => {
    double.state.hang = true;
    await expect(sender({ timeoutMs: 200 }).send('13800000001', '123456', 'login')).rejects.toThrow(/timeout|aborted/i);
  });

  it('throws on a reply that is not JSON', async () => {
    const fakeFetch: typeof fetch = async () => new Response('<html>Bad Gateway</html>', { status: 502 });
    await expect(sender({ fetch: fakeFetch }).send('13800000001', '123456', 'login')).rejects.toThrow(/HTTP 502/);
  });
});

describe('Alibaba signature 1.0', () => {
  it('percent-encodes per RFC 3986 as Alibaba does', () => {
    expect(percentEncode('a b')).toBe('a%20b');
    expect(percentEncode('a+b')).toBe('a%2Bb');
    expect(percentEncode('*')).toBe('%2A');
    expect(percentEncode('~')).toBe('~');
    expect(percentEncode("!'()")).toBe('%21%27%28%29');
    expect(percentEncode('-_.')).toBe('-_.');
    expect(percentEncode('/:=&')).toBe('%2F%3A%3D%26');
    expect(percentEncode('{"code":"1"}')).toBe('%7B%22code%22%3A%221%22%7D');
    expect(percentEncode('阿里云')).toBe('%E9%98%BF%E9%87%8C%E4%BA%91');
    for (const s of ['a b*c~d', "x!'()y", '阿里云短信测试 (hxk)', 'é+/?#[]@$,;%']) expect(percentEncode(s)).toBe(specEncode(s));
  });

  it('formats the timestamp as ISO 8601 UTC without milliseconds', () => {
    expect(aliyunTimestamp(new Date('2026-11-22T12:00:00.999Z'))).toBe('2026-11-22T12:00:00Z');
  });

  // The example of Alibaba's SMS signature documentation (GET, AccessKeySecret testSecret).
  const DOC_PARAMS: Record<string, string> = {
    AccessKeyId: 'testId',
    Action: 'SendSms',
    Format: 'XML',
    OutId: '123',
    PhoneNumbers: '15300000001',
    RegionId: 'cn-hangzhou',
    SignName: '阿里云短信测试专用',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
    SignatureVersion: '1.0',
    TemplateCode: 'SMS_71390007',
    TemplateParam: '{"customer":"test"}',
    Timestamp: '2017-07-12T02:42:19Z',
    Version: '2017-05-25',
  };

  it("reproduces the signature of Alibaba's documented example", () => {
    expect(rpcSignature('GET', DOC_PARAMS, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    expect(specSignature('GET', new Map(Object.entries(DOC_PARAMS)), 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('signs a fixed POST SendSms request exactly as the independent implementation does', () => {
    const params: Record<string, string> = {
      AccessKeyId: KEY_ID,
      Action: 'SendSms',
      Format: 'JSON',
      RegionId: 'cn-hangzhou',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '00000000-0000-4000-8000-000000000000',
      SignatureVersion: '1.0',
      Timestamp: '2026-11-22T12:00:00Z',
      Version: '2017-05-25',
      PhoneNumbers: '13800000001',
      SignName: SIGN_NAME,
      TemplateCode: 'SMS_154950909',
      TemplateParam: '{"code":"123456"}',
    };
    const expected = specSignature('POST', new Map(Object.entries(params)), SECRET);
    expect(rpcSignature('POST', params, SECRET)).toBe(expected);
    // A Signature parameter already present is not part of what is signed.
    expect(rpcSignature('POST', { ...params, Signature: 'x' }, SECRET)).toBe(expected);
    expect(rpcSignature('GET', params, SECRET)).not.toBe(expected);
  });
});
