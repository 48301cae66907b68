import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkSignature, parseScanEvent, wechatQrProvider } from './wechat-mp.ts';
import { startWechatDouble } from '../../test/wechat-double.ts';

const APP_ID = 'wx1234567890abcdef';
const APP_SECRET = 'secret-of-the-official-account';

describe('wechatQrProvider against a local api.weixin.qq.com double', () => {
  const double = startWechatDouble({ appId: APP_ID, appSecret: APP_SECRET });
  let apiBase = '';
  const clock = { now: new Date('2026-11-22T12:00:00Z') };

  beforeAll(async () => {
    apiBase = await double.listen();
  });
  afterAll(() => double.close());
  beforeEach(() => {
    double.reset();
    clock.now = new Date('2026-11-22T12:00:00Z');
  });

  const provider = (over: Partial<Parameters<typeof wechatQrProvider>[0]> = {}) =>
    wechatQrProvider({ apiBase, appId: APP_ID, appSecret: APP_SECRET, now: () => clock.now, ...over });
  const input = (sceneId: string) => ({ sceneId, ttlSeconds: 120, localUrl: 'http://localhost/hxk/qrConfirm?qrCodeId=x' });

  it('gets a token, then a string-scene QR code whose URL it returns', async () => {
    const { content } = await provider().createCode(input('0123456789abcdef0123456789abcdef'));
    expect(content).toBe(double.qrUrlOf('0123456789abcdef0123456789abcdef'));
    expect(double.tokenRequests).toBe(1);
    expect(double.qrRequests).toEqual([
      { expire_seconds: 120, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: '0123456789abcdef0123456789abcdef' } } },
    ]);
  });

  it('keeps the token until shortly before it expires', async () => {
    const p = provider();
    await p.createCode(input('scene-1'));
    clock.now = new Date(clock.now.getTime() + 6000 * 1000);
    await p.createCode(input('scene-2'));
    expect(double.tokenRequests).toBe(1);
    // expires_in is 7200 s: within the last five minutes a new token is fetched.
    clock.now = new Date(clock.now.getTime() + 1000 * 1000);
    await p.createCode(input('scene-3'));
    expect(double.tokenRequests).toBe(2);
  });

  it('asks for one token when several codes are made at once', async () => {
    const p = provider();
    await Promise.all([p.createCode(input('a')), p.createCode(input('b')), p.createCode(input('c'))]);
    expect(double.tokenRequests).toBe(1);
    expect(double.qrRequests).toHaveLength(3);
  });

  it('refreshes the token once and retries when WeChat says it expired (42001)', async () => {
    const p = provider();
    await p.createCode(input('scene-1'));
    double.expireCurrentToken(42001);
    const { content } = await p.createCode(input('scene-2'));
    expect(content).toBe(double.qrUrlOf('scene-2'));
    expect(double.tokenRequests).toBe(2);
    expect(double.rejectedCreates).toBe(1);
  });

  it('refreshes on an invalid credential (40001) too, but retries only once', async () => {
    const p = provider();
    await p.createCode(input('scene-1'));
    double.state.rejectEveryToken = true;
    await expect(p.createCode(input('scene-2'))).rejects.toThrow(/errcode 40001/);
    expect(double.tokenRequests).toBe(2);
    expect(double.rejectedCreates).toBe(2);
  });

  it('throws errcode and errmsg of a refused token request (wrong secret)', async () => {
    const err = await provider({ appSecret: 'wrong' }).createCode(input('scene-1')).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/errcode 40125: invalid appsecret/);
    expect((err as { errcode: number }).errcode).toBe(40125);
    expect(double.qrRequests).toHaveLength(0);
  });

  it('throws errcode and errmsg of any other refusal without retrying', async () => {
    double.state.createError = { errcode: 45009, errmsg: 'reach max api daily quota limit' };
    await expect(provider().createCode(input('scene-1'))).rejects.toThrow(/errcode 45009: reach max api daily quota limit/);
    expect(double.tokenRequests).toBe(1);
  });
});

describe('message-push helpers', () => {
  // Computed here from WeChat's description: sha1 of the three values sorted as strings, in hex.
  const sign = (token: string, timestamp: string, nonce: string) =>
    crypto.createHash('sha1').update([token, timestamp, nonce].sort().join(''), 'utf8').digest('hex');

  it('accepts the signature WeChat computes and nothing else', () => {
    const sig = sign('hxkToken', '1795780800', '1514711492');
    expect(checkSignature('hxkToken', '1795780800', '1514711492', sig)).toBe(true);
    expect(checkSignature('hxkToken', '1795780801', '1514711492', sig)).toBe(false);
    expect(checkSignature('otherToken', '1795780800', '1514711492', sig)).toBe(false);
    expect(checkSignature('hxkToken', '1795780800', '1514711492', sig.slice(0, 39))).toBe(false);
    expect(checkSignature('hxkToken', '1795780800', '1514711492', `${sig.slice(0, 39)}z`)).toBe(false);
    expect(checkSignature('hxkToken', '1795780800', '1514711492', '')).toBe(false);
    expect(checkSignature('', '1795780800', '1514711492', sign('', '1795780800', '1514711492'))).toBe(false);
  });

  it('sorts the values as strings, not in a fixed order', () => {
    // "1514711492" < "1795780800" < "hxkToken": the nonce comes first here.
    const sorted = crypto.createHash('sha1').update('15147114921795780800hxkToken').digest('hex');
    expect(checkSignature('hxkToken', '1795780800', '1514711492', sorted)).toBe(true);
  });

  it('reads a SCAN event', () => {
    const xml = `<xml><ToUserName><![CDATA[gh_123456789abc]]></ToUserName>
      <FromUserName><![CDATA[oUpF8uMuAJO_M2pxb1Q9zNjWeS6o]]></FromUserName>
      <CreateTime>1795780800</CreateTime><MsgType><![CDATA[event]]></MsgType>
      <Event><![CDATA[SCAN]]></Event><EventKey><![CDATA[0123456789abcdef0123456789abcdef]]></EventKey>
      <Ticket><![CDATA[gQH47joAAAAAAAAAASxodHRwOi8vd2VpeGluLnFxLmNvbS9xL2taZ2Z3TVRtNzJXV1Brb3ZhYmJJAAIEZ23sUwMEmm3sUw==]]></Ticket></xml>`;
    expect(parseScanEvent(xml)).toEqual({
      openId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      msgType: 'event',
      event: 'SCAN',
      eventKey: '0123456789abcdef0123456789abcdef',
      sceneId: '0123456789abcdef0123456789abcdef',
    });
  });

  it('reads a subscribe-by-QR event and strips qrscene_', () => {
    const xml = `<xml><ToUserName><![CDATA[gh_1]]></ToUserName><FromUserName><![CDATA[oNew]]></FromUserName>
      <CreateTime>1795780800</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[subscribe]]></Event>
      <EventKey><![CDATA[qrscene_abc123]]></EventKey><Ticket><![CDATA[T]]></Ticket></xml>`;
    expect(parseScanEvent(xml)).toMatchObject({ openId: 'oNew', event: 'subscribe', eventKey: 'qrscene_abc123', sceneId: 'abc123' });
  });

  it('gives no scene for a plain subscribe, other events or messages', () => {
    const subscribe = '<xml><FromUserName><![CDATA[o1]]></FromUserName><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[subscribe]]></Event><EventKey><![CDATA[]]></EventKey></xml>';
    expect(parseScanEvent(subscribe)).toMatchObject({ openId: 'o1', event: 'subscribe', sceneId: null });
    const click = '<xml><FromUserName><![CDATA[o1]]></FromUserName><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[CLICK]]></Event><EventKey><![CDATA[menu_1]]></EventKey></xml>';
    expect(parseScanEvent(click)).toMatchObject({ event: 'CLICK', sceneId: null });
    const text = '<xml><FromUserName><![CDATA[o1]]></FromUserName><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[SCAN]]></Content></xml>';
    expect(parseScanEvent(text)).toMatchObject({ msgType: 'text', event: null, sceneId: null });
  });

  it('reads values without CDATA and refuses what is not a push message', () => {
    const plain = '<xml><FromUserName>o&amp;1</FromUserName><MsgType>event</MsgType><Event>SCAN</Event><EventKey> k1 </EventKey></xml>';
    expect(parseScanEvent(plain)).toMatchObject({ openId: 'o&1', event: 'SCAN', sceneId: 'k1' });
    expect(parseScanEvent('')).toBeNull();
    expect(parseScanEvent('not xml at all')).toBeNull();
    expect(parseScanEvent('<xml><Encrypt><![CDATA[abc]]></Encrypt></xml>')).toBeNull();
  });
});
