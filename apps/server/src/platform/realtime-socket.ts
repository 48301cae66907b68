/**
 * The one WebSocket endpoint (ARCHITECTURE section 6, GET /app/ws): authenticated by the session like
 * every API request (the guard has resolved req.auth and required a school before the upgrade), with
 * an Origin check, since browsers send cookies on cross-site WebSocket handshakes. It forwards what
 * the realtime hub publishes to this person and to this school: first { type: 'hello', ... }, then
 * every message. A ping every 30 s keeps proxies from closing an idle socket, drops a peer that stopped
 * answering, and rechecks the session, so logging out or leaving the school also ends the socket.
 *
 * What the hello says comes from the app's composition (app.ts passes `greeting`), so the platform
 * imports no module: today the notifications module supplies the unread count.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZRealtimeGreeting, type TRealtimeGreeting, type TRealtimeMessage } from '@hxk/contracts';
import type { Config } from '../config.ts';
import type { MemberCtx } from './context.ts';
import { ok, okSchema } from './envelope.ts';
import { AppError } from './errors.ts';
import { tokenOf } from './guard.ts';
import { memberCtx } from './route-context.ts';
import { sessionStands } from './sessions.ts';

export const PING_MS = 30_000;
const OPEN = 1;
/** Close codes of our own (4000-4999): the session ended, or setting up the subscription failed. */
const CLOSE_SESSION_ENDED = 4401;
const CLOSE_UNAVAILABLE = 1011;

/** What the hello carries for this person in this school (and a plain GET answers). */
export type Greeting = (ctx: MemberCtx) => Promise<TRealtimeGreeting>;
export type RealtimeSocketOptions = { greeting: Greeting };

/** What we use of a `ws` socket. */
export type Socket = {
  readyState: number;
  send(data: string): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'close' | 'pong' | 'message' | 'error', listener: (...args: unknown[]) => void): unknown;
};

/**
 * A browser always sends Origin on a WebSocket handshake: it must be this host's, or the configured
 * public origin. Only a bearer-token client (not a browser) may leave it out.
 */
export function assertOrigin(req: FastifyRequest, config: Config): void {
  const origin = req.headers.origin;
  if (!origin) {
    if (tokenOf(req)?.via === 'bearer') return;
    throw new AppError('auth.csrf');
  }
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new AppError('auth.csrf');
  }
  if (host && (host === req.headers.host || host === req.host)) return;
  if (config.publicOrigin && origin.replace(/\/$/, '') === config.publicOrigin.replace(/\/$/, '')) return;
  throw new AppError('auth.csrf');
}

/** Serves one socket: the session token it was opened with is rechecked at every ping. */
export function realtimeSocket(socket: Socket, ctx: MemberCtx, token: string, greeting: Greeting): void {
  const { deps } = ctx;
  const { schoolId, accountId } = ctx.auth;
  let open = true;
  let ready = false;
  let alive = true;
  let stop: (() => void) | null = null;
  const early: TRealtimeMessage[] = [];
  const send = (m: TRealtimeMessage) => {
    if (socket.readyState === OPEN) socket.send(JSON.stringify(m));
  };

  const timer = setInterval(() => {
    if (!alive) {
      socket.terminate();
      return;
    }
    alive = false;
    socket.ping();
    sessionStands(deps, token, schoolId, accountId).then(
      (stands) => { if (!stands) socket.close(CLOSE_SESSION_ENDED, 'session ended'); },
      (err: unknown) => deps.log.warn({ err }, 'websocket session check failed'),
    );
  }, PING_MS);
  socket.on('pong', () => { alive = true; });
  // The client has nothing to say on this socket; what it sends is ignored.
  socket.on('message', () => undefined);
  socket.on('close', () => {
    open = false;
    clearInterval(timer);
    stop?.();
    stop = null;
  });

  void (async () => {
    try {
      // Messages published while the hello is being prepared wait for it, so the hello always comes first.
      const unsubscribe = await deps.realtime.subscribe(schoolId, accountId, (m) => (ready ? send(m) : early.push(m)));
      if (!open) {
        unsubscribe();
        return;
      }
      stop = unsubscribe;
      send({ type: 'hello', ...(await greeting(ctx)) });
      ready = true;
      for (const m of early.splice(0)) send(m);
    } catch (err) {
      deps.log.warn({ err }, 'websocket subscription failed');
      socket.close(CLOSE_UNAVAILABLE, 'unavailable');
    }
  })();
}

/** GET /app/ws, registered once by app.ts (wsHandler, so the route stays documented and guarded). */
export const realtimeSocketRoutes: FastifyPluginAsyncZod<RealtimeSocketOptions> = async (app, { greeting }) => {
  app.route({
    method: 'GET',
    url: '/app/ws',
    config: { permission: 'member' },
    schema: {
      tags: ['realtime'],
      summary: 'WebSocket of live messages (upgrade with the session cookie): { type: "hello", unread }, then the messages of the catalogue (e.g. { type: "notification", notification, unread }). A plain GET answers my unread count.',
      response: okSchema(ZRealtimeGreeting),
    },
    // The guard has authenticated the handshake and required a school; the Origin is checked before the upgrade.
    onRequest: async (req) => {
      if (req.ws) assertOrigin(req, req.ctx.deps.config);
    },
    handler: async (req) => ok(await greeting(memberCtx(req))),
    wsHandler: (socket: Socket, req) => realtimeSocket(socket, memberCtx(req), tokenOf(req)?.token ?? '', greeting),
  });
};
