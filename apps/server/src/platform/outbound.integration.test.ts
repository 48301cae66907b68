import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../test/harness.ts';

/**
 * Finding 3 (SSRF): the SCIM source URL a school administrator sets goes through the guarded
 * outbound client. A loopback service that the operator did not allow receives nothing, and the
 * school sees a fixed, localized message — never the remote reply, never which ports are open.
 */
describe.each(DRIVERS)('SCIM source through the outbound guard on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  const received: { url: string; authorization: string | undefined }[] = [];
  const secret = http.createServer((req, res) => {
    received.push({ url: req.url ?? '', authorization: req.headers.authorization });
    res.writeHead(req.url?.startsWith('/allowed/fail') ? 500 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ detail: 'internal-only secret: hunter2' }));
  });
  let port = 0;
  let closedPort = 0;
  beforeAll(async () => {
    await new Promise<void>((r) => secret.listen(0, '127.0.0.1', r));
    port = (secret.address() as AddressInfo).port;
    const gone = http.createServer();
    await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
    closedPort = (gone.address() as AddressInfo).port;
    await new Promise<void>((r) => gone.close(() => r()));
    // Only a different port is allowed: the secret service's port is not.
    env = await createTestEnv(driver, { env: { OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${closedPort}` } });
    admin = await loginAs(env.app, 'admin');
  });
  afterAll(async () => {
    await env?.close();
    await new Promise<void>((r) => secret.close(() => r()));
  });

  const syncWith = async (scimUrl: string, language: string) => {
    const saved = await call(env.app, { url: '/base/system/sso/v1/settings', body: { scimUrl, scimToken: 'school-token' }, token: admin });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(1);
    return call(env.app, { url: '/buttjoint/open/sso/sync/user', token: admin, headers: { language } });
  };

  it('refuses a loopback address that is not allowed, in the reader language, sending nothing', async () => {
    received.length = 0;
    for (const url of [`http://127.0.0.1:${port}/scim/v2`, `http://localhost:${port}/scim/v2`, `http://[::ffff:127.0.0.1]:${port}/scim/v2`, `http://2130706433:${port}/scim/v2`]) {
      const en = await syncWith(url, 'en');
      expect(en.status, url).toBe(400);
      expect(en.body).toMatchObject({
        code: 444,
        errorKey: 'sso.sourceBlocked',
        msg: 'The sync address is not allowed: use an http(s) address on the public internet, or ask the operator to allow this private host.',
      });
    }
    const zh = await syncWith(`http://127.0.0.1:${port}/scim/v2`, 'zh');
    expect(zh.body.msg).toBe('同步地址不允许访问：须为公网上的 http(s) 地址，内网地址需由运维人员放行');
    const ja = await syncWith(`http://127.0.0.1:${port}/scim/v2`, 'ja');
    expect(ja.body.msg).toContain('許可されていません');
    // The token never left: the service saw no request at all.
    expect(received).toEqual([]);
  });

  it('does not tell a closed port from an open one, and never shows the remote reply', async () => {
    // The allowed but closed port: "cannot be reached", the same as any network failure.
    const closed = await syncWith(`http://127.0.0.1:${closedPort}/scim/v2`, 'en');
    expect(closed.status).toBe(502);
    expect(closed.body).toMatchObject({ errorKey: 'sso.sourceUnreachable', msg: 'The identity system cannot be reached.' });
    expect(JSON.stringify(closed.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    // The open but not allowed port: refused before connecting, whatever answers there.
    const open = await syncWith(`http://127.0.0.1:${port}/allowed/fail`, 'en');
    expect(open.body.errorKey).toBe('sso.sourceBlocked');
    expect(JSON.stringify(open.body)).not.toContain('hunter2');
  });
});

describe.each(DRIVERS)('SCIM source failures from an allowed host on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  const source = http.createServer((req, res) => {
    if (req.url?.startsWith('/fail/')) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      return res.end('stack trace: internal-only secret hunter2');
    }
    if (req.url?.startsWith('/html/')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>hunter2</html>');
    }
    res.writeHead(200, { 'content-type': 'application/scim+json' });
    res.end(JSON.stringify({ totalResults: 0, Resources: [] }));
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((r) => source.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
    env = await createTestEnv(driver, { env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
    admin = await loginAs(env.app, 'admin');
  });
  afterAll(async () => {
    await env?.close();
    await new Promise<void>((r) => source.close(() => r()));
  });

  it('reports the status or an unreadable reply with a fixed message', async () => {
    const sync = async (path: string) => {
      await call(env.app, { url: '/base/system/sso/v1/settings', body: { scimUrl: `${base}${path}`, scimToken: 't' }, token: admin });
      return call(env.app, { url: '/buttjoint/open/sso/sync/user', token: admin, headers: { language: 'en' } });
    };
    const failed = await sync('/fail/scim');
    expect(failed.body).toMatchObject({ errorKey: 'sso.sourceStatus', msg: 'The identity system answered with HTTP 500.' });
    const html = await sync('/html/scim');
    expect(html.body).toMatchObject({ errorKey: 'sso.sourceInvalid' });
    for (const r of [failed, html]) expect(JSON.stringify(r.body)).not.toContain('hunter2');
    const ok = await sync('/ok/scim');
    expect(ok.body).toMatchObject({ code: 1, data: { total: 0 } });
  });
});
