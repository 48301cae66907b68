import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
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
    const lines = env.app.routeTable.map((r) => `${r.method} ${r.url} -> ${r.permission}`).sort();
    expect(lines.length).toBeGreaterThan(20);
    expect(lines).toMatchSnapshot();
  });

  it('start-up refuses an API route without a permission', async () => {
    const app = await buildApp({ config: env.config, dbh: env.dbh, logger: false });
    app.register(async (s) => {
      s.get('/base/unguarded', async () => 'x');
    });
    await expect(app.ready()).rejects.toThrow(/declares no permission/);
  });
});
