import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { memberCtx } from './route-context.ts';
import { createTestEnv, type TestEnv } from '../test/harness.ts';

/**
 * Every API route with the permission it declares. A diff here is a permission change to review,
 * not a snapshot to refresh.
 */
describe('route permissions', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv('pglite');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('every API route declares a permission, as reviewed', () => {
    const lines = env.app.routeTable.map((r) => `${r.method} ${r.url} -> ${[r.permission, ...r.also].join(" + ")}`).sort();
    expect(lines.length).toBeGreaterThan(20);
    expect(lines).toMatchSnapshot();
  });

  it('documents every API route in OpenAPI, with its error envelope', async () => {
    const res = await env.app.inject({ url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    for (const r of env.app.routeTable) {
      const op = doc.paths[r.url]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.url}`).toBeDefined();
    }
    expect(Object.keys(doc.paths['/base/login/v1/do']!.post!.responses)).toEqual(expect.arrayContaining(['200', '4XX']));
  });

  it('start-up refuses an API route without a permission', async () => {
    const app = await buildApp({ config: env.config, dbh: env.dbh, logger: false });
    app.register(async (s) => {
      s.get('/base/unguarded', async () => 'x');
    });
    await expect(app.ready()).rejects.toThrow(/declares no permission/);
  });

  it('start-up refuses a conditional permission that is not a known key', async () => {
    const app = await buildApp({ config: env.config, dbh: env.dbh, logger: false });
    app.register(async (s) => {
      s.post('/base/conditional', { config: { permission: 'member', also: [{ permission: 'no:such', field: 'body.id', when: 'set' }] } }, async () => 'x');
    });
    await expect(app.ready()).rejects.toThrow(/unknown conditional permission no:such/);
  });

  it('a handler reading a member context on a public route fails for everyone', async () => {
    const app = await buildApp({ config: env.config, dbh: env.dbh, logger: false });
    app.register(async (s) => {
      // The compiler refuses it first (route-context.ts, Declares); at run time the accessor refuses it too.
      // @ts-expect-error -- a member context on a route declared 'public'
      s.get('/base/misdeclared', { config: { permission: 'public' } }, async (req) => memberCtx(req).auth.accountId);
    });
    const res = await app.inject({ url: '/base/misdeclared' });
    expect(res.statusCode).toBe(500);
    await app.close();
  });
});
