/**
 * The classroom terminal's connection (issue 14): signs in with the room's device key, then receives
 * who speaks and their audio. Reconnects by itself after a lost connection (1, 2, 5, then every 10 s);
 * a refused key stops it (the page asks for the key again).
 */
import { SHOUT_TERMINAL_PATH, type TShoutServerMessage } from '@hxk/contracts/shouting';

export type TerminalEvents = {
  onReady(room: { classroomName: string; buildingName: string }): void;
  onSpeaking(name: string | null): void;
  onAudio(frame: ArrayBuffer): void;
  /** The key was refused, rotated or revoked: no retry. */
  onKeyRefused(message: string): void;
  /** Lost; `retryInMs` until the next attempt. */
  onLost(retryInMs: number): void;
};

const RETRY_MS = [1_000, 2_000, 5_000, 10_000];
const KEY_CLOSE = 4401;

export const terminalSocketUrl = (origin: string, lang: string) => {
  const u = new URL(SHOUT_TERMINAL_PATH, origin);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.searchParams.set('lang', lang);
  return u.toString();
};

export function connectTerminal(key: string, lang: string, events: TerminalEvents): () => void {
  let stopped = false;
  let attempt = 0;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let refusedMessage: string | null = null;

  const connect = () => {
    timer = null;
    if (stopped) return;
    const ws = new WebSocket(terminalSocketUrl(window.location.origin, lang));
    ws.binaryType = 'arraybuffer';
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', key }));
    ws.onmessage = (ev: MessageEvent<unknown>) => {
      if (ev.data instanceof ArrayBuffer) return events.onAudio(ev.data);
      if (typeof ev.data !== 'string') return;
      let m: TShoutServerMessage;
      try {
        m = JSON.parse(ev.data) as TShoutServerMessage;
      } catch {
        return;
      }
      if (m.type === 'ready') {
        attempt = 0;
        events.onReady({ classroomName: m.classroomName, buildingName: m.buildingName });
      } else if (m.type === 'speaking') events.onSpeaking(m.speakerName);
      else if (m.type === 'ended') events.onSpeaking(null);
      else if (m.type === 'error') refusedMessage = m.message;
    };
    ws.onclose = (ev) => {
      socket = null;
      if (stopped) return;
      events.onSpeaking(null);
      if (ev.code === KEY_CLOSE) {
        stopped = true;
        events.onKeyRefused(refusedMessage ?? '');
        return;
      }
      const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!;
      attempt++;
      events.onLost(wait);
      timer = setTimeout(connect, wait);
    };
  };
  connect();

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    socket?.close(1000, 'left');
    socket = null;
  };
}
