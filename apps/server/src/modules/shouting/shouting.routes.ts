/**
 * Shouting (issue 14): HTTP routes for terminal keys, room status and the broadcast log, and two
 * WebSockets of this module's own (decision 0015 keeps the platform socket for JSON messages; audio
 * frames are binary and 50 a second): the speaker's, opened with the session cookie, and the classroom
 * terminal's, signed in with the room's device key in its first message. Both check the Origin before
 * the upgrade, as the platform socket does, and ping every 30 s to drop dead peers.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  normalizeLanguage, SHOUT_CLOSE, SHOUT_SPEAKER_PATH, SHOUT_TERMINAL_PATH, ZBroadcastListRequest, ZBroadcastPage, ZId, ZIssuedTerminalKey,
  ZShoutRoomParams, ZShoutRoomStatus, ZTerminalHello, ZTerminalKeyStatus, type ErrorKey, type TLanguage, type TShoutServerMessage,
} from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { AppError, localizeError } from '../../platform/errors.ts';
import { tokenOf } from '../../platform/guard.ts';
import { assertOrigin, PING_MS } from '../../platform/realtime-socket.ts';
import { memberCtx } from '../../platform/route-context.ts';
import { sessionStands } from '../../platform/sessions.ts';
import * as svc from './shouting.service.ts';

const tags = ['shouting'];
const P = '/app/shout/v1';
const OPEN = 1;
/** The largest audio frame accepted (the app's WebSocket payload limit is 4 KiB). */
const MAX_FRAME_BYTES = 4096;
/** A terminal must sign in this soon after connecting. */
const TERMINAL_AUTH_MS = 10_000;

/** What we use of a `ws` socket. */
type Socket = {
  readyState: number;
  send(data: string | Buffer): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'close' | 'pong' | 'error', listener: () => void): unknown;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): unknown;
};

const ZSocketQuery = z.object({ lang: z.string().max(8).optional() });

function sendJson(socket: Socket, m: TShoutServerMessage): void {
  if (socket.readyState === OPEN) socket.send(JSON.stringify(m));
}

/** Tells the peer why it is refused (in its language), then closes. */
function refuse(socket: Socket, err: unknown, lang: TLanguage, log: { warn(o: object, m: string): void }): void {
  const key: ErrorKey = err instanceof AppError ? err.key : 'common.unknown';
  if (!(err instanceof AppError)) log.warn({ err }, 'shouting socket failed');
  sendJson(socket, { type: 'error', key, message: localizeError(key, lang, err instanceof AppError ? err.params : {}) });
  const code = key === 'shouting.busy' ? SHOUT_CLOSE.busy : key === 'shouting.terminalKeyInvalid' ? SHOUT_CLOSE.keyInvalid : SHOUT_CLOSE.refused;
  socket.close(code, key);
}

/** Pings every 30 s; a peer that did not answer the last ping is dropped. `check` may close the socket too. */
function keepAlive(socket: Socket, check?: () => void): () => void {
  let alive = true;
  socket.on('pong', () => { alive = true; });
  const timer = setInterval(() => {
    if (!alive) return socket.terminate();
    alive = false;
    socket.ping();
    check?.();
  }, PING_MS);
  return () => clearInterval(timer);
}

/** The speaker's socket: the room's floor, then audio frames relayed to the room until it closes. */
function speakerSocket(socket: Socket, ctx: MemberCtx, classroomId: string, token: string, lang: TLanguage): void {
  const { deps } = ctx;
  let closed = false;
  let broadcast: svc.Broadcast | null = null;
  let stopWatching: (() => void) | null = null;
  const stopPing = keepAlive(socket, () => {
    sessionStands(deps, token, ctx.auth.schoolId, ctx.auth.accountId).then(
      (stands) => { if (!stands) socket.close(SHOUT_CLOSE.refused, 'session ended'); },
      (err: unknown) => deps.log.warn({ err }, 'shouting session check failed'),
    );
  });
  socket.on('message', (data, isBinary) => {
    // Audio only once the floor is ours; text from the speaker is not expected.
    if (!broadcast || !isBinary) return;
    if (data.length === 0 || data.length > MAX_FRAME_BYTES || data.length % 2) return;
    broadcast.send(data);
  });
  socket.on('close', () => {
    closed = true;
    stopPing();
    stopWatching?.();
    if (broadcast) broadcast.end().catch((err: unknown) => deps.log.warn({ err }, 'ending a broadcast failed'));
  });
  svc.startBroadcast(ctx, classroomId, randomUUID()).then(
    (b) => {
      if (closed) {
        void b.end().catch((err: unknown) => deps.log.warn({ err }, 'ending a broadcast failed'));
        return;
      }
      broadcast = b;
      b.onLost(() => refuse(socket, new AppError('shouting.busy'), lang, deps.log));
      if (b.delivery === 'terminal') stopWatching = svc.shoutState(deps).terminals.watch(b.ref, (count) => sendJson(socket, { type: 'terminals', count }));
      return b.listeners().then((terminals) => sendJson(socket, { type: 'ready', classroomName: b.room.classroomName, buildingName: b.room.buildingName, terminals, delivery: b.delivery }));
    },
  ).catch((err: unknown) => refuse(socket, err, lang, deps.log));
}

/** A classroom terminal's socket: the key first, then what is said into its room. */
function terminalSocket(socket: Socket, deps: MemberCtx['deps'], lang: TLanguage): void {
  let leave: (() => void) | null = null;
  let state: 'waiting' | 'checking' | 'in' | 'closed' = 'waiting';
  const stopPing = keepAlive(socket);
  const timeout = setTimeout(() => { if (state === 'waiting') refuse(socket, new AppError('shouting.terminalKeyInvalid'), lang, deps.log); }, TERMINAL_AUTH_MS);
  socket.on('close', () => {
    state = 'closed';
    clearTimeout(timeout);
    stopPing();
    leave?.();
  });
  socket.on('message', (data, isBinary) => {
    if (state !== 'waiting' || isBinary) return;
    state = 'checking';
    let hello: z.infer<typeof ZTerminalHello>;
    try {
      hello = ZTerminalHello.parse(JSON.parse(data.toString('utf8')));
    } catch {
      refuse(socket, new AppError('shouting.terminalKeyInvalid'), lang, deps.log);
      return;
    }
    svc.terminalSignIn(deps, hello.key).then(
      async ({ ref, keyId, room }) => {
        if (state === 'closed') return;
        state = 'in';
        const hub = svc.shoutState(deps).terminals;
        // Ready first, so that a broadcast under way ("speaking") and its audio come after it.
        const others = await hub.listeners(ref);
        sendJson(socket, { type: 'ready', classroomName: room.classroomName, buildingName: room.buildingName, terminals: others + 1 });
        const left = await hub.join(ref, {
          keyId,
          sendJson: (m) => sendJson(socket, m),
          sendAudio: (frame) => { if (socket.readyState === OPEN) socket.send(frame); },
          drop: (code, reason) => socket.close(code, reason),
        });
        // The socket may have closed while joining (state is changed by the close listener).
        if ((state as typeof state | 'closed') === 'closed') left();
        else leave = left;
      },
    ).catch((err: unknown) => refuse(socket, err, lang, deps.log));
  });
}

const socketLang = (query: { lang?: string | undefined }, fallback: TLanguage): TLanguage => (query.lang ? normalizeLanguage(query.lang) : fallback);

export const shoutingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onClose', async () => svc.closeShoutState(app.deps));
  app.get(`${P}/room`, {
    config: { permission: 'SCADA' },
    schema: { tags, summary: 'Whether I may speak into a room now: its terminals online and who speaks (refused outside my patrol scope)', querystring: ZShoutRoomParams, response: okSchema(ZShoutRoomStatus) },
  }, async (req) => ok(await svc.roomStatus(memberCtx(req), req.query.classroomId)));

  app.route({
    method: 'GET',
    url: SHOUT_SPEAKER_PATH,
    config: { permission: 'SCADA' },
    schema: {
      tags,
      summary: 'WebSocket of a speaker (upgrade with the session cookie): { type: "ready" } once the room is mine, then binary 20 ms frames of 16 kHz mono s16le PCM relayed to the room; { type: "error", key: "shouting.busy" } when someone else speaks. A plain GET answers the room status.',
      querystring: ZSocketQuery.extend({ classroomId: ZId }),
      response: okSchema(ZShoutRoomStatus),
    },
    onRequest: async (req) => {
      if (req.ws) assertOrigin(req, req.ctx.deps.config);
    },
    handler: async (req) => ok(await svc.roomStatus(memberCtx(req), req.query.classroomId)),
    wsHandler: (socket: Socket, req) => {
      const ctx = memberCtx(req);
      speakerSocket(socket, ctx, req.query.classroomId, tokenOf(req)?.token ?? '', socketLang(req.query, ctx.lang));
    },
  });

  app.route({
    method: 'GET',
    url: SHOUT_TERMINAL_PATH,
    config: { permission: 'public' },
    schema: {
      tags,
      summary: 'WebSocket of a classroom terminal: send { type: "auth", key } first; then { type: "ready", classroomName }, { type: "speaking", speakerName }, binary audio frames, { type: "ended" }. A plain GET is refused.',
      querystring: ZSocketQuery,
    },
    onRequest: async (req) => {
      if (req.ws) assertOrigin(req, req.ctx.deps.config);
    },
    handler: async () => {
      throw new AppError('common.notFound');
    },
    wsHandler: (socket: Socket, req) => terminalSocket(socket, req.ctx.deps, socketLang(req.query, req.ctx.lang)),
  });

  app.get(`${P}/terminal-key`, {
    config: { permission: 'transcribeManagement' },
    schema: { tags, summary: "A room's classroom-terminal key: whether issued, when, by whom, last used, terminals online (never the key)", querystring: ZShoutRoomParams, response: okSchema(ZTerminalKeyStatus) },
  }, async (req) => ok(await svc.terminalKeyStatus(memberCtx(req), req.query.classroomId)));

  app.post(`${P}/terminal-key/issue`, {
    config: { permission: 'device:edit' },
    schema: { tags, summary: "Issues (or rotates) a room's classroom-terminal key: shown once; terminals signed in with the previous key are disconnected", body: ZShoutRoomParams, response: okSchema(ZIssuedTerminalKey) },
  }, async (req) => ok(await svc.issueTerminalKey(memberCtx(req), req.body.classroomId)));

  app.post(`${P}/terminal-key/revoke`, {
    config: { permission: 'device:edit' },
    schema: { tags, summary: "Revokes a room's classroom-terminal key and disconnects its terminals", body: ZShoutRoomParams, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.revokeTerminalKey(memberCtx(req), req.body.classroomId);
    return ok(null);
  });

  app.get(`${P}/broadcasts`, {
    config: { permission: 'transcribeManagement' },
    schema: { tags, summary: 'The broadcast log, newest first: who spoke into which room, when and how long', querystring: ZBroadcastListRequest, response: okSchema(ZBroadcastPage) },
  }, async (req) => ok(await svc.listBroadcasts(memberCtx(req), req.query)));
};
