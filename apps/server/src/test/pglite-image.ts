/**
 * A migrated PGlite data directory as a tarball, made once and reused: a new in-memory PGlite spends
 * most of its start creating an empty cluster (about 4 s here) and then applying every migration;
 * loaded from this image it starts in about 1 s, already migrated. The tarball is cached on disk
 * under a name hashed from the migrations and the PGlite version, so test files, workers and runs
 * share it and a new migration makes a new one. Tests only: the product opens its own data directory.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase, type DbHandle } from '../platform/db.ts';

let made: Promise<Blob> | undefined;

/** The installed PGlite's version (its package.json is not among its exports: found from its entry). */
async function pgliteVersion(): Promise<string> {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const pkg = await fs.readFile(path.join(dir, 'package.json'), 'utf8').then((s) => JSON.parse(s) as { name?: string; version?: string }).catch(() => null);
    if (pkg?.name === '@electric-sql/pglite') return pkg.version ?? '';
    const up = path.dirname(dir);
    if (up === dir) return '';
    dir = up;
  }
}

async function imageKey(): Promise<string> {
  const hash = crypto.createHash('sha256');
  hash.update(await pgliteVersion());
  const walk = async (dir: string): Promise<void> => {
    for (const e of (await fs.readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else hash.update(e.name).update(await fs.readFile(p));
    }
  };
  await walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

async function makeImage(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `hxk-pglite-${await imageKey()}.tar`);
  const cached = await fs.readFile(file).catch(() => null);
  if (cached) return new Blob([cached]);
  const dbh = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(dbh);
  const image = await dbh.dumpImage!();
  await dbh.close();
  // Written aside and renamed, so a worker never reads half a file another is writing.
  const part = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  await fs.writeFile(part, Buffer.from(await image.arrayBuffer()));
  await fs.rename(part, file);
  return image;
}

/** A new in-memory PGlite with every migration applied. */
export async function openMigratedPglite(): Promise<DbHandle> {
  made ??= makeImage();
  const dbh = await openDatabase({ kind: 'pglite', image: await made });
  // A no-op on the image's migrations; applies any the image lacks.
  await migrateDatabase(dbh);
  return dbh;
}
