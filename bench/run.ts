/**
 * npm run bench: figures for docs/benchmarks.md (never part of npm test).
 *
 * 1. Load: requests per second and p99 latency of an authenticated read endpoint of the real app
 *    (session lookup, school-scoped RLS transaction, zod envelope) against the same query in a bare
 *    Fastify route on the same database, side by side in alternating rounds: PGlite always,
 *    PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database, dropped at
 *    the end).
 * 2. Breakdown: sequential in-process timings of the pieces of one app request (no HTTP).
 * 3. Login page: raw and gzip size of every JavaScript file the built web app loads at /hxk/login,
 *    measured in headless Chromium.
 *
 * Everything listens on 127.0.0.1 and the run stops by itself (a watchdog ends it after 5 minutes).
 * Figures go to stdout as tables and to bench/results/latest.json.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { count, desc, eq, sql } from 'drizzle-orm';
import { IDENTITY } from '@hxk/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/platform/db.ts';
import { platformTx, schoolTx } from '../apps/server/src/platform/tenancy.ts';
import { resolveSession } from '../apps/server/src/platform/sessions.ts';
import { listMemberships } from '../apps/server/src/modules/schools/schools.service.ts';
import { MEMBERSHIP_COLUMNS } from '../apps/server/src/modules/schools/schools.repo.ts';
import type { MemberCtx } from '../apps/server/src/platform/context.ts';
import { accounts, schoolMemberships, schools } from '../apps/server/src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/seed.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { benchDrivers, giveUpAfter, inRotation, isMain, listen, openDemo, table, writeSummaryRows, LIMITS_ABOVE_LOAD, type BenchBase, type SummaryRow } from './support.ts';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = path.join(BENCH_DIR, 'results', 'latest.json');

/** The full run's sizes (environment knobs); runLoadBench's options replace them for one run. */
const SETTINGS = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  /** Measured seconds per target, split into alternating rounds. */
  durationSeconds: Number(process.env.BENCH_DURATION ?? 9),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2),
  extraMemberships: 500,
  breakdownIterations: Number(process.env.BENCH_BREAKDOWN_ITERATIONS ?? 300),
  loginJsAimGzipBytes: 200 * 1024,
};
const DEFAULTS = { ...SETTINGS };
/** The issue's allowance for the fair-use limits: at most 5 % of the app's requests per second. */
const LIMITS_COST_AIM = 0.95;

/** runLoadBench's sizes: bench/smoke.test.ts runs it with a few rows and a fraction of a second per target. */
export type LoadBenchOptions = BenchBase & Partial<Omit<typeof SETTINGS, 'loginJsAimGzipBytes'>> & {
  /** Measure the login page's JavaScript in Chromium (default: when the web app is built and Chromium is there). */
  loginPage?: boolean;
};

const ENDPOINT = '/base/system/school/membership/v1/page?pageNum=1&pageSize=20';
const BARE_PATH = '/bare/membership/page?pageNum=1&pageSize=20';
const CHROMIUM = '/usr/bin/chromium';
const NOT_MEASURED = 'not measured';
/** WEB_DIST (as for the server) points at another build of the web app; default apps/web/dist. */
const WEB_DIST = process.env.WEB_DIST || undefined;

type DriverName = 'pglite' | 'postgres';

type LoadFigure = {
  driver: DriverName;
  target: TargetName;
  url: string;
  rps: number;
  requests: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  rounds: { rps: number; requests: number; durationSeconds: number; p50: number; p99: number }[];
};

type Breakdown = {
  driver: DriverName;
  iterations: number;
  /** Mean milliseconds per call, one call at a time, in process (no HTTP). */
  meanMs: { bareQuery: number; rlsTransaction: number; sessionLookup: number; sessionPlusRls: number };
};

type LoginJs =
  | { status: 'skipped'; reason: string }
  | {
      status: 'ok';
      url: string;
      files: { path: string; rawBytes: number; gzipBytes: number }[];
      totalRawBytes: number;
      totalGzipBytes: number;
      aimGzipBytes: number;
      withinAim: boolean;
    };

type DriverRun = { load: LoadFigure[]; breakdown: Breakdown; ratio: Ratio; memberships: number };
/** limitsCost: app req/s with the fair-use limits on over the same app with them off (1.0: free). */
type Ratio = { driver: DriverName; rpsAppOverBare: number; p99AppOverBare: number; rpsLimitsOnOverOff: number };
/** app: fair-use limits on (platform/rate-limit.ts); appNoLimits: every limit off; bare: no platform. */
type TargetName = 'app' | 'appNoLimits' | 'bare';
const LIMITS_OFF = { RATE_LIMIT_SESSION_PER_MINUTE: '0', RATE_LIMIT_IP_PER_MINUTE: '0', RATE_LIMIT_SESSION_CONCURRENCY: '0' };

let log: (msg: string) => void = (msg) => {
  process.stdout.write(`${msg}\n`);
};
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** Extra pending applications (500) in the first demo school, so the page query has data to sort; its id and membership count. */
async function seedExtraMemberships(db: Database): Promise<{ schoolId: string; memberships: number }> {
  return platformTx(db, 'seed', async (tx) => {
    const [school] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.code, 'DEMO'));
    if (!school) throw new Error('demo school missing after seeding');
    const rows = await tx
      .insert(accounts)
      .values(
        Array.from({ length: SETTINGS.extraMemberships }, (_, i) => ({
          account: `bench_${i}`,
          name: `Bench Applicant ${i}`,
          phone: `1770${String(i).padStart(7, '0')}`,
        })),
      )
      .returning({ id: accounts.id });
    const base = Date.now() - SETTINGS.extraMemberships * 60_000;
    await tx.insert(schoolMemberships).values(
      rows.map((r, i) => ({
        schoolId: school.id,
        accountId: r.id,
        identity: IDENTITY.teacher,
        status: 'pending' as const,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    // What the demo seeds changes with it: the page's total is counted, not assumed.
    const [all] = await tx.select({ n: count() }).from(schoolMemberships).where(eq(schoolMemberships.schoolId, school.id));
    return { schoolId: school.id, memberships: Number(all?.n ?? 0) };
  });
}

/** The app's page query, with the school as a plain filter: no session, no RLS, no transaction. */
async function barePage(db: Database, schoolId: string, pageNum: number, pageSize: number) {
  const where = eq(schoolMemberships.schoolId, schoolId);
  const [total] = await db.select({ n: count() }).from(schoolMemberships)
    .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId)).where(where);
  const rows = await db
    .select(MEMBERSHIP_COLUMNS)
    .from(schoolMemberships)
    .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
    .where(where)
    .orderBy(sql`case when ${schoolMemberships.status} = 'pending' then 0 else 1 end`, desc(schoolMemberships.createdAt), desc(schoolMemberships.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  return { list: rows, total: Number(total?.n ?? 0) };
}

async function buildBare(db: Database, schoolId: string): Promise<FastifyInstance> {
  const bare = Fastify({ logger: false });
  bare.get<{ Querystring: { pageNum?: string; pageSize?: string } }>('/bare/membership/page', async (req) =>
    barePage(db, schoolId, Number(req.query.pageNum ?? 1), Number(req.query.pageSize ?? 20)),
  );
  return bare;
}

async function fetchJson<T>(url: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as T };
}

type Target = { driver: DriverName; target: TargetName; url: string; headers: Record<string, string> };
type Round = { rps: number; requests: number; durationSeconds: number; p50: number; p90: number; p99: number; max: number; mean: number };

async function fire(t: Target, seconds: number, warmupSeconds: number): Promise<Result> {
  // One worker thread fires the requests, so the load generator does not share the server's event loop.
  return autocannon({
    url: t.url,
    headers: t.headers,
    connections: SETTINGS.connections,
    duration: seconds,
    workers: 1,
    timeout: 10,
    ...(warmupSeconds > 0 ? { warmup: { connections: SETTINGS.connections, duration: warmupSeconds } } : {}),
  });
}

/**
 * Runs the targets in alternating rounds (app, bare, app, bare...) so that whatever else the machine
 * does at the time weighs on both alike. Requests per second: all requests over all round time;
 * latency percentiles: the request-weighted mean of the rounds' percentiles.
 */
async function loadInterleaved(targets: Target[]): Promise<LoadFigure[]> {
  const perRound = SETTINGS.durationSeconds / SETTINGS.rounds;
  const label = targets.map((t) => `${t.driver}/${t.target}`).join(' and ');
  log(`  ${label}: ${SETTINGS.warmupSeconds}s warm-up each, then ${SETTINGS.rounds} alternating rounds of ${perRound}s at ${SETTINGS.connections} connections`);
  const rounds = new Map<Target, Round[]>(targets.map((t) => [t, []]));
  const codes = new Map<Target, Record<string, number>>(targets.map((t) => [t, {}]));
  const failures = new Map<Target, { non2xx: number; errors: number; timeouts: number }>(targets.map((t) => [t, { non2xx: 0, errors: 0, timeouts: 0 }]));
  for (let i = 0; i < SETTINGS.rounds; i++) {
    for (const t of inRotation(targets, i)) {
      const r = await fire(t, perRound, i === 0 ? SETTINGS.warmupSeconds : 0);
      const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, Number(v.count)]));
      const requests = Object.values(statusCodes).reduce((a, b) => a + b, 0) || r.requests.total;
      const c = codes.get(t)!;
      for (const [k, v] of Object.entries(statusCodes)) c[k] = (c[k] ?? 0) + v;
      const f = failures.get(t)!;
      f.non2xx += r.non2xx;
      f.errors += r.errors;
      f.timeouts += r.timeouts;
      rounds.get(t)!.push({
        rps: round(r.requests.average, 1),
        requests,
        durationSeconds: r.duration,
        p50: r.latency.p50,
        p90: r.latency.p90,
        p99: r.latency.p99,
        max: r.latency.max,
        mean: r.latency.average,
      });
    }
  }
  return targets.map((t) => {
    const rs = rounds.get(t)!;
    const requests = rs.reduce((a, r) => a + r.requests, 0);
    const seconds = rs.reduce((a, r) => a + r.durationSeconds, 0);
    const weighted = (k: 'p50' | 'p90' | 'p99' | 'mean') => round(rs.reduce((a, r) => a + r[k] * r.requests, 0) / Math.max(requests, 1), 1);
    return {
      driver: t.driver,
      target: t.target,
      url: t.url,
      rps: round(requests / seconds, 1),
      requests,
      latencyMs: { p50: weighted('p50'), p90: weighted('p90'), p99: weighted('p99'), max: Math.max(...rs.map((r) => r.max)), mean: weighted('mean') },
      ...failures.get(t)!,
      statusCodes: codes.get(t)!,
      rounds: rs,
    };
  });
}

async function timeMean(iterations: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(30, iterations); i++) await fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await fn();
  return round(Number(process.hrtime.bigint() - start) / 1e6 / iterations, 3);
}

async function runDriver(
  driver: DriverName,
  cleanups: (() => Promise<void>)[],
  measureLoginPage: ((origin: string) => Promise<void>) | null,
  demoImage: Blob | undefined,
): Promise<DriverRun> {
  log(`\n[${driver}] preparing database`);
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), `hxk-bench-${driver}-`));
  cleanups.push(() => fsp.rm(tmp, { recursive: true, force: true }));
  const { dbh, cleanup } = await openDemo(driver, tmp, `hxk_bench_${process.pid}`, demoImage);
  cleanups.push(cleanup);
  const { schoolId, memberships: expectedTotal } = await seedExtraMemberships(dbh.db);

  const app = await buildApp({ config: loadConfig({ DATA_DIR: path.join(tmp, 'data'), LOG_LEVEL: 'silent', WEB_DIST, ...LIMITS_ABOVE_LOAD }), dbh, logger: false });
  cleanups.push(() => app.close());
  const origin = await listen(app);
  const appNoLimits = await buildApp({ config: loadConfig({ DATA_DIR: path.join(tmp, 'data'), LOG_LEVEL: 'silent', WEB_DIST, ...LIMITS_OFF }), dbh, logger: false });
  cleanups.push(() => appNoLimits.close());
  const noLimitsOrigin = await listen(appNoLimits);
  const bare = await buildBare(dbh.db, schoolId);
  cleanups.push(() => bare.close());
  const bareOrigin = await listen(bare);

  // Sign in once: login throttling counts per IP.
  const login = await fetchJson<{ code: number; msg: string; data: { token: string; schoolId: string | null } }>(`${origin}/base/login/v1/do`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'password', account: 'admin', password: DEMO_PASSWORD }),
  });
  if (login.body.code !== 1 || !login.body.data.schoolId) throw new Error(`[${driver}] admin login failed: ${login.status} ${login.body.msg}`);
  const token = login.body.data.token;
  const auth = { authorization: `Bearer ${token}` };

  // Both targets must answer the same page before they are compared.
  const appPage = await fetchJson<{ code: number; msg: string; data: { total: number; list: { id: string }[] } }>(`${origin}${ENDPOINT}`, { headers: auth });
  const barePageRes = await fetchJson<{ total: number; list: { id: string }[] }>(`${bareOrigin}${BARE_PATH}`);
  if (appPage.body.code !== 1) throw new Error(`[${driver}] app endpoint failed: ${appPage.status} ${appPage.body.msg}`);
  if (appPage.body.data.total !== expectedTotal || barePageRes.body.total !== expectedTotal) {
    throw new Error(`[${driver}] totals differ: app ${appPage.body.data.total}, bare ${barePageRes.body.total}, expected ${expectedTotal}`);
  }
  const same = appPage.body.data.list.map((r) => r.id).join() === barePageRes.body.list.map((r) => r.id).join();
  if (!same || appPage.body.data.list.length !== Math.min(20, expectedTotal)) throw new Error(`[${driver}] app and bare pages differ`);
  log(`[${driver}] app ${origin}, bare ${bareOrigin}; both return ${appPage.body.data.list.length} of ${expectedTotal} memberships`);

  const [appFig, noLimitsFig, bareFig] = (await loadInterleaved([
    { driver, target: 'app', url: `${origin}${ENDPOINT}`, headers: auth },
    { driver, target: 'appNoLimits', url: `${noLimitsOrigin}${ENDPOINT}`, headers: auth },
    { driver, target: 'bare', url: `${bareOrigin}${BARE_PATH}`, headers: {} },
  ])) as [LoadFigure, LoadFigure, LoadFigure];

  // Where one request's time goes: the same work without HTTP, one call at a time.
  log(`  ${driver}: breakdown, ${SETTINGS.breakdownIterations} sequential calls each`);
  const deps = app.deps;
  const authState = await resolveSession(deps, token);
  if (!authState?.schoolId || authState.identity == null) throw new Error(`[${driver}] session did not resolve`);
  const ctx = { deps, lang: 'en', ip: '127.0.0.1', userAgent: 'bench', auth: authState } as MemberCtx;
  const q = { pageNum: 1, pageSize: 20 };
  const n = SETTINGS.breakdownIterations;
  const breakdown: Breakdown = {
    driver,
    iterations: n,
    meanMs: {
      bareQuery: await timeMean(n, () => barePage(dbh.db, schoolId, 1, 20)),
      rlsTransaction: await timeMean(n, () => listMemberships(ctx, q)),
      sessionLookup: await timeMean(n, () => resolveSession(deps, token)),
      sessionPlusRls: await timeMean(n, async () => listMemberships({ ...ctx, auth: (await resolveSession(deps, token)) as MemberCtx['auth'] }, q)),
    },
  };
  // schoolTx as a sanity check that RLS really scopes the bare query's school.
  const visible = await schoolTx(dbh.db, schoolId, (tx) => tx.select({ n: count() }).from(schoolMemberships));
  if (Number(visible[0]?.n) !== expectedTotal) throw new Error(`[${driver}] RLS shows ${visible[0]?.n} rows`);

  if (measureLoginPage) await measureLoginPage(origin);

  await bare.close();
  await app.close();
  await appNoLimits.close();
  await cleanup();
  return {
    memberships: expectedTotal,
    load: [appFig, noLimitsFig, bareFig],
    breakdown,
    ratio: {
      driver,
      rpsAppOverBare: round(appFig.rps / bareFig.rps, 3),
      p99AppOverBare: round(appFig.latencyMs.p99 / Math.max(bareFig.latencyMs.p99, 1), 2),
      rpsLimitsOnOverOff: round(appFig.rps / noLimitsFig.rps, 3),
    },
  };
}

async function loginPageJs(origin: string): Promise<LoginJs> {
  const url = `${origin}/hxk/login`;
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending: Promise<{ path: string; body: Buffer } | null>[] = [];
    page.on('response', (res) => {
      const type = res.headers()['content-type'] ?? '';
      if (res.request().resourceType() !== 'script' && !/javascript|ecmascript/.test(type)) return;
      pending.push(res.body().then((body) => ({ path: new URL(res.url()).pathname, body }), () => null));
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const nav = await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 });
    if (!nav || nav.status() !== 200) return { status: 'skipped', reason: `GET /hxk/login answered ${nav?.status() ?? 'nothing'}` };
    const rendered = await page
      .waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0 && !!document.querySelector('input'), undefined, { timeout: 10_000 })
      .then(() => true, () => false);
    if (!rendered) {
      return { status: 'skipped', reason: `the login page did not render a form${pageErrors.length ? ` (page errors: ${pageErrors.slice(0, 3).join('; ')})` : ''}` };
    }
    await page.waitForLoadState('networkidle');
    const seen = new Map<string, Buffer>();
    for (const r of await Promise.all(pending)) if (r && !seen.has(r.path)) seen.set(r.path, r.body);
    if (!seen.size) return { status: 'skipped', reason: 'the login page loaded no JavaScript' };
    const files = [...seen].map(([p, body]) => ({ path: p, rawBytes: body.length, gzipBytes: zlib.gzipSync(body, { level: 9 }).length }));
    files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    const totalRawBytes = files.reduce((a, f) => a + f.rawBytes, 0);
    const totalGzipBytes = files.reduce((a, f) => a + f.gzipBytes, 0);
    return {
      status: 'ok',
      url: '/hxk/login',
      files,
      totalRawBytes,
      totalGzipBytes,
      aimGzipBytes: SETTINGS.loginJsAimGzipBytes,
      withinAim: totalGzipBytes <= SETTINGS.loginJsAimGzipBytes,
    };
  } finally {
    await browser.close();
  }
}

/**
 * The load benchmark, in process: figures, the summary's rows and the problems seen. Throws when a
 * check of the data fails (both targets must answer the same page of the same total). One run at a
 * time per process: the options replace the module's sizes for this run.
 */
export async function runLoadBench(opts: LoadBenchOptions = {}) {
  const { drivers: only, demoImage, log: logTo, loginPage, ...sizes } = opts;
  Object.assign(SETTINGS, DEFAULTS, sizes);
  if (logTo) log = logTo;
  const started = Date.now();
  const drivers = only ?? benchDrivers();
  const pgUrl = drivers.includes('postgres');
  const webDist = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST }).webDist;
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  // Assigned inside a callback below: keep the declared union (no narrowing on this initializer).
  let loginJs = (hasWeb
    ? { status: 'skipped', reason: NOT_MEASURED }
    : { status: 'skipped', reason: `${path.relative(process.cwd(), webDist)}/index.html is missing: run \`npm run build -w @hxk/web\` first` }) as LoginJs;
  if (!fs.existsSync(CHROMIUM)) loginJs = { status: 'skipped', reason: `${CHROMIUM} is missing: apt-get install -y chromium` };
  if (loginPage === false) loginJs = { status: 'skipped', reason: 'not asked for (loginPage: false)' };

  const loadBefore = os.loadavg().map((n) => round(n));
  log(`hxk benchmarks: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), node ${process.version}; drivers: ${drivers.join(', ')}`);
  if (loadBefore[0]! > os.cpus().length / 2) {
    log(`warning: load average ${loadBefore.join(' ')} before the run: other work shares these cores, figures will be low`);
  }
  if (!pgUrl) log('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it');

  const cleanups = activeCleanups;
  cleanups.length = 0;

  const runs: DriverRun[] = [];
  try {
    for (const driver of drivers) {
      // The login page is measured once, on the PGlite app (the database does not change what it loads).
      const measure =
        driver === 'pglite' && loginJs.status === 'skipped' && loginJs.reason === NOT_MEASURED
          ? async (origin: string) => {
              log('  login page: loading /hxk/login in headless Chromium');
              loginJs = await loginPageJs(origin).catch((e: unknown) => ({ status: 'skipped' as const, reason: `Chromium failed: ${(e as Error).message.split('\n')[0]}` }));
            }
          : null;
      runs.push(await runDriver(driver, cleanups, measure, demoImage));
    }
  } finally {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  }

  const loads = runs.flatMap((r) => r.load);
  log(`\nLoad: GET membership page (20 of ${runs[0]?.memberships ?? '?'} rows + count), app (session + RLS transaction + envelope; with the fair-use limits, and without) vs bare Fastify route; ${SETTINGS.rounds} alternating rounds, ${SETTINGS.durationSeconds}s per target`);
  log(
    table(
      ['driver / target', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'requests', 'non-2xx', 'errors'],
      loads.map((f) => [`${f.driver} / ${f.target}`, f.rps, f.latencyMs.p50, f.latencyMs.p90, f.latencyMs.p99, f.latencyMs.max, f.requests, f.non2xx, f.errors]),
    ),
  );
  log('\nRatio app / bare');
  log(table(['driver', 'req/s', 'p99', 'req/s limits on / off'], runs.map((r) => [r.ratio.driver, r.ratio.rpsAppOverBare, r.ratio.p99AppOverBare, r.ratio.rpsLimitsOnOverOff])));
  log('\nBreakdown: mean ms per call, one call at a time, in process (no HTTP)');
  log(
    table(
      ['driver', 'bare query', 'RLS tx (service)', 'session lookup', 'session + RLS tx'],
      runs.map((r) => [r.breakdown.driver, r.breakdown.meanMs.bareQuery, r.breakdown.meanMs.rlsTransaction, r.breakdown.meanMs.sessionLookup, r.breakdown.meanMs.sessionPlusRls]),
    ),
  );
  log('\nJavaScript loaded by /hxk/login');
  if (loginJs.status === 'ok') {
    log(
      table(
        ['file', 'raw', 'gzip -9'],
        [...loginJs.files.map((f) => [f.path, kib(f.rawBytes), kib(f.gzipBytes)]), ['total', kib(loginJs.totalRawBytes), kib(loginJs.totalGzipBytes)]],
      ),
    );
    log(`aim: under ${kib(loginJs.aimGzipBytes)} gzip: ${loginJs.withinAim ? 'met' : 'NOT met'}`);
  } else {
    log(`skipped: ${loginJs.reason}`);
  }

  const problems = loads.filter((f) => f.non2xx || f.errors).map((f) => `${f.driver}/${f.target}: ${f.non2xx} non-2xx, ${f.errors} errors`);
  const results = {
    date: new Date().toISOString(),
    machine: {
      cores: os.cpus().length,
      availableParallelism: os.availableParallelism(),
      cpu: os.cpus()[0]?.model ?? null,
      memoryGiB: round(os.totalmem() / 2 ** 30, 1),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      /** 1, 5 and 15-minute load averages: anything else running skews the figures. */
      loadAverageBefore: loadBefore,
      loadAverageAfter: os.loadavg().map((n) => round(n)),
    },
    settings: { ...SETTINGS, endpoint: ENDPOINT, loadGenerator: 'autocannon 8, one worker thread, same machine' },
    load: loads,
    ratios: runs.map((r) => r.ratio),
    breakdown: runs.map((r) => r.breakdown),
    loginPageJs: loginJs,
    problems,
    elapsedSeconds: round((Date.now() - started) / 1000, 1),
  };
  return { results, summary: loadSummary(runs, loginJs, problems), problems };
}

/** The rows of bench/results/summary.md: the aims of issue 12 (limits within 5 %) and the login page (200 KiB). */
function loadSummary(runs: DriverRun[], loginJs: LoginJs, problems: string[]): SummaryRow[] {
  const name = (d: DriverName) => (d === 'pglite' ? 'PGlite' : 'PostgreSQL');
  return [
    ...runs.flatMap((r): SummaryRow[] => [
      { bench: 'load', figure: `app / bare req/s, membership page (${name(r.ratio.driver)})`, aim: '', measured: String(r.ratio.rpsAppOverBare), met: null },
      { bench: 'load', figure: `fair-use limits on / off, req/s (${name(r.ratio.driver)})`, aim: `≥ ${LIMITS_COST_AIM}`, measured: String(r.ratio.rpsLimitsOnOverOff), met: r.ratio.rpsLimitsOnOverOff >= LIMITS_COST_AIM },
      { bench: 'load', figure: `session + RLS transaction, mean ms (${name(r.breakdown.driver)})`, aim: '', measured: String(r.breakdown.meanMs.sessionPlusRls), met: null },
    ]),
    loginJs.status === 'ok'
      ? { bench: 'load', figure: 'JavaScript loaded by /hxk/login, gzip', aim: `< ${kib(loginJs.aimGzipBytes)}`, measured: kib(loginJs.totalGzipBytes), met: loginJs.withinAim }
      : { bench: 'load', figure: 'JavaScript loaded by /hxk/login, gzip', aim: `< ${kib(SETTINGS.loginJsAimGzipBytes)}`, measured: `not measured: ${loginJs.reason}`, met: null },
    { bench: 'load', figure: 'failed requests under load', aim: '0', measured: String(problems.length ? problems.join('; ') : 0), met: problems.length === 0 },
  ];
}

/** Cleanups of the run in progress, for Ctrl-C. */
const activeCleanups: (() => Promise<void>)[] = [];

async function main() {
  giveUpAfter('bench', 5 * 60_000);
  const onSignal = () => {
    void Promise.allSettled(activeCleanups.reverse().map((c) => c())).then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const { results, summary, problems } = await runLoadBench();
  await fsp.mkdir(path.dirname(RESULTS_FILE), { recursive: true });
  await fsp.writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  log(`\nWrote ${path.relative(process.cwd(), RESULTS_FILE)} (${results.elapsedSeconds}s)`);
  await writeSummaryRows('load', summary);
  if (problems.length) {
    log(`Problems: ${problems.join('; ')}`);
    process.exitCode = 1;
  }
}

if (isMain(import.meta.url)) {
  main().catch((e: unknown) => {
    process.stderr.write(`bench failed: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(1);
  });
}
