/** What the benchmarks share: a fresh database per driver, and the mean time of a call. */
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DbHandle } from '../apps/server/src/platform/db.ts';

export type DriverName = 'pglite' | 'postgres';

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

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
