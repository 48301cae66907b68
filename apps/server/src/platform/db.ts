import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from '../db/schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DbHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Rows of a raw query, whatever the driver. */
  rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]>;
  close(): Promise<void>;
  /** PGlite only: the data directory as an uncompressed tarball (an image openDatabase can start from). */
  dumpImage?: () => Promise<Blob>;
  /** PostgreSQL only: the pool's connections now (platform/metrics.ts); PGlite is one connection. */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
};

export const MIGRATIONS_DIR = fileURLToPath(new URL('../db/migrations', import.meta.url));

export type DbOptions =
  // No dataDir: in memory. An image (a tarball of a data directory, PGlite's dumpDataDir) starts the
  // database from it instead of an empty cluster: the tests start from a migrated image.
  | { kind: 'pglite'; dataDir?: string | undefined; image?: Blob | undefined }
  | { kind: 'postgres'; url: string; poolSize?: number | undefined };

export async function openDatabase(opts: DbOptions): Promise<DbHandle> {
  if (opts.kind === 'pglite') {
    if (opts.dataDir) await fs.mkdir(path.dirname(opts.dataDir), { recursive: true });
    const client = await PGlite.create({ ...(opts.dataDir ? { dataDir: opts.dataDir } : {}), ...(opts.image ? { loadDataDir: opts.image } : {}) });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return {
      db,
      driver: 'pglite',
      rows: async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows,
      close: () => client.close(),
      dumpImage: async () => {
        const f = await client.dumpDataDir('none');
        return new Blob([await f.arrayBuffer()]);
      },
    };
  }
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
  let closing = false;
  // An idle client can lose its server (restart, failover). Unhandled, that error would end the
  // process; the pool replaces the client on the next query.
  pool.on('error', (err) => {
    if (!closing) console.error(`PostgreSQL idle connection error: ${err.message}`);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    driver: 'postgres',
    rows: async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows,
    close: () => {
      closing = true;
      return pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: opts.poolSize ?? 10 }),
  };
}

/** Applies the generated, append-only migrations. Several nodes may start at once: one migrates. */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  await handle.db.execute(sql`select pg_advisory_lock(727274)`);
  try {
    await migratePg(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await handle.db.execute(sql`select pg_advisory_unlock(727274)`);
  }
}
