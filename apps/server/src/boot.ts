/**
 * Starting a process: what the server (main.ts) and the worker (worker.ts) do alike before they
 * differ — read the configuration (or say what is wrong and exit), open and migrate the database,
 * log the same way, and close cleanly on SIGINT/SIGTERM.
 */
import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { migrateDatabase, openDatabase, type DbHandle } from './platform/db.ts';

export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
}

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR; migrated (under an advisory lock). */
export async function openMigratedDatabase(config: Config): Promise<DbHandle> {
  const dbh = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
  await migrateDatabase(dbh);
  return dbh;
}

/** JSON lines, or pretty lines on a terminal. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return { level: config.logLevel, ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}) };
}

/** Runs `close` once on SIGINT or SIGTERM, then exits. */
export function onShutdown(close: (signal: string) => Promise<void>): void {
  let closing = false;
  const handle = (signal: string) => {
    if (closing) return;
    closing = true;
    void close(signal).then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => handle('SIGINT'));
  process.on('SIGTERM', () => handle('SIGTERM'));
}
