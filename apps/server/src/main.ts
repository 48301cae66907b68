import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { ensureAllSchoolsHaveRoles } from './modules/roles/builtin-roles.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './platform/db.ts';
import { warnOnUntrustedForwardedFor } from './platform/forwarded-for.ts';
import { DEMO_PASSWORD, DEMO_ROLES, DEMO_SCHOOLS, seedDemo } from './db/seed/seed.ts';
import { seedDemoAnalyses } from './db/seed/demo-analyses.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const dbh = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
  await migrateDatabase(dbh);
  await ensureAllSchoolsHaveRoles(dbh.db);
  const app = await buildApp({
    config,
    dbh,
    logger: { level: config.logLevel, ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}) },
  });
  warnOnUntrustedForwardedFor(app, config.trustProxy);
  if (config.seedDemo) {
    const { seeded } = await seedDemo(dbh.db, { storage: app.deps.storage });
    const accounts = DEMO_SCHOOLS.flatMap((s) => DEMO_ROLES.map((r) => `${r.account}${s.suffix}`));
    app.log.info(
      `${seeded ? 'Seeded' : 'Found'} demo schools ${DEMO_SCHOOLS.map((s) => `"${s.name}" (${s.domains.join(', ')})`).join(' and ')}; ` +
        `accounts ${accounts.join(', ')} with password ${DEMO_PASSWORD}`,
    );
    if (seeded && config.analysis.demo) {
      const lessons = await seedDemoAnalyses(dbh.db, new Date().toISOString().slice(0, 10));
      if (lessons) app.log.info(`Queued ${lessons} demo lessons to be drawn and analysed in the background (about a minute each on one core)`);
    }
  }
  // PGlite runs no autovacuum: keep the planner's statistics fresh and reclaim dead rows ourselves.
  const maintenance =
    dbh.driver === 'pglite'
      ? setInterval(() => {
          dbh.db.execute(sql`VACUUM ANALYZE`).catch((err: unknown) => app.log.warn({ err }, 'VACUUM ANALYZE failed'));
        }, 15 * 60_000).unref()
      : undefined;
  if (dbh.driver === 'pglite') await dbh.db.execute(sql`ANALYZE`);
  const shutdown = async (signal: string) => {
    clearInterval(maintenance);
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await dbh.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`hxk is running: http://localhost:${config.port}/hxk/ (API docs at /api/docs, database: ${dbh.driver})`);
}

void main();
