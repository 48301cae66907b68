/**
 * Starts the real hxk server in-process for browser tests: in-memory PGlite with the migrations and
 * the two demo schools, the built web app from apps/web/dist, and an SMS sender that records codes
 * so a test can read them as the phone would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openMigratedPglite } from '../../apps/server/src/test/pglite-image.ts';
import { seedDemo } from '../../apps/server/src/db/seed/seed.ts';
import type { SmsPurpose, SmsSender } from '../../apps/server/src/platform/adapters/sms.ts';

export const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');
export const DEMO_PASSWORD = 'Demo@2026';

export type RecordingSms = SmsSender & {
  sent: { phone: string; code: string; purpose: SmsPurpose }[];
  /** The last code sent to a phone; waits a moment for it to arrive. */
  waitFor(phone: string, purpose?: SmsPurpose): Promise<string>;
};

export function recordingSms(): RecordingSms {
  const sent: RecordingSms['sent'] = [];
  return {
    name: 'recording',
    sent,
    async send(phone, code, purpose) {
      sent.push({ phone, code, purpose });
    },
    async waitFor(phone, purpose) {
      for (let i = 0; i < 100; i++) {
        const hit = [...sent].reverse().find((s) => s.phone === phone && (!purpose || s.purpose === purpose));
        if (hit) return hit.code;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no SMS sent to ${phone}`);
    },
  };
}

export type TestServer = { url: string; app: FastifyInstance; sms: RecordingSms; close(): Promise<void> };

export type ServerOptions = {
  /** The server's clock (default: the real one); the demo data is seeded around its day. */
  now?: () => Date;
  /** Extra environment for the server's configuration (e.g. OUTBOUND_ALLOW_HOSTS for a local double). */
  env?: Record<string, string>;
};

export async function startServer(opts: ServerOptions = {}): Promise<TestServer> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`${WEB_DIST} has no build: run "npm run build -w @hxk/web" first (npm test does it)`);
  }
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'hxk-e2e-'));
  const dbh = await openMigratedPglite();
  const sms = recordingSms();
  const config = { ...loadConfig({ ...opts.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST }), redisUrl: undefined };
  const app = await buildApp({ config, dbh, logger: false, sms, ...(opts.now ? { now: opts.now } : {}) });
  // With a clock of its own, the demo is seeded around that clock's day in the school's zone.
  const today = opts.now ? new Intl.DateTimeFormat('en-CA', { timeZone: config.schoolTimezone }).format(opts.now()) : undefined;
  await seedDemo(dbh.db, { storage: app.deps.storage, ...(today ? { today } : {}) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    sms,
    async close() {
      await app.close();
      await dbh.close();
      await fs.promises.rm(dataDir, { recursive: true, force: true });
    },
  };
}
