/**
 * npm run bench:fair-use: what one greedy client does to everybody else (issue 12, finding 4).
 *
 * Per driver (PGlite always, PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set): the
 * real app on the demo data, listening on 127.0.0.1. The administrator's session floods the course
 * list (POST /app/ddxk/course/v1/page, 20 a page) with 50 connections (autocannon in a worker thread)
 * while the teacher's session makes a trivial call (GET /app/ddxk/notification/v1/unread) one after
 * the other; the teacher's p50/p99 is measured alone first, then under the flood, with the fair-use
 * limits at their defaults and with every limit off (the server before issue 12). The aim on
 * PostgreSQL: the teacher's p99 under 200 ms with the limits on.
 * Figures go to stdout and bench/results/fair-use.json; the run stops by itself (a watchdog).
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { benchDrivers, giveUpAfter, isMain, latencies, openDemo, round, signIn, table, writeResults, type BenchBase, type DriverName, type SummaryRow } from './support.ts';

const SETTINGS = {
  floodConnections: Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 50),
  floodSeconds: Number(process.env.BENCH_FLOOD_SECONDS ?? 10),
  aloneCalls: Number(process.env.BENCH_ALONE_CALLS ?? 100),
  aimP99Ms: 200,
};
const DEFAULTS = { ...SETTINGS };
/** runFairUseBench's sizes: bench/smoke.test.ts floods with a few connections for a fraction of a second. */
export type FairUseBenchOptions = BenchBase & Partial<Omit<typeof SETTINGS, 'aimP99Ms'>>;
const FLOOD = { path: '/app/ddxk/course/v1/page', body: JSON.stringify({ pageNum: 1, pageSize: 20 }) };
const VICTIM = '/app/ddxk/notification/v1/unread';
const OFF = {
  RATE_LIMIT_SESSION_PER_MINUTE: '0', RATE_LIMIT_IP_PER_MINUTE: '0', RATE_LIMIT_SESSION_CONCURRENCY: '0',
  RATE_LIMIT_EXPORT_PER_MINUTE: '0', RATE_LIMIT_IMPORT_PER_MINUTE: '0', RATE_LIMIT_SYNC_PER_MINUTE: '0', RATE_LIMIT_UPLOAD_PER_MINUTE: '0', RATE_LIMIT_AI_PER_MINUTE: '0',
};
let log: (msg: string) => void = (msg) => {
  process.stdout.write(`${msg}\n`);
};

type Latency = { calls: number; p50: number; p99: number; max: number; failed: number };
type Figure = {
  driver: DriverName;
  limits: 'defaults' | 'off';
  alone: Latency;
  underFlood: Latency;
  flood: { requests: number; rps: number; statusCodes: Record<string, number>; p50: number; p99: number };
};

const summary = (ms: number[], failed: number): Latency => ({ ...latencies(ms), failed });

/** The teacher's calls one after the other until `until` resolves (or `count` calls). */
async function victim(origin: string, token: string, opts: { count?: number; until?: Promise<unknown> }): Promise<Latency> {
  let done = false;
  void opts.until?.then(() => { done = true; });
  const ms: number[] = [];
  let failed = 0;
  while (!done && (opts.count === undefined || ms.length + failed < opts.count)) {
    const t0 = performance.now();
    const res = await fetch(`${origin}${VICTIM}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status === 200) ms.push(performance.now() - t0);
    else failed++;
  }
  return summary(ms, failed);
}

async function measure(driver: DriverName, limits: 'defaults' | 'off', cleanups: (() => Promise<void>)[], demoImage: Blob | undefined): Promise<Figure> {
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), `hxk-bench-fair-${driver}-`));
  cleanups.push(() => fsp.rm(tmp, { recursive: true, force: true }));
  const { dbh, cleanup } = await openDemo(driver, tmp, `hxk_bench_fair_${process.pid}`, demoImage);
  cleanups.push(cleanup);
  const config = loadConfig({ DATA_DIR: path.join(tmp, 'data'), LOG_LEVEL: 'silent', ...(limits === 'off' ? OFF : {}) });
  const app: FastifyInstance = await buildApp({ config: { ...config, redisUrl: undefined }, dbh, logger: false });
  cleanups.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no TCP address');
  const origin = `http://127.0.0.1:${addr.port}`;
  const admin = await signIn(origin, 'admin');
  const teacher = await signIn(origin, 'teacher');
  const check = await fetch(`${origin}${FLOOD.path}`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: FLOOD.body });
  if (check.status !== 200) throw new Error(`[${driver}] the course list answered ${check.status}`);

  log(`[${driver}, limits ${limits}] the teacher alone: ${SETTINGS.aloneCalls} calls`);
  const alone = await victim(origin, teacher, { count: SETTINGS.aloneCalls });
  log(`[${driver}, limits ${limits}] the administrator floods the course list: ${SETTINGS.floodConnections} connections, ${SETTINGS.floodSeconds} s`);
  const flood = autocannon({
    url: `${origin}${FLOOD.path}`,
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: FLOOD.body,
    connections: SETTINGS.floodConnections,
    duration: SETTINGS.floodSeconds,
    workers: 1,
    timeout: 30,
  });
  // Let the flood build up before the teacher starts.
  await new Promise((r) => setTimeout(r, Math.min(1000, (SETTINGS.floodSeconds * 1000) / 3)));
  const underFlood = await victim(origin, teacher, { until: flood });
  const r = await flood;
  await app.close();
  await cleanup();
  const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, Number(v.count)]));
  return {
    driver,
    limits,
    alone,
    underFlood,
    flood: { requests: r.requests.total, rps: round(r.requests.average), statusCodes, p50: r.latency.p50, p99: r.latency.p99 },
  };
}

/**
 * The fair-use benchmark in process: figures and the summary's rows. Throws when the course list
 * does not answer; `refused` lists the runs in which the teacher was ever refused (the run fails).
 */
export async function runFairUseBench(opts: FairUseBenchOptions = {}) {
  const { drivers: only, demoImage, log: logTo, ...sizes } = opts;
  Object.assign(SETTINGS, DEFAULTS, sizes);
  if (logTo) log = logTo;
  const drivers = only ?? benchDrivers();
  const loadBefore = os.loadavg().map((n) => round(n));
  log(`hxk fair-use benchmark: ${os.cpus().length} cores, node ${process.version}, load ${loadBefore.join(' ')}; drivers: ${drivers.join(', ')}`);
  const cleanups: (() => Promise<void>)[] = [];
  const figures: Figure[] = [];
  try {
    for (const driver of drivers) {
      for (const limits of ['defaults', 'off'] as const) figures.push(await measure(driver, limits, cleanups, demoImage));
    }
  } finally {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  }
  log(`\nThe teacher's ${VICTIM} (ms), alone and while one session floods ${FLOOD.path} with ${SETTINGS.floodConnections} connections`);
  log(table(
    ['driver / limits', 'alone p50', 'alone p99', 'flood p50', 'flood p99', 'flood max', 'teacher calls', 'flood req/s', 'flood 200', 'flood 429', 'flood p99'],
    figures.map((f) => [`${f.driver} / ${f.limits}`, f.alone.p50, f.alone.p99, f.underFlood.p50, f.underFlood.p99, f.underFlood.max, f.underFlood.calls,
      f.flood.rps, f.flood.statusCodes['200'] ?? 0, f.flood.statusCodes['429'] ?? 0, f.flood.p99]),
  ));
  const pgOn = figures.find((f) => f.driver === 'postgres' && f.limits === 'defaults');
  if (pgOn) log(`aim: PostgreSQL p99 under ${SETTINGS.aimP99Ms} ms with the limits on: ${pgOn.underFlood.p99 < SETTINGS.aimP99Ms ? 'met' : 'NOT met'} (${pgOn.underFlood.p99} ms)`);
  const refused = figures.filter((f) => f.underFlood.failed || f.alone.failed).map((f) => `${f.driver}/${f.limits}`);
  const summary: SummaryRow[] = [
    ...figures.filter((f) => f.limits === 'defaults').map((f): SummaryRow => {
      const aimed = f.driver === 'postgres';
      return {
        bench: 'fair-use',
        figure: `teacher's p99 under a ${SETTINGS.floodConnections}-connection flood, limits on (${f.driver === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
        aim: aimed ? `< ${SETTINGS.aimP99Ms} ms` : '',
        measured: `${f.underFlood.p99} ms`,
        met: aimed ? f.underFlood.p99 < SETTINGS.aimP99Ms : null,
      };
    }),
    { bench: 'fair-use', figure: 'teacher refused during the flood', aim: 'never', measured: refused.length ? refused.join(', ') : 'never', met: refused.length === 0 },
  ];
  const results = { date: new Date().toISOString(), loadAverageBefore: loadBefore, loadAverageAfter: os.loadavg().map((n) => round(n)), settings: { ...SETTINGS }, figures };
  return { results, summary, refused };
}

async function main() {
  giveUpAfter('bench:fair-use', 5 * 60_000);
  const { results, summary, refused } = await runFairUseBench();
  log(`\nwritten to ${await writeResults('fair-use', results, summary)}`);
  if (refused.length) {
    log(`the teacher was refused: ${refused.join(', ')}`);
    process.exitCode = 1;
  }
}

if (isMain(import.meta.url)) await main();
