/**
 * The one WebSocket endpoint (ARCHITECTURE section 6, GET /app/ws): authenticated by the session like
 * every API request (the guard has resolved req.auth and required a school before the upgrade), with
 * an Origin check, since browsers send cookies on cross-site WebSocket handshakes. It forwards what
 * the realtime hub publishes to this person in this school: first { type: 'hello', unread }, then
 * every message. A ping every 30 s keeps proxies from closing an idle socket, drops a peer that stopped
 * answering, and rechecks the session, so logging out or leaving the school also ends the socket.
 */
import type { FastifyRequest } from 'fastify';
import type { TRealtimeMessage } from '@hxk/contracts';
import type { Config } from '../../config.ts';
import type { MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { tokenOf } from '../../platform/guard.ts';
import { sessionStands } from '../../platform/sessions.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { unreadOf } from './notifications.service.ts';

export const PING_MS = 30_000;
const OPEN = 1;
/** Close codes of our own (4000-4999): the session ended, or setting up the subscription failed. */
const CLOSE_SESSION_ENDED = 4401;
const CLOSE_UNAVAILABLE = 1011;

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

export function realtimeSocket(socket: Socket, req: FastifyRequest): void {
  const ctx = req.ctx as MemberCtx;
  const { deps } = ctx;
  const { schoolId, accountId } = ctx.auth;
  const token = tokenOf(req)?.token ?? '';
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
      const unread = await inSchool(ctx, (tx) => unreadOf(tx, accountId));
      send({ type: 'hello', unread });
      ready = true;
      for (const m of early.splice(0)) send(m);
    } catch (err) {
      deps.log.warn({ err }, 'websocket subscription failed');
      socket.close(CLOSE_UNAVAILABLE, 'unavailable');
    }
  })();
}
