/**
 * What the smoke runs of the benchmarks share (bench/smoke*.test.ts): the demo as a seeded image, and
 * the check of a summary's rows.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { openDemoImage } from '../apps/server/src/test/run-image.ts';
import { seedDemoMoment } from '../apps/server/src/db/seed/seed.ts';
import { jobs } from '../apps/server/src/db/schema/index.ts';
import { platformTx } from '../apps/server/src/platform/tenancy.ts';
import type { BenchBase, SummaryRow } from './support.ts';

const quiet = () => undefined;
/**
 * Generous: on an idle 2-core machine each benchmark takes a few seconds (most of it the app's start
 * and a sign-in), the demo's seeding about as much; under a load average of 10 the file took minutes.
 */
export const TIMEOUT_MS = 180_000;

export type SmokeBase = Required<Pick<BenchBase, 'drivers' | 'demoImage' | 'log'>>;

/**
 * The seeded demo as every benchmark of a smoke run starts from it, from the image the run's files
 * share (apps/server/src/test/run-image.ts; the browser tests start from the same one). The
 * benchmarks' apps have storage folders of their own, so the demo's files are not copied.
 */
export async function smokeBase(): Promise<SmokeBase> {
  const files = await fs.mkdtemp(path.join(os.tmpdir(), 'hxk-smoke-'));
  try {
    const today = new Date().toISOString().slice(0, 10);
    const { dbh, schools } = await openDemoImage(today, files);
    await seedDemoMoment(dbh.db, schools, { today });
    // The demo queues the preparation of its recordings (ffmpeg drawing clips); every app a benchmark
    // starts would run it in the background. No benchmark here reads recordings: drop the jobs.
    await platformTx(dbh.db, 'seed', (tx) => tx.delete(jobs));
    const demoImage = await dbh.dumpImage!();
    await dbh.close();
    return { drivers: ['pglite'], demoImage, log: quiet };
  } finally {
    await fs.rm(files, { recursive: true, force: true });
  }
}

/** Every row names its figure and carries a measured value (a number, or why it was not measured). */
export function expectRows(rows: SummaryRow[], bench: string) {
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) {
    expect(r.bench).toBe(bench);
    expect(r.figure).not.toBe('');
    expect(r.measured).not.toBe('');
    expect(r.measured).not.toMatch(/NaN|undefined/);
  }
}
