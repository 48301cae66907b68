/**
 * npm run bench: every benchmark in turn, each in its own process (as `npm run bench:<name>` runs it,
 * with its own watchdog), then one summary table of the figures that have an aim and of those watched
 * from run to run: bench/results/summary.md, printed at the end and quoted in docs/benchmarks.md.
 *
 * A benchmark that fails does not stop the others: its rows say so, and the run exits non-zero.
 * Each benchmark leaves its rows in bench/results/<name>.summary.json (support.ts, writeSummaryRows);
 * rows left by an earlier run are removed first, so the table never mixes runs.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSummaryRows, RESULTS_DIR, round, summaryMarkdown, type SummaryRow } from './support.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Bench = { name: string; script: string; what: string; before?: string[] };

/**
 * In the order `npm run bench` has always run them. A new benchmark is one line here plus a
 * writeSummaryRows(name, rows) at the end of its script, and a smoke run in bench/smoke.test.ts.
 */
export const BENCHES: Bench[] = [
  { name: 'load', script: 'bench/run.ts', what: 'request load, app vs bare route; login-page JavaScript' },
  { name: 'fair-use', script: 'bench/fair-use.ts', what: "a teacher's latency while one session floods" },
  { name: 'schedule', script: 'bench/schedule.ts', what: 'course list and week view at 5,000 courses / 100,000 sessions' },
  { name: 'plans', script: 'bench/plans.ts', what: 'plan screens over 200 plans / 30,000 evaluations; plan list and records at 50 connections' },
  { name: 'followup', script: 'bench/followup.ts', what: 'reports, appeals, notifications, invitations at scale' },
  { name: 'exports', script: 'bench/exports.ts', what: 'statistics export of 100,000 evaluation rows: time and peak memory' },
  { name: 'statistics', script: 'bench/statistics.ts', what: 'every statistics screen at 1,000,000 evaluations; the raw GROUP BYs; rollup upkeep per write' },
  { name: 'live', script: 'bench/live.ts', what: 'camera simulator CPU, play latency, glass-to-glass' },
  { name: 'live-wall', script: 'bench/live-wall.ts', what: 'patrol wall: first frame in 9 tiles, browser CPU', before: ['npm', 'run', 'build', '-w', '@hxk/web'] },
  { name: 'vision', script: 'bench/vision.ts', what: 'ms per 1280×720 frame at 1, 6, 20, 40 faces; a 45-min lesson\'s vision' },
  { name: 'vad', script: 'bench/vad.ts', what: 'Silero VAD real-time factor over a generated 10-min lesson' },
  { name: 'lesson', script: 'bench/lesson.ts', what: 'a 45-min lesson analysed end to end on the server; the API\'s p99 meanwhile' },
  { name: 'assistant', script: 'bench/assistant.ts', what: "the assistant's first-token overhead; 200 streaming chats at once" },
];

function run(cmd: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
    const forward = (sig: NodeJS.Signals) => child.kill(sig);
    process.once('SIGINT', forward);
    process.once('SIGTERM', forward);
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

async function main() {
  const only = process.argv.slice(2);
  const chosen = only.length ? BENCHES.filter((b) => only.includes(b.name)) : BENCHES;
  await fsp.mkdir(RESULTS_DIR, { recursive: true });
  const rows: SummaryRow[] = [];
  const outcomes: { bench: Bench; code: number; seconds: number }[] = [];
  for (const bench of chosen) {
    await fsp.rm(path.join(RESULTS_DIR, `${bench.name}.summary.json`), { force: true });
    process.stdout.write(`\n===== ${bench.name}: ${bench.what} (${bench.script})\n`);
    const t0 = Date.now();
    let code = bench.before ? await run(bench.before[0]!, bench.before.slice(1)) : 0;
    if (code === 0) code = await run(process.execPath, ['--expose-gc', '--import', 'tsx', bench.script]);
    outcomes.push({ bench, code, seconds: round((Date.now() - t0) / 1000) });
    const own = readSummaryRows(bench.name);
    if (own) rows.push(...own);
    if (code !== 0 || !own) {
      rows.push({ bench: bench.name, figure: 'the benchmark ran to the end', aim: 'yes', measured: code !== 0 ? `failed (exit ${code})` : 'no summary rows written', met: false });
    }
  }
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, load average ${os.loadavg().map((n) => round(n, 2)).join(' / ')} at the end`;
  const text = [
    `# Benchmark summary`,
    '',
    `Run of ${new Date().toISOString()} (\`npm run bench\`, bench/all.ts). ${machine}.`,
    `Drivers: PGlite${process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? ' and PostgreSQL' : ' only (set BENCH_DATABASE_URL or TEST_DATABASE_URL for PostgreSQL)'}.`,
    '',
    summaryMarkdown(rows),
    '',
    `Benchmarks: ${outcomes.map((o) => `${o.bench.name} ${o.code === 0 ? 'ok' : `FAILED (exit ${o.code})`} in ${o.seconds} s`).join('; ')}.`,
    '',
  ].join('\n');
  const file = path.join(RESULTS_DIR, 'summary.md');
  fs.writeFileSync(file, text);
  process.stdout.write(`\n${text}\nWritten to ${path.relative(process.cwd(), file)}\n`);
  if (outcomes.some((o) => o.code !== 0)) process.exitCode = 1;
}

await main();
