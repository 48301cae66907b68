import { sql } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { ensureAllSchoolsHaveRoles } from './modules/roles/builtin-roles.ts';
import { loadConfigOrExit, loggerOptions, onShutdown, openMigratedDatabase } from './boot.ts';
import { warnOnUntrustedForwardedFor } from './platform/forwarded-for.ts';
import { watchEmbeddedSize } from './platform/embedded-size.ts';
import { DEMO_PASSWORD, DEMO_ROLES, DEMO_SCHOOLS, seedDemo } from './db/seed/seed.ts';
import { seedDemoAnalyses } from './db/seed/demo-analyses.ts';
import { seedDemoLiveAnalysis } from './db/seed/demo-live-analysis.ts';

async function main() {
  const config = loadConfigOrExit();
  const dbh = await openMigratedDatabase(config);
  await ensureAllSchoolsHaveRoles(dbh.db);
  const app = await buildApp({ config, dbh, logger: loggerOptions(config) });
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
      if (config.analysis.live.mode !== 'off' && (await seedDemoLiveAnalysis(dbh.db, app.deps.storage))) {
        app.log.info('A class in progress of the Demo School will be analysed live from a drawn lesson (ANALYSIS_LIVE; patrol detail, AI tab)');
      }
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
  // A school past the sizes the embedded database was measured at is told in the log (docs/operations.md).
  const stopSizeWatch = dbh.driver === 'pglite' ? watchEmbeddedSize(dbh, app.log) : undefined;
  onShutdown(async (signal) => {
    clearInterval(maintenance);
    stopSizeWatch?.();
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await dbh.close();
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `hxk is running: http://localhost:${config.port}/hxk/ (API docs at /api/docs, database: ${dbh.driver}, ` +
      `jobs: ${config.jobs.run === 'none' ? 'none here, left to worker processes' : `${config.jobs.run} kinds`})`,
  );
}

void main();
