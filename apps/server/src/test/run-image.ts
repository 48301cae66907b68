/**
 * Seeded databases as images, made once per test run and shared by the run's files: the demo for the
 * browser tests' servers (e2e/support/server.ts) and the benchmarks' smoke run, the two schools of
 * the API tests (harness.ts). Tests only: the product seeds its own database (seedDemo).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase, type DbHandle } from '../platform/db.ts';
import { localStorage } from '../platform/storage.ts';
import { seedDemoDay, seedDemoSchools, type SeededSchool } from '../db/seed/seed.ts';
import { openMigratedPglite } from './pglite-image.ts';

export type DemoSchools = [SeededSchool, SeededSchool];

/**
 * This test run, as a name for files other test files of the run may reuse: the Vitest process (each
 * test file runs in a child of it) and its start time, so a later run that gets the same process id
 * never takes them. Undefined where /proc cannot tell.
 */
function runId(pid = process.ppid): string | undefined {
  try {
    // Field 22 of /proc/<pid>/stat, the start time; the command name (field 2) may hold spaces.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return `${pid}-${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]}`;
  } catch {
    return undefined;
  }
}

const PREFIX = 'hxk-run-';

/** A path in the temporary directory that this run's files share under `name`; undefined where there is no run to share. */
export function runFolder(name: string): string | undefined {
  const run = runId();
  return run ? path.join(os.tmpdir(), `${PREFIX}${run}_${name}`) : undefined;
}

/** Removes what runs that have ended (their Vitest process is gone or another) left in the temporary directory. */
async function removeOldRuns(): Promise<void> {
  for (const name of await fs.promises.readdir(os.tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const id = name.slice(PREFIX.length).split('_')[0]!;
    if (runId(Number(id.split('-')[0])) !== id) await fs.promises.rm(path.join(os.tmpdir(), name), { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * A migrated in-memory PGlite holding what `seed` put in it, seeded once per test run under `name`
 * and shared by the run's files: the first file that asks seeds it and keeps the database as an
 * image, what `seed` returned (JSON) and the files it wrote (in the folder it is given) in a folder
 * of the temporary directory; later files start from that folder, a second or two sooner. With
 * `files`, the files are copied there (a server's storage folder). A new run seeds afresh, so a
 * change to the seed or the migrations is never missed; a name should carry whatever else the seed
 * depends on (its day).
 */
export async function openRunImage<T>(name: string, seed: (dbh: DbHandle, files: string) => Promise<T>, files?: string): Promise<{ dbh: DbHandle; seeded: T }> {
  const base = runFolder(name);
  if (base) {
    const [image, json] = await Promise.all([fs.promises.readFile(path.join(base, 'image.tar')).catch(() => null), fs.promises.readFile(path.join(base, 'seeded.json'), 'utf8').catch(() => null)]);
    if (image && json) {
      const [dbh] = await Promise.all([openDatabase({ kind: 'pglite', image: new Blob([image]) }), files ? fs.promises.cp(path.join(base, 'files'), files, { recursive: true }) : null]);
      // A no-op on the image's migrations, as in openMigratedPglite.
      await migrateDatabase(dbh);
      return { dbh, seeded: JSON.parse(json) as T };
    }
  }
  // Made aside and renamed whole, so no file reads half of one; of two files seeding at once, the
  // first rename wins and the other's folder is dropped.
  const part = base ? `${base}.${process.pid}.${crypto.randomBytes(4).toString('hex')}` : undefined;
  const written = part ? path.join(part, 'files') : (files ?? (await fs.promises.mkdtemp(path.join(os.tmpdir(), 'hxk-seed-'))));
  await fs.promises.mkdir(written, { recursive: true });
  const dbh = await openMigratedPglite();
  const seeded = await seed(dbh, written);
  if (part) {
    await removeOldRuns();
    await fs.promises.writeFile(path.join(part, 'image.tar'), Buffer.from(await (await dbh.dumpImage!()).arrayBuffer()));
    await fs.promises.writeFile(path.join(part, 'seeded.json'), JSON.stringify(seeded));
    if (files) await fs.promises.cp(written, files, { recursive: true });
    await fs.promises.rename(part, base!).catch(() => fs.promises.rm(part, { recursive: true, force: true }));
  } else if (!files) {
    await fs.promises.rm(written, { recursive: true, force: true });
  }
  return { dbh, seeded };
}

/**
 * The two demo schools and their activity of `today` (seedDemoSchools, seedDemoDay), with the
 * activity's files copied to `files`, from the run's image of that day. What depends on the moment
 * (devices seen a minute ago, live lessons on air) is the caller's to seed (seedDemoMoment).
 */
export async function openDemoImage(today: string, files: string): Promise<{ dbh: DbHandle; schools: DemoSchools }> {
  const { dbh, seeded } = await openRunImage(`demo-${today}`, async (d, written) => {
    const schools = await seedDemoSchools(d.db, { today });
    await seedDemoDay(d.db, schools, { storage: localStorage(written), today });
    return schools;
  }, files);
  return { dbh, schools: seeded };
}
