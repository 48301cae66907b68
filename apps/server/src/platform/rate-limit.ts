/**
 * Fair use (issue 12, finding 4): one client cannot starve the others.
 *
 * - Per session: requests in flight at once (in-process, per node: the excess waits its turn in the
 *   session's own queue, and past a bounded queue is refused after a short pause, without any work),
 *   and requests per minute.
 * - Per IP: requests per minute, signed in or not (generous: a school may sit behind one address).
 * - Costly calls (exports, imports, the SCIM sync, uploads, AI) declare `config.cost` next to their
 *   permission and get a tighter per-person limit per minute.
 *
 * Windows are fixed minutes in the CounterStore: in-process by default, Redis when REDIS_URL is set, so
 * every node sees the same counts. A refusal is 429 with Retry-After and a localized message that says
 * when to retry. Limits come from the environment (docs/configuration.md); 0 turns one off. Should the
 * counter store fail (Redis down), requests pass and a warning is logged: availability over policing.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Deps } from './context.ts';
import { AppError } from './errors.ts';
import { tokenOf } from './guard.ts';

const WINDOW_SECONDS = 60;
/** How long a request refused for its session's requests in flight is held before its 429. */
const REFUSAL_PAUSE_MS = 250;
/** Requests of one session that may wait for a slot, per slot of its cap; and how long one may wait. */
const MAX_WAITING_PER_SLOT = 4;
const MAX_WAIT_MS = 10_000;

/** A session's key: a hash of its token, never the token itself (the keys may live in Redis). */
const sessionKey = (token: string) => crypto.createHash('sha256').update(`rl:${token}`).digest('base64url').slice(0, 22);

/** The error handler turns `seconds` of a 429 into Retry-After. */
function refuse(seconds: number): never {
  const s = Math.max(1, Math.min(WINDOW_SECONDS, Math.ceil(seconds)));
  throw new AppError('common.rateLimited', { seconds: s });
}

function counting(deps: Deps) {
  let warnedAt = 0;
  const failed = (err: unknown) => {
    if (Date.now() - warnedAt > 60_000) {
      warnedAt = Date.now();
      deps.log.warn({ err }, 'rate limits: the counter store failed; requests pass unlimited');
    }
    return 0;
  };
  return {
    hit: (key: string) => deps.counters.hit(key, WINDOW_SECONDS).catch(failed),
    ttl: (key: string) => deps.counters.ttl(key).catch(() => WINDOW_SECONDS),
  };
}

/**
 * A session's requests in flight, per node: at most `cap` run at once; the next ones wait their turn in
 * the session's own queue (they cost nothing while they wait, and other sessions never wait behind
 * them); past `maxWaiting` waiting, or after `maxWaitMs`, a request is refused. A person's browser never
 * gets near the cap; 50 parallel slow queries from one client run 8 at a time instead of 50.
 */
export function sessionLanes(cap: number, maxWaiting: number, maxWaitMs: number) {
  type Lane = { running: number; waiting: Array<(granted: boolean) => void> };
  const lanes = new Map<string, Lane>();
  return {
    /** Resolves true with a slot (then call release once), false when refused. `cancelled` withdraws a waiting request. */
    acquire(session: string, cancelled: { onCancel?: () => void }): Promise<boolean> {
      let lane = lanes.get(session);
      if (!lane) lanes.set(session, (lane = { running: 0, waiting: [] }));
      if (lane.running < cap) {
        lane.running++;
        return Promise.resolve(true);
      }
      if (lane.waiting.length >= maxWaiting) return Promise.resolve(false);
      const l = lane;
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => withdraw(false), maxWaitMs);
        const entry = (granted: boolean) => {
          clearTimeout(timer);
          resolve(granted);
        };
        const withdraw = (granted: boolean) => {
          const i = l.waiting.indexOf(entry);
          if (i >= 0) l.waiting.splice(i, 1);
          entry(granted);
        };
        cancelled.onCancel = () => withdraw(false);
        l.waiting.push(entry);
      });
    },
    release(session: string) {
      const lane = lanes.get(session);
      if (!lane) return;
      const next = lane.waiting.shift();
      // The slot passes straight to the next waiting request: `running` is unchanged.
      if (next) next(true);
      else if (--lane.running <= 0) lanes.delete(session);
    },
    /** For tests and diagnostics. */
    size: () => lanes.size,
  };
}

/**
 * Per-IP and per-session limits, before the guard looks the session up (a flood of requests never
 * reaches the database). Register before registerGuard.
 */
export function registerRequestLimits(app: FastifyInstance, deps: Deps): void {
  const { ipPerMinute, sessionPerMinute, sessionConcurrency } = deps.config.rateLimits;
  const counters = counting(deps);
  const lanes = sessionLanes(sessionConcurrency, sessionConcurrency * MAX_WAITING_PER_SLOT, MAX_WAIT_MS);

  app.addHook('onRequest', async (req, reply) => {
    if (!req.routeOptions.config.permission) return; // not an API route (web app, docs)
    // A load balancer's probes and the operator's scrapes are never refused as a flood.
    if (req.routeOptions.config.ops) return;
    // The one WebSocket of a page lives as long as the page: it is no request in flight.
    if (req.headers.upgrade) return;
    const token = tokenOf(req)?.token;
    const session = token ? sessionKey(token) : null;
    if (session && sessionConcurrency > 0) {
      // A window counter alone lets 50 parallel slow requests through; this cap does not.
      let held = false;
      let closed = false;
      const waiting: { onCancel?: () => void } = {};
      // 'close' comes after the reply is sent or when the client goes away, whichever is first; a
      // client that leaves while waiting gives up its place in the queue.
      reply.raw.once('close', () => {
        closed = true;
        if (held) lanes.release(session);
        else waiting.onCancel?.();
      });
      held = await lanes.acquire(session, waiting);
      if (held && closed) {
        lanes.release(session);
        held = false;
      }
      if (!held) {
        if (closed) return reply;
        // Refused without any work, but after a short pause: a client that retries at once would
        // otherwise turn its connections into thousands of refusals a second, which cost the event
        // loop more than they save (measured: bench/fair-use.ts). The pause holds a socket, not a core.
        await new Promise((resolve) => setTimeout(resolve, REFUSAL_PAUSE_MS));
        refuse(1);
      }
      // Yield to the event loop once: on PGlite a request's database work runs without ever giving the
      // loop a turn, so requests queued on other connections would not be seen (nor counted) until
      // this one is done. After this turn they are in flight, and the cap holds the excess back.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    // The session's window first: what it refuses is not counted against the address, or one session
    // past its limit (a script retrying at once, thousands a second) would use up the window of
    // everybody behind the same address, a school's NAT (bench/fair-use.ts, 2026-11-29: the teacher
    // beside such a flood was refused).
    if (session && sessionPerMinute > 0) {
      const bySession = await counters.hit(`rl:s:${session}`);
      if (bySession > sessionPerMinute) refuse(await counters.ttl(`rl:s:${session}`));
    }
    if (ipPerMinute > 0 && (await counters.hit(`rl:ip:${req.ip}`)) > ipPerMinute) refuse(await counters.ttl(`rl:ip:${req.ip}`));
  });
}

/** The tighter per-person limit of routes that declare `config.cost`. Register after registerGuard. */
export function registerCostLimits(app: FastifyInstance, deps: Deps): void {
  const limits = deps.config.rateLimits.cost;
  const counters = counting(deps);
  app.addHook('onRequest', async (req) => {
    const cost = req.routeOptions.config.cost;
    if (!cost || !limits[cost]) return;
    const key = `rl:cost:${cost}:${req.auth ? `a:${req.auth.accountId}` : `ip:${req.ip}`}`;
    if ((await counters.hit(key)) > limits[cost]) refuse(await counters.ttl(key));
  });
}
