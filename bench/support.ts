/** What the benchmarks share: a fresh database per driver, the mean time of a call, and processes' CPU time. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { migrateDatabase, openDatabase, type DbHandle } from '../apps/server/src/platform/db.ts';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/db/seed/seed.ts';
import { jobs } from '../apps/server/src/db/schema/index.ts';
import { platformTx } from '../apps/server/src/platform/tenancy.ts';

export type DriverName = 'pglite' | 'postgres';

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * The targets of load round `round` in turn, rotated by one each round: whichever target went first
 * in every round measured 15-20 % fewer requests a second (2026-11-29: the same app with and without
 * the fair-use limits swapped places and their ratio went from 0.84 to 1.25), so each target takes
 * each place equally often when the rounds are a multiple of the targets.
 */
export const inRotation = <T,>(targets: readonly T[], round: number): T[] => targets.map((_, k) => targets[(k + round) % targets.length]!);

// ---------------------------------------------------------------- load, app against bare

/** One side of a comparison under load: the app's route, or the same query served bare (no session, no transaction). */
export type LoadTarget = { name: string; target: 'app' | 'bare'; url: string; body: string; headers: Record<string, string> };
export type LoadFigure = { query: string; target: 'app' | 'bare'; rps: number; requests: number; p50: number; p90: number; p99: number; max: number; non2xx: number; errors: number };
/** How hard and how long: `durationSeconds` split into `rounds`, the first round after `warmupSeconds` not counted. */
export type LoadSettings = { connections: number; durationSeconds: number; rounds: number; warmupSeconds: number };

function fire(t: LoadTarget, s: LoadSettings, seconds: number, warmup: number): Promise<Result> {
  return autocannon({
    url: t.url, method: 'POST', body: t.body, headers: { 'content-type': 'application/json', ...t.headers },
    connections: s.connections, duration: seconds, workers: 1, timeout: 10,
    ...(warmup > 0 ? { warmup: { connections: s.connections, duration: warmup } } : {}),
  });
}

/** Alternating rounds (app, bare; bare, app; ...: inRotation) so background noise and place weigh on both alike. */
export async function compareUnderLoad(s: LoadSettings, targets: LoadTarget[]): Promise<LoadFigure[]> {
  const per = s.durationSeconds / s.rounds;
  const results = new Map<LoadTarget, Result[]>(targets.map((t) => [t, []]));
  for (let i = 0; i < s.rounds; i++) for (const t of inRotation(targets, i)) results.get(t)!.push(await fire(t, s, per, i === 0 ? s.warmupSeconds : 0));
  return targets.map((t) => {
    const rs = results.get(t)!;
    const requests = rs.reduce((a, r) => a + r.requests.total, 0);
    const seconds = rs.reduce((a, r) => a + r.duration, 0);
    const w = (k: 'p50' | 'p90' | 'p99') => round(rs.reduce((a, r) => a + r.latency[k] * r.requests.total, 0) / Math.max(requests, 1));
    return {
      query: t.name, target: t.target, rps: round(requests / seconds), requests, p50: w('p50'), p90: w('p90'), p99: w('p99'),
      max: Math.max(...rs.map((r) => r.latency.max)), non2xx: rs.reduce((a, r) => a + r.non2xx, 0), errors: rs.reduce((a, r) => a + r.errors, 0),
    };
  });
}

/** Listens on a free loopback port; the origin. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${addr.port}`;
}

/** POSTs JSON and reads the JSON answer. */
export async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}

/** Signs in with the demo password over HTTP; the session's Bearer token. */
export async function signIn(origin: string, account: string): Promise<string> {
  const res = await fetch(`${origin}/base/login/v1/do`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'password', account, password: DEMO_PASSWORD }) });
  const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
  if (body.code !== 1) throw new Error(`sign-in as ${account} failed: ${body.msg}`);
  return body.data.token;
}

/** The p-th percentile of ascending `sorted` (nearest rank). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

/** Calls, p50, p99 and max of some latencies (ms). */
export function latencies(ms: number[]): { calls: number; p50: number; p99: number; max: number } {
  const s = [...ms].sort((a, b) => a - b);
  return { calls: s.length, p50: round(percentile(s, 50)), p99: round(percentile(s, 99)), max: round(s.at(-1) ?? 0) };
}

/**
 * A load generator that is one session with many connections: the fair-use limits run on every
 * request (the hash, the in-flight count, the two counters) at thresholds above what it sends, so
 * what is measured is the route and the limits' cost, not their refusals (bench/fair-use.ts
 * measures those). Without it a run's later targets were refused (429) once the session's minute
 * was used (bench:schedule, 2026-11-29).
 */
export const LIMITS_ABOVE_LOAD = { RATE_LIMIT_SESSION_PER_MINUTE: '100000000', RATE_LIMIT_IP_PER_MINUTE: '100000000', RATE_LIMIT_SESSION_CONCURRENCY: '1000' };

/** The drivers a run covers: PGlite always, PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. */
export const benchDrivers = (): DriverName[] => (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']);

/** Mean ms of `iterations` calls one after the other, after `warmup` calls that are not counted. */
export async function timeMean(fn: () => Promise<unknown>, iterations: number, warmup = 5): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const start = performance.now();
  for (let i = 0; i < iterations; i++) await fn();
  return round((performance.now() - start) / iterations, 2);
}

/** A file-backed PGlite in `tmp`, or a PostgreSQL database named `name` made for the run and dropped by `cleanup`. */
export async function openDriver(driver: DriverName, tmp: string, name: string): Promise<{ dbh: DbHandle; cleanup: () => Promise<void> }> {
  if (driver === 'pglite') {
    const dbh = await openDatabase({ kind: 'pglite', dataDir: path.join(tmp, 'pglite') });
    return { dbh, cleanup: () => dbh.close() };
  }
  const url = (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL)!;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const dbh = await openDatabase({ kind: 'postgres', url: u.toString(), poolSize: 10 });
  return {
    dbh,
    cleanup: async () => {
      await dbh.close().catch(() => undefined);
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** A plain-text table: the first column left-aligned, the others right-aligned. */
export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** Ends a benchmark that hangs, so that nothing waits on it for ever. */
export function giveUpAfter(name: string, ms: number): void {
  const watchdog = setTimeout(() => {
    process.stderr.write(`${name}: gave up after ${Math.round(ms / 60_000)} minutes\n`);
    process.exit(1);
  }, ms);
  watchdog.unref();
}

/** One line of /proc/<pid>/stat: what a benchmark needs to follow a process and its CPU time. */
export type ProcStat = { pid: number; comm: string; state: string; ppid: number; cpuSeconds: number; startTicks: number };

/** Clock ticks per second of /proc's times (USER_HZ): 100 on every Linux port Node runs on. */
const USER_HZ = 100;

/**
 * Parses /proc/<pid>/stat. The command name sits in parentheses and may itself hold spaces and
 * parentheses, so the fields are counted from the last ')'; CPU time is utime + stime, in seconds.
 */
export function parseProcStat(text: string): ProcStat {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`not a /proc stat line: ${text.slice(0, 80)}`);
  // After ')': state(3) ppid(4) ... utime(14) stime(15) ... starttime(22), numbered as in proc(5).
  const f = text.slice(close + 2).trim().split(/\s+/);
  const num = (field: number) => Number(f[field - 3]);
  if (f.length < 20 || !Number.isFinite(num(14)) || !Number.isFinite(num(22))) throw new Error(`short /proc stat line: ${text.slice(0, 80)}`);
  return { pid: Number(text.slice(0, open).trim()), comm: text.slice(open + 1, close), state: f[0]!, ppid: num(4), cpuSeconds: (num(14) + num(15)) / USER_HZ, startTicks: num(22) };
}

/** The processes below `root` (children, their children...) among `all`, found through their parents. */
export function descendantsOf<T extends { pid: number; ppid: number }>(all: T[], root: number): T[] {
  const children = new Map<number, T[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const out: T[] = [];
  const queue = [root];
  const seen = new Set<number>([root]);
  while (queue.length) {
    for (const c of children.get(queue.shift()!) ?? []) {
      if (seen.has(c.pid)) continue;
      seen.add(c.pid);
      out.push(c);
      queue.push(c.pid);
    }
  }
  return out;
}

/** Every process readable in /proc now, with its command line (processes that end while being read are skipped). */
export function readProcesses(): (ProcStat & { cmdline: string[] })[] {
  const out: (ProcStat & { cmdline: string[] })[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = parseProcStat(fs.readFileSync(`/proc/${name}/stat`, 'utf8'));
      let cmdline = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean);
      // A process that rewrote its title (Chromium's children do) shows one string, its words joined by spaces.
      if (cmdline.length === 1 && cmdline[0]!.includes(' ')) cmdline = cmdline[0]!.split(' ').filter(Boolean);
      out.push({ ...stat, cmdline });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return out;
}

// ---------------------------------------------------------------- the demo database, and the summary

/**
 * A database of `driver` with the app's migrations and the demo school, as every benchmark starts.
 * `demoImage` (a PGlite tarball already migrated and seeded: bench/smoke.test.ts makes one) skips
 * both for PGlite, so a smoke run of every benchmark seeds the demo once.
 */
export async function openDemo(driver: DriverName, tmp: string, name: string, demoImage?: Blob): Promise<{ dbh: DbHandle; cleanup: () => Promise<void> }> {
  if (driver === 'pglite' && demoImage) {
    const dbh = await openDatabase({ kind: 'pglite', image: demoImage });
    await dropDemoJobs(dbh);
    return { dbh, cleanup: () => dbh.close() };
  }
  const opened = await openDriver(driver, tmp, name);
  await migrateDatabase(opened.dbh);
  await seedDemo(opened.dbh.db);
  await dropDemoJobs(opened.dbh);
  return opened;
}

/**
 * The demo queues the preparation of its class recordings (ffmpeg drawing clips, seconds of a core
 * each); the first app a benchmark starts would run them beside its first measurements. No benchmark
 * on the demo reads them, so they are dropped: before (2026-11-29) the target measured first lost
 * 15-20 % of its requests a second to them.
 */
async function dropDemoJobs(dbh: DbHandle): Promise<void> {
  await platformTx(dbh.db, 'seed', (tx) => tx.delete(jobs));
}

/** What a benchmark registers to be undone at the end of its run (databases, directories), undone last first. */
export type Cleanups = (() => Promise<void>)[];

/**
 * Runs one benchmark per driver asked (default: benchDrivers()), one after the other, then undoes
 * everything the runs registered, also when one of them throws.
 */
export async function perDriver<R>(only: DriverName[] | undefined, run: (driver: DriverName, cleanups: Cleanups) => Promise<R>): Promise<R[]> {
  const cleanups: Cleanups = [];
  const runs: R[] = [];
  try {
    for (const d of only ?? benchDrivers()) runs.push(await run(d, cleanups));
  } finally {
    await Promise.allSettled(cleanups.reverse().map((c) => c()));
  }
  return runs;
}

/** What every benchmark's entry point takes besides its own sizes. */
export type BenchBase = {
  /** Default: benchDrivers() (PGlite, and PostgreSQL when a URL is set). */
  drivers?: DriverName[];
  /** See openDemo. */
  demoImage?: Blob;
  /** Progress lines; the smoke test passes a no-op. */
  log?: (msg: string) => void;
};

/**
 * One line of bench/results/summary.md. `aim` is what the issue or the docs ask ('' when the
 * figure is reported without an aim); `met` is null then, and when the figure was not measured.
 */
export type SummaryRow = { bench: string; figure: string; aim: string; measured: string; met: boolean | null };

export const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

/** Each benchmark leaves its rows in bench/results/<name>.summary.json; bench/all.ts gathers them. */
export async function writeSummaryRows(name: string, rows: SummaryRow[]): Promise<void> {
  await fs.promises.mkdir(RESULTS_DIR, { recursive: true });
  await fs.promises.writeFile(path.join(RESULTS_DIR, `${name}.summary.json`), `${JSON.stringify(rows, null, 2)}\n`);
}

/**
 * The end of a benchmark's run: its figures in bench/results/<name>.json and its summary rows
 * (writeSummaryRows). Returns the figures file's path relative to the working directory.
 */
export async function writeResults(name: string, results: unknown, summary: SummaryRow[]): Promise<string> {
  const file = path.join(RESULTS_DIR, `${name}.json`);
  await fs.promises.mkdir(RESULTS_DIR, { recursive: true });
  await fs.promises.writeFile(file, JSON.stringify(results, null, 2));
  await writeSummaryRows(name, summary);
  return path.relative(process.cwd(), file);
}

export function readSummaryRows(name: string): SummaryRow[] | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, `${name}.summary.json`), 'utf8')) as SummaryRow[];
  } catch {
    return null;
  }
}

/** The summary as a Markdown table: benchmark, figure, aim, measured, met. */
export function summaryMarkdown(rows: SummaryRow[]): string {
  const met = (m: boolean | null) => (m === null ? '—' : m ? 'met' : '**not met**');
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  return [
    '| Benchmark | Figure | Aim | Measured | Met |',
    '|---|---|---|---:|---|',
    ...rows.map((r) => `| ${cell(r.bench)} | ${cell(r.figure)} | ${cell(r.aim || '—')} | ${cell(r.measured)} | ${met(r.met)} |`),
  ].join('\n');
}

/** True when `metaUrl` is the script node was started with (tsx bench/x.ts), false when imported. */
export const isMain = (metaUrl: string): boolean => !!process.argv[1] && fileURLToPath(metaUrl) === path.resolve(process.argv[1]);
