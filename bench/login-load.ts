/**
 * First load of /hxk/login on a throttled phone, Lighthouse's mobile profile: 1.6 Mbps down, 750 kbps
 * up, 150 ms round trip (Network.emulateNetworkConditions), the CPU slowed four times
 * (Emulation.setCPUThrottlingRate), a 390 px phone screen, an empty cache. Reports, as the median of
 * the runs: first contentful paint, largest contentful paint, cumulative layout shift, total blocking
 * time (as Lighthouse counts it: the part of each long task past 50 ms, from first paint until the
 * page is quiet), all long tasks from the start (a single-page app does most of its work before its
 * first paint, which TBT leaves out) and the JavaScript it transferred (compressed, with headers). Not part of npm test; docs/benchmarks.md has the figures (decision 0030).
 *
 *   npm run build -w @hxk/web && npx tsx bench/login-load.ts
 *   npx tsx bench/login-load.ts /tmp/before/apps/web/dist apps/web/dist   # two builds, taking turns
 *   LOGIN_LOAD_URL=http://localhost:3000 npx tsx bench/login-load.ts      # a server already running
 *
 * Knobs: LOGIN_LOAD_RUNS (5 per build), WEB_DIST (the build to serve when no folder is given).
 * Numbers from a busy machine are slower: compare runs made on the same machine in the same state.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { giveUpAfter, isMain, openDemo, round, table } from './support.ts';

const RUNS = Number(process.env.LOGIN_LOAD_RUNS ?? 5);
/** Lighthouse's "slow 4G" mobile throttling (its simulated defaults, applied here for real). */
export const PHONE = { latencyMs: 150, downloadKbps: 1638.4, uploadKbps: 750, cpuSlowdown: 4, width: 390, height: 844 };

export type LoadFigures = { fcpMs: number; lcpMs: number; cls: number; tbtMs: number; longTasksMs: number; jsFiles: number; jsTransferKiB: number; quietMs: number };

/** Collects paints, layout shifts and long tasks from the first byte on (buffered observers). */
const OBSERVE = `(() => {
  const perf = { lcp: 0, fcp: 0, shifts: [], longTasks: [] };
  window.__loginLoad = perf;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) perf.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') perf.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) perf.shifts.push([e.startTime, e.value]); }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) perf.longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
})();`;

type Observed = { lcp: number; fcp: number; shifts: [number, number][]; longTasks: [number, number][] };

/** CLS as web-vitals defines it: the largest session window (gaps under 1 s, at most 5 s long). */
export function cumulativeLayoutShift(shifts: [number, number][]): number {
  let best = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const [at, value] of shifts) {
    if (at - last < 1000 && at - first < 5000) sum += value;
    else [sum, first] = [value, at];
    last = at;
    best = Math.max(best, sum);
  }
  return best;
}

/** TBT: for every long task after first paint, the time past 50 ms. */
export function totalBlockingTime(longTasks: [number, number][], fcp: number): number {
  return longTasks.reduce((sum, [start, duration]) => {
    const from = Math.max(start, fcp);
    const end = start + duration;
    return end - from > 50 ? sum + (end - from - 50) : sum;
  }, 0);
}

async function loadOnce(browser: Browser, origin: string): Promise<LoadFigures> {
  const context = await browser.newContext({ viewport: { width: PHONE.width, height: PHONE.height }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript(OBSERVE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: (PHONE.downloadKbps * 1024) / 8,
      uploadThroughput: (PHONE.uploadKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    const scripts = new Map<string, number>();
    const types = new Map<string, string>();
    cdp.on('Network.responseReceived', (e: { requestId: string; type: string }) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      if (types.get(e.requestId) === 'Script') scripts.set(e.requestId, e.encodedDataLength);
    });
    const started = Date.now();
    await page.goto(`${origin}/hxk/login`, { timeout: 120_000 });
    await page.getByTestId('login-page').waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const quietMs = Date.now() - started;
    // Long tasks and a late shift still report after network idle; give them a moment.
    await page.waitForTimeout(1000);
    const seen = (await page.evaluate('window.__loginLoad')) as Observed;
    const bytes = [...scripts.values()].reduce((a, b) => a + b, 0);
    return {
      fcpMs: round(seen.fcp, 0),
      lcpMs: round(seen.lcp, 0),
      cls: round(cumulativeLayoutShift(seen.shifts), 3),
      tbtMs: round(totalBlockingTime(seen.longTasks, seen.fcp), 0),
      longTasksMs: round(seen.longTasks.reduce((sum, [, duration]) => sum + duration, 0), 0),
      jsFiles: scripts.size,
      jsTransferKiB: round(bytes / 1024, 1),
      quietMs,
    };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

type Target = { name: string; origin: string };

/**
 * Starts the app on a demo PGlite for each build of the web app asked for (or uses LOGIN_LOAD_URL),
 * then loads the login page `runs` times per target, the targets taking turns (so a machine that
 * gets busier part-way slows each alike), after one load each that is not counted. Prints each
 * target's runs and medians.
 */
export async function runLoginLoadBench(dists: string[] = [], runs = RUNS): Promise<{ name: string; runs: LoadFigures[]; median: LoadFigures }[]> {
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const targets: Target[] = [];
    const url = process.env.LOGIN_LOAD_URL?.replace(/\/$/, '');
    if (url) targets.push({ name: url, origin: url });
    else {
      const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-login-load-'));
      cleanups.push(() => fsp.rm(tmp, { recursive: true, force: true }));
      const { dbh, cleanup } = await openDemo('pglite', tmp, 'unused');
      cleanups.push(cleanup);
      for (const dist of dists.length ? dists : [process.env.WEB_DIST || '']) {
        const app = await buildApp({ config: loadConfig({ DATA_DIR: path.join(tmp, 'data'), LOG_LEVEL: 'silent', WEB_DIST: dist || undefined }), dbh, logger: false });
        cleanups.push(() => app.close());
        await app.listen({ host: '127.0.0.1', port: 0 });
        const addr = app.server.address();
        if (!addr || typeof addr === 'string') throw new Error('no TCP address');
        targets.push({ name: dist || 'apps/web/dist', origin: `http://127.0.0.1:${addr.port}` });
      }
    }
    const browser = await launchBrowser();
    cleanups.push(() => browser.close());
    for (const t of targets) await loadOnce(browser, t.origin);
    const results = targets.map(() => [] as LoadFigures[]);
    for (let i = 0; i < runs; i++) for (const [j, t] of targets.entries()) results[j]!.push(await loadOnce(browser, t.origin));
    console.log(`/hxk/login, first load: ${PHONE.downloadKbps / 1024} Mbps, ${PHONE.latencyMs} ms RTT, CPU ${PHONE.cpuSlowdown}x slower, ${PHONE.width} px, empty cache`);
    return targets.map((t, j) => {
      const own = results[j]!;
      const keys = Object.keys(own[0]!) as (keyof LoadFigures)[];
      const mid = Object.fromEntries(keys.map((k) => [k, median(own.map((r) => r[k]))])) as LoadFigures;
      const rows = [...own.map((r, i) => [`run ${i + 1}`, ...keys.map((k) => r[k])]), ['median', ...keys.map((k) => mid[k])]];
      console.log(`\n${t.name}`);
      console.log(table(['', 'FCP ms', 'LCP ms', 'CLS', 'TBT ms', 'long tasks ms', 'JS files', 'JS KiB sent', 'quiet after ms'], rows));
      return { name: t.name, runs: own, median: mid };
    });
  } finally {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  }
}

if (isMain(import.meta.url)) {
  giveUpAfter('login-load', 10 * 60_000);
  await runLoginLoadBench(process.argv.slice(2));
  process.exit(0);
}
