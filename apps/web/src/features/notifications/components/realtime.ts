import type { TNotificationKind } from '@hxk/contracts/notifications';
import type { TRealtimeMessage } from '@hxk/contracts/realtime';

/** The one WebSocket endpoint, on this origin: the session cookie goes with it. */
export const realtimeUrl = (origin: string) => `${origin.replace(/^http/, 'ws')}/app/ws`;

/** The query-key root of what a notification is about, by the features' naming: 'appeal.new' → 'appeals'. */
export const subjectKey = (kind: TNotificationKind) => `${kind.split('.')[0]}s`;

const BASE_MS = 1000;
const MAX_MS = 30_000;

/** Wait before reconnect attempt `n` (0-based): 1 s doubling to 30 s, with up to 30 % jitter so a restarted server is not hit by everyone at once. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_MS, BASE_MS * 2 ** Math.min(attempt, 10));
  return Math.round(base * (1 - 0.3 * random()));
}

const isObject = (v: unknown) => typeof v === 'object' && v !== null;

/** A message of the catalogue, told apart by its type and the field it carries; anything else is ignored. */
export function parseMessage(raw: unknown): TRealtimeMessage | null {
  if (typeof raw !== 'string') return null;
  try {
    const m = JSON.parse(raw) as { type?: unknown; unread?: unknown; notification?: unknown; live?: unknown; warning?: unknown };
    if (m.type === 'analysis.live') return isObject(m.live) ? (m as TRealtimeMessage) : null;
    if (m.type === 'warning.raised') return isObject(m.warning) ? (m as TRealtimeMessage) : null;
    if (typeof m.unread !== 'number') return null;
    if (m.type === 'hello') return m as TRealtimeMessage;
    if (m.type === 'notification' && isObject(m.notification)) return m as TRealtimeMessage;
    return null;
  } catch {
    return null;
  }
}

type SocketLike = Pick<WebSocket, 'close'> & {
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
};

export type RealtimeOptions = {
  url: string;
  onMessage: (m: TRealtimeMessage) => void;
  /** Whether to keep trying (false once signed out). */
  shouldReconnect: () => boolean;
  open?: (url: string) => SocketLike;
  schedule?: (fn: () => void, ms: number) => () => void;
};

/**
 * Keeps one socket open: reconnects with backoff whenever it closes (server restart, network loss),
 * until stopped or signed out. The backoff resets on the server's hello, not on open, so a socket the
 * server refuses right after the handshake does not reconnect in a tight loop.
 */
export function keepConnected(opts: RealtimeOptions): () => void {
  const open = opts.open ?? ((url: string) => new WebSocket(url) as SocketLike);
  const schedule =
    opts.schedule ??
    ((fn: () => void, ms: number) => {
      const timer = setTimeout(fn, ms);
      return () => clearTimeout(timer);
    });
  let stopped = false;
  let attempt = 0;
  let socket: SocketLike | null = null;
  let cancelRetry: (() => void) | null = null;

  const connect = () => {
    cancelRetry = null;
    if (stopped || !opts.shouldReconnect()) return;
    const s = open(opts.url);
    socket = s;
    s.onmessage = (ev) => {
      const m = parseMessage(ev.data);
      if (!m) return;
      if (m.type === 'hello') attempt = 0;
      opts.onMessage(m);
    };
    s.onclose = () => {
      if (socket !== s) return;
      socket = null;
      if (stopped || !opts.shouldReconnect()) return;
      cancelRetry = schedule(connect, backoffDelay(attempt++));
    };
  };
  connect();

  return () => {
    stopped = true;
    cancelRetry?.();
    const s = socket;
    socket = null;
    if (s) {
      s.onclose = null;
      s.onmessage = null;
      s.close();
    }
  };
}

let warned = false;

/** Spec section 8: a browser without WebSocket support is told so, once. */
export function warnNoSocketOnce(text: string): void {
  if (warned) return;
  warned = true;
  window.alert(text);
}
