/**
 * What the server (app.ts) and the worker process (worker.ts) share: the services' dependencies,
 * the job queue with every job kind (job-kinds.ts), and their lifecycle on a Fastify instance — the
 * queue starts when the instance is ready and, when it closes, stops claiming and waits for the jobs
 * it runs before the vision threads, counters and live messages close.
 */
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { DbHandle } from './platform/db.ts';
import type { Deps } from './platform/context.ts';
import { memoryCounters, redisCounters, type CounterStore } from './platform/counters.ts';
import { memoryHub, redisHub, type RealtimeHub } from './platform/realtime.ts';
import { localStorage, type FileStorage } from './platform/storage.ts';
import { s3Storage } from './platform/adapters/s3.ts';
import { logSmsSender, type SmsSender } from './platform/adapters/sms.ts';
import { localQrProvider, type QrProvider } from './platform/adapters/wechat.ts';
import { aliyunSmsSender } from './platform/adapters/sms-aliyun.ts';
import { wechatQrProvider } from './platform/adapters/wechat-mp.ts';
import { createJobQueue } from './platform/jobs.ts';
import { loadSecretsKey, secretBox } from './platform/secret-box.ts';
import { closeAnalysisThreads } from './modules/analysis/analysis.job.ts';
import { stopLiveRuns } from './modules/analysis/live.job.ts';
import { registerJobKinds } from './job-kinds.ts';

/** The outside world a test (or a benchmark) may replace; the rest comes from the config. */
export type CoreOptions = {
  config: Config;
  dbh: DbHandle;
  sms?: SmsSender;
  qr?: QrProvider;
  counters?: CounterStore;
  storage?: FileStorage;
  now?: () => Date;
  realtime?: RealtimeHub;
};

type Host = { log: FastifyBaseLogger; decorate(name: 'deps', value: Deps): unknown; addHook(name: 'onReady' | 'onClose', hook: () => Promise<void>): unknown };

/** Builds the dependencies and the job queue on `app` (as `app.deps`) and ties them to its start and close. */
export function attachCore(app: Host, opts: CoreOptions): Deps {
  const { config } = opts;
  const deps: Deps = {
    config,
    dbh: opts.dbh,
    counters: opts.counters ?? (config.redisUrl ? redisCounters(config.redisUrl) : memoryCounters()),
    storage: opts.storage ?? (config.storage.provider === 's3' ? s3Storage(config.storage) : localStorage(path.join(config.dataDir, 'files'))),
    sms: opts.sms ?? (config.sms.provider === 'aliyun' ? aliyunSmsSender(config.sms) : logSmsSender(app.log)),
    qr: opts.qr ?? (config.wechat.provider === 'wechat' ? wechatQrProvider(config.wechat) : localQrProvider),
    now: opts.now ?? (() => new Date()),
    log: app.log,
    jobs: null as never,
    realtime: opts.realtime ?? (config.redisUrl ? redisHub(config.redisUrl) : memoryHub()),
    secrets: secretBox(loadSecretsKey({ secretsKey: config.secretsKey, dataDir: config.dataDir })),
  };
  deps.jobs = createJobQueue({ dbh: opts.dbh, log: app.log, now: deps.now, run: config.jobs.run, maxRunning: config.jobs.concurrency });
  registerJobKinds(deps);
  app.decorate('deps', deps);
  app.addHook('onReady', async () => deps.jobs.start());
  app.addHook('onClose', async () => {
    // Live analyses run as long as their class: stopped first, or the queue would wait for them.
    await stopLiveRuns(deps);
    await deps.jobs.stop();
    await closeAnalysisThreads(deps);
    if (!opts.counters) await deps.counters.close();
    if (!opts.realtime) await deps.realtime.close();
  });
  return deps;
}

/**
 * The worker process (`npm run worker`): the same dependencies and job kinds as the server, no
 * routes, never listening. Its jobs start when it is ready and are waited for when it closes.
 */
export async function buildWorker(opts: CoreOptions & { logger?: FastifyServerOptions['logger'] }): Promise<FastifyInstance> {
  const app = Fastify({ logger: opts.logger ?? { level: opts.config.logLevel } });
  attachCore(app, opts);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
