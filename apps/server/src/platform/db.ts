import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
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

/**
 * PostgreSQL only: a transaction whose BEGIN and first statements go to the server in one round trip
 * (the simple query protocol takes several statements in one message). Every school request opens a
 * transaction and sets its role and school before anything else (tenancy.ts); sent apart, BEGIN
 * was one of the request's six round trips, each a loopback write and read of about 0.2 ms of the
 * event loop (docs/benchmarks.md, "Where a request's time goes"). `first` is plain SQL without
 * parameters (the caller inlines only values it has validated); the transaction is drizzle's own
 * (NodePgTransaction, savepoints for nested ones), as db.transaction() would make it.
 */
export type BeginWith = <T>(first: string, fn: (tx: Tx) => Promise<T>) => Promise<T>;
export const beginWith = new WeakMap<Database, BeginWith>();

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
  // The pool's session holds the dialect, the relational schema and the options (logger, cache) a
  // transaction's session is made with (drizzle-orm/node-postgres session.js, transaction()).
  const base = (db as unknown as { session: { dialect: never; schema: never; options: never } }).session;
  beginWith.set(db, async (first, fn) => {
    const client = await pool.connect();
    // Set when the connection itself failed (the rollback could not be sent): the pool drops it.
    let broken: Error | undefined;
    try {
      const session = new NodePgSession(client, base.dialect, base.schema, base.options);
      const tx = new NodePgTransaction(base.dialect, session, base.schema) as unknown as Tx;
      await client.query(`begin; ${first}`);
      const result = await fn(tx);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch((e: unknown) => {
        broken = e instanceof Error ? e : new Error(String(e));
      });
      throw error;
    } finally {
      client.release(broken);
    }
  });
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
