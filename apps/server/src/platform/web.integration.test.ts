import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestEnv, type TestEnv } from '../test/harness.ts';

describe('serving the web app', () => {
  let env: TestEnv;
  let dist: string;
  const js = 'console.log("hxk");'.repeat(100);
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'hxk-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), js);
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(js));
    env = await createTestEnv('pglite', { config: { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dist }), webDist: dist } });
  });
  afterAll(async () => {
    await env?.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('answers every app path with the single page, uncached', async () => {
    for (const url of ['/hxk/', '/hxk/login', '/hxk/SCADA/ShareDetail?x=1']) {
      const res = await env.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('id="root"');
    }
    expect((await env.app.inject({ url: '/' })).headers.location).toBe('/hxk/');
  });

  it('serves hashed assets pre-compressed and cached for good', async () => {
    const res = await env.app.inject({ url: '/hxk/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(js);
    const plain = await env.app.inject({ url: '/hxk/assets/app-abc123.js' });
    expect(plain.body).toBe(js);
  });

  it('an unknown API path is a 404 envelope, not the page', async () => {
    const res = await env.app.inject({ url: '/base/nothing/here', headers: { language: 'ja' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 444, errorKey: 'common.notFound', msg: 'リソースが見つかりません。' });
  });
});
