/**
 * The live commentary's WebSocket (spec section 7: init `{ liveId, type: 101 }`, then streamed
 * choices). Opened with the session cookie like the platform socket (Origin checked before the
 * upgrade, the session rechecked at every 30 s ping); the assistant's own socket, since the platform
 * socket only pushes (decision 0015). One commentary at a time: another init replaces the one under
 * way (its upstream request ends at once), and inits closer than LIVE_COMMENTARY_MIN_SECONDS are refused.
 */
import { LIVE_COMMENTARY_MIN_SECONDS, ZLiveCommentaryInit, type ErrorKey, type TLiveCommentaryMessage } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import { AppError, localizeError } from '../../platform/errors.ts';
import { PING_MS } from '../../platform/realtime-socket.ts';
import { sessionStands } from '../../platform/sessions.ts';
import { liveCommentary } from './live-commentary.ts';

const OPEN = 1;
const CLOSE_SESSION_ENDED = 4401;

/** What we use of a `ws` socket. */
export type CommentarySocket = {
  readyState: number;
  send(data: string): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'close' | 'pong' | 'error', listener: () => void): unknown;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): unknown;
};

export function liveCommentarySocket(socket: CommentarySocket, ctx: MemberCtx, token: string): void {
  const { deps } = ctx;
  let current: AbortController | null = null;
  let lastInit = 0;
  let alive = true;
  const send = (m: TLiveCommentaryMessage) => {
    if (socket.readyState === OPEN) socket.send(JSON.stringify(m));
  };
  const refuse = (err: unknown, liveId?: string) => {
    const key: ErrorKey = err instanceof AppError ? err.key : 'common.unknown';
    if (!(err instanceof AppError)) deps.log.warn({ err }, 'live commentary socket failed');
    send({ type: 'error', key, message: localizeError(key, ctx.lang, err instanceof AppError ? err.params : {}), ...(liveId ? { liveId } : {}) });
  };

  const timer = setInterval(() => {
    if (!alive) return socket.terminate();
    alive = false;
    socket.ping();
    sessionStands(deps, token, ctx.auth.schoolId, ctx.auth.accountId).then(
      (stands) => { if (!stands) socket.close(CLOSE_SESSION_ENDED, 'session ended'); },
      (err: unknown) => deps.log.warn({ err }, 'live commentary session check failed'),
    );
  }, PING_MS);
  socket.on('pong', () => { alive = true; });
  socket.on('close', () => {
    clearInterval(timer);
    current?.abort();
    current = null;
  });

  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    let init: { liveId: string };
    try {
      init = ZLiveCommentaryInit.parse(JSON.parse(data.toString('utf8')));
    } catch {
      refuse(new AppError('common.validation', { detail: '{ liveId, type: 101 }' }));
      return;
    }
    const now = Date.now();
    const wait = LIVE_COMMENTARY_MIN_SECONDS * 1000 - (now - lastInit);
    if (wait > 0) {
      refuse(new AppError('common.rateLimited', { seconds: Math.ceil(wait / 1000) }), init.liveId);
      return;
    }
    lastInit = now;
    current?.abort();
    const ctrl = new AbortController();
    current = ctrl;
    void (async () => {
      try {
        for await (const chunk of liveCommentary(ctx, init.liveId, ctrl.signal)) {
          if (ctrl.signal.aborted) break;
          send(chunk);
        }
      } catch (err) {
        if (!ctrl.signal.aborted) refuse(err, init.liveId);
      } finally {
        if (current === ctrl) current = null;
      }
    })();
  });
}
