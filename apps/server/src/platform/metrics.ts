/**
 * What operators see (docs/operations.md, "Health and metrics"):
 *
 * - GET /healthz: the process lives and serves requests. Touches nothing else, so a database outage
 *   does not make an orchestrator restart healthy processes.
 * - GET /readyz: the database answers `select 1`, and Redis a PING when REDIS_URL is set, each within
 *   READY_TIMEOUT_MS; else 503 with the failing dependency named, so a load balancer stops sending
 *   traffic to this node.
 * - GET /metrics: Prometheus text from prom-client: request latency per route pattern, method and
 *   status; job queue depth and oldest age per kind; database pool use; WebSocket connections; the
 *   process's own figures (CPU, memory, event loop lag). Only for the operator: on the main port with
 *   `Authorization: Bearer <METRICS_TOKEN>`, or without a token on METRICS_LISTEN, an address the
 *   operator keeps private (docs/configuration.md).
 *
 * Each app has its own prom-client Registry (tests and benchmarks build several apps in one process);
 * the process figures live in one process-wide registry, started on the first scrape only.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Deps } from './context.ts';
import { AppError } from './errors.ts';
import { jobQueueStats } from './jobs.ts';

/** How long /readyz waits for each dependency: well under a load balancer's usual 5 s probe timeout. */
export const READY_TIMEOUT_MS = 2000;

/** Label of a request no route matched (404s): one series, never the raw URL. */
const UNMATCHED = 'unmatched';

let processRegistry: Registry | null = null;
/** CPU, memory, event loop lag...: one set per process, however many apps it builds. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'hxk_' });
  }
  return processRegistry;
}

type Check = { name: 'database' | 'redis'; ok: boolean; ms: number; error?: string };

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

async function check(name: Check['name'], probe: () => Promise<unknown>, timeoutMs: number): Promise<Check> {
  const t0 = performance.now();
  try {
    await withTimeout(probe(), timeoutMs, name);
    return { name, ok: true, ms: Math.round(performance.now() - t0) };
  } catch (e) {
    // The reason goes to the operator's log and the probe's body; it names no secret (no URL).
    return { name, ok: false, ms: Math.round(performance.now() - t0), error: e instanceof Error ? e.message : String(e) };
  }
}

/** Equal-time comparison of the scrape token (hashes first, so lengths leak nothing either). */
function sameToken(given: string, expected: string): boolean {
  const h = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(h(given), h(expected));
}

/** The app's metrics, filled by hooks (requests) and read from their sources at each scrape (the rest). */
function appMetrics(app: FastifyInstance, deps: Deps): Registry {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'hxk_http_request_duration_seconds',
    help: 'HTTP requests by route pattern (never the raw URL), method and status code: latency in seconds; _count is the number of requests.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    requests.observe({ method: req.method, route: req.routeOptions.url ?? UNMATCHED, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  // Kinds once seen stay at 0 when their queue empties, so a graph drops to zero instead of going stale.
  const kinds = new Set<string>();
  // One query answers the three job gauges. prom-client reads a registry's metrics concurrently, so
  // each gauge's collect awaits the same query of this scrape.
  let loading: Promise<void> | null = null;
  const load = async () => {
    const stats = await jobQueueStats(deps.dbh, deps.now());
    for (const s of stats) kinds.add(s.kind);
    queued.reset();
    running.reset();
    oldest.reset();
    for (const kind of kinds) {
      const s = stats.find((x) => x.kind === kind);
      queued.set({ kind }, s?.queued ?? 0);
      running.set({ kind }, s?.running ?? 0);
      oldest.set({ kind }, s?.oldestQueuedSeconds ?? 0);
    }
  };
  const collectJobs = () => (loading ??= load().finally(() => (loading = null)));
  const queued = new Gauge({ name: 'hxk_jobs_queued', help: 'Jobs waiting for a worker, per kind (all schools).', labelNames: ['kind'] as const, registers: [registry], collect: collectJobs });
  const running = new Gauge({ name: 'hxk_jobs_running', help: 'Jobs a worker is running, per kind (all schools).', labelNames: ['kind'] as const, registers: [registry], collect: collectJobs });
  const oldest = new Gauge({
    name: 'hxk_jobs_oldest_queued_age_seconds',
    help: 'Age of the oldest job waiting for a worker, per kind (0 when none waits).',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect: collectJobs,
  });

  new Gauge({
    name: 'hxk_db_pool_connections',
    help: 'Database connections by state: total open, idle, and waiting (queries queued for a connection). PGlite is one in-process connection: total 1, nothing else reported.',
    labelNames: ['driver', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const driver = deps.dbh.driver;
      const pool = deps.dbh.poolStats?.();
      if (!pool) {
        this.set({ driver, state: 'total' }, 1);
        return;
      }
      this.set({ driver, state: 'total' }, pool.total);
      this.set({ driver, state: 'idle' }, pool.idle);
      this.set({ driver, state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'hxk_db_pool_max',
    help: 'Most database connections this process opens (DATABASE_POOL_SIZE; 1 for PGlite).',
    labelNames: ['driver'] as const,
    registers: [registry],
    collect() {
      this.set({ driver: deps.dbh.driver }, deps.dbh.poolStats?.().max ?? 1);
    },
  });
  new Gauge({
    name: 'hxk_websocket_connections',
    help: 'Open WebSocket connections (GET /app/ws) on this process.',
    registers: [registry],
    collect() {
      // @fastify/websocket's server tracks its clients; absent before the plugin is ready.
      this.set(app.websocketServer?.clients.size ?? 0);
    },
  });
  return registry;
}

async function exposition(registry: Registry): Promise<string> {
  return `${await processMetrics().metrics()}\n${await registry.metrics()}`;
}

/**
 * /healthz, /readyz and /metrics, and the request histogram's hook. Register after the guard (its
 * route table lists them) and before the routes whose requests it measures.
 */
export function registerOps(app: FastifyInstance, deps: Deps): void {
  const { config } = deps;
  const registry = appMetrics(app, deps);
  let redis: Redis | null = null;
  const redisPing = (url: string) => {
    // Its own client: a readiness probe must not queue behind the fair-use counters' commands. One
    // retry per command, so a PING fails fast while Redis is away (ioredis keeps reconnecting).
    if (!redis) {
      redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: READY_TIMEOUT_MS });
      redis.on('error', () => undefined); // reported by the probe, not as an unhandled event
    }
    return redis.ping();
  };

  app.get('/healthz', { config: { permission: 'public', ops: 'probe' } }, async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get('/readyz', { config: { permission: 'public', ops: 'probe' } }, async (req, reply) => {
    const redisUrl = config.redisUrl;
    const checks = await Promise.all([
      check('database', () => deps.dbh.rows(sql`select 1 as ok`), READY_TIMEOUT_MS),
      ...(redisUrl ? [check('redis', () => redisPing(redisUrl), READY_TIMEOUT_MS)] : []),
    ]);
    const ready = checks.every((c) => c.ok);
    if (!ready) req.log.warn({ checks }, 'not ready');
    return reply.status(ready ? 200 : 503).header('cache-control', 'no-store').send({ status: ready ? 'ready' : 'unavailable', checks });
  });

  app.get('/metrics', { config: { permission: 'public', ops: 'operator' } }, async (req, reply) => {
    const token = config.metrics.token;
    // Without a token the main port does not serve metrics at all (METRICS_LISTEN may).
    if (!token) throw new AppError('common.notFound');
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameToken(header.slice(7).trim(), token)) throw new AppError('auth.unauthenticated');
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(await exposition(registry));
  });

  const listen = config.metrics.listen;
  let server: http.Server | null = null;
  if (listen) {
    // A plain listener on the operator's address: /metrics only, no token (the address is the guard).
    app.addHook('onListen', async () => {
      server = http.createServer((req, res) => {
        if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
          res.writeHead(404).end();
          return;
        }
        exposition(registry).then(
          (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
          (err: unknown) => {
            app.log.error({ err }, 'metrics scrape failed');
            res.writeHead(500).end();
          },
        );
      });
      const s = server;
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(listen.port, listen.host, () => resolve());
      });
      app.log.info(`metrics on http://${listen.host}:${listen.port}/metrics`);
    });
  }
  app.addHook('onClose', async () => {
    const s = server;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    redis?.disconnect();
  });
}
