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
import { openDemoImage, runFolder } from '../../apps/server/src/test/run-image.ts';
import { findFfmpeg } from '../../apps/server/src/platform/adapters/camera-simulator.ts';
import { seedDemoMoment } from '../../apps/server/src/db/seed/seed.ts';
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

/**
 * Stands in for ffmpeg (FFMPEG_PATH) in the browser tests' servers. Every server's job worker draws the
 * demo's class recordings with ffmpeg after start (a few seconds of a core each, beside the test),
 * and every file of a run draws the same ones: the first drawing of each is kept (by its arguments
 * and the text burned in) and later ones copy it, reporting the progress ffmpeg would. Any other use
 * of ffmpeg (live pictures) runs the real one.
 */
const FFMPEG_SHIM = `#!/usr/bin/env bash
set -euo pipefail
out="\${!#}"
if [[ "$out" != */recording.mp4 || " $* " != *" -movflags +faststart "* ]]; then exec "$HXK_REAL_FFMPEG" "$@"; fi
dir="$(dirname "$out")"
key="$( { printf '%s\\n' "\${@//"$dir"/DIR}"; cat "$dir"/line*.txt 2>/dev/null || true; } | sha256sum | cut -c1-40)"
kept="$HXK_FFMPEG_KEEP/$key.mp4"
if [[ -f "$kept" ]]; then
  cp "$kept" "$out"
  seconds="$(printf '%s\\n' "$@" | sed -n 's/.*:duration=\\([0-9]*\\).*/\\1/p' | head -n 1)"
  printf 'out_time_us=%s000000\\nprogress=end\\n' "\${seconds:-0}"
  exit 0
fi
"$HXK_REAL_FFMPEG" "$@"
mkdir -p "$HXK_FFMPEG_KEEP"
cp "$out" "$kept.$$" && mv "$kept.$$" "$kept"
`;

/** The environment for a test server's ffmpeg: the caching stand-in for this run, or nothing (the real one) where there is no run to share. */
async function ffmpegEnv(): Promise<Record<string, string>> {
  const dir = runFolder('ffmpeg');
  const real = findFfmpeg(process.env.FFMPEG_PATH);
  if (!dir || !real) return {};
  const shim = path.join(dir, 'ffmpeg');
  if (!fs.existsSync(shim)) {
    await fs.promises.mkdir(dir, { recursive: true });
    const part = `${shim}.${process.pid}`;
    await fs.promises.writeFile(part, FFMPEG_SHIM, { mode: 0o755 });
    await fs.promises.rename(part, shim);
  }
  // Read by the stand-in, which the server's ffmpeg runs inherit this environment.
  process.env.HXK_REAL_FFMPEG = real;
  process.env.HXK_FFMPEG_KEEP = path.join(dir, 'recordings');
  return { FFMPEG_PATH: shim };
}

export async function startServer(opts: ServerOptions = {}): Promise<TestServer> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`${WEB_DIST} has no build: run "npm run build -w @hxk/web" first (npm test does it)`);
  }
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'hxk-e2e-'));
  const sms = recordingSms();
  // Simulated cameras at 8 frames a second: the video still moves, and the encoders of a wall of
  // cameras leave the cores to the browser and the server (25 a second made the live files slow).
  const config = { ...loadConfig({ ...(await ffmpegEnv()), CAMERA_SIMULATOR_FPS: '8', ...opts.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST }), redisUrl: undefined };
  // With a clock of its own, the demo is seeded around that clock's day in the school's zone; else
  // around today as seedDemo takes it (UTC).
  const today = opts.now ? new Intl.DateTimeFormat('en-CA', { timeZone: config.schoolTimezone }).format(opts.now()) : new Date().toISOString().slice(0, 10);
  const { dbh, schools } = await openDemoImage(today, path.join(dataDir, 'files'));
  const app = await buildApp({ config, dbh, logger: false, sms, ...(opts.now ? { now: opts.now } : {}) });
  await seedDemoMoment(dbh.db, schools, { today });
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
