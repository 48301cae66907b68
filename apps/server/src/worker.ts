/**
 * `npm run worker`: a process that runs background jobs (AI analysis above all) against the same
 * PostgreSQL database as the server, without serving HTTP, so analysis scales across machines
 * (docs/decisions/0021-job-fairness-and-worker.md, docs/operations.md). It registers the same job
 * kinds as the server (job-kinds.ts) and claims those JOBS_RUN gives it; the server nodes can then
 * run JOBS_RUN=light (or none) and leave the heavy kinds to the workers.
 *
 * The embedded PGlite belongs to the one server process that opened it: a worker cannot share it,
 * so without DATABASE_URL this refuses to start (the server then runs every job itself).
 */
import { loadConfigOrExit, loggerOptions, onShutdown, openMigratedDatabase } from './boot.ts';

const WORKER_NEEDS_POSTGRES =
  'npm run worker needs PostgreSQL: set DATABASE_URL to the database the server uses. The embedded database (PGlite, ' +
  'used without DATABASE_URL) belongs to the one server process that opened it, and that process runs every job itself.';
const WORKER_RUNS_NOTHING = 'npm run worker with JOBS_RUN=none would run no job: use all, light or heavy.';

async function main() {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error(WORKER_NEEDS_POSTGRES);
    process.exit(2);
  }
  if (config.jobs.run === 'none') {
    console.error(WORKER_RUNS_NOTHING);
    process.exit(2);
  }
  // Loaded once the configuration is known to fit: a refusal is immediate.
  const { buildWorker } = await import('./core.ts');
  const dbh = await openMigratedDatabase(config);
  const worker = await buildWorker({ config, dbh, logger: loggerOptions(config) });
  onShutdown(async (signal) => {
    worker.log.info({ signal }, 'worker stopping: waiting for its running jobs');
    await worker.close();
    await dbh.close();
  });
  if (config.storage.provider === 'local') {
    worker.log.warn(`file storage is ${config.dataDir}/files on this machine: the server must use the same folder (same machine and DATA_DIR, or a shared mount), or both S3 (S3_BUCKET)`);
  }
  await worker.ready();
  worker.log.info(`hxk worker is running ${config.jobs.run} job kinds, up to ${config.jobs.concurrency} at once (${config.analysis.concurrency} analyses), database: ${dbh.driver}`);
}

void main();
