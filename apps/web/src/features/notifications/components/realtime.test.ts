import { describe, expect, it } from 'vitest';
import { backoffDelay, keepConnected, parseMessage, realtimeUrl, subjectKey } from './realtime.ts';

type Fake = { url: string; closed: boolean; onmessage: ((ev: { data: unknown }) => void) | null; onclose: (() => void) | null; close(): void };

function harness(signedIn = { value: true }) {
  const sockets: Fake[] = [];
  const timers: { fn: () => void; ms: number; cancelled: boolean }[] = [];
  const messages: unknown[] = [];
  const stop = keepConnected({
    url: 'ws://h/app/ws',
    onMessage: (m) => messages.push(m),
    shouldReconnect: () => signedIn.value,
    open: (url) => {
      const s: Fake = { url, closed: false, onmessage: null, onclose: null, close: () => (s.closed = true) };
      sockets.push(s);
      return s;
    },
    schedule: (fn, ms) => {
      const timer = { fn, ms, cancelled: false };
      timers.push(timer);
      return () => (timer.cancelled = true);
    },
  });
  return { sockets, timers, messages, stop };
}

describe('realtime socket', () => {
  it('builds the same-origin ws address', () => {
    expect(realtimeUrl('http://127.0.0.1:3000')).toBe('ws://127.0.0.1:3000/app/ws');
    expect(realtimeUrl('https://hxk.example.edu')).toBe('wss://hxk.example.edu/app/ws');
  });

  it('names the queries a notification makes stale', () => {
    expect(subjectKey('invitation.agreed')).toBe('invitations');
    expect(subjectKey('evaluation.received')).toBe('evaluations');
    expect(subjectKey('appeal.resolved')).toBe('appeals');
  });

  it('backs off from 1 s doubling up to 30 s', () => {
    const none = () => 0;
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => backoffDelay(n, none))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(backoffDelay(0, () => 1)).toBe(700);
  });

  it('keeps only well-formed messages', () => {
    expect(parseMessage('{"type":"hello","unread":3}')).toEqual({ type: 'hello', unread: 3 });
    expect(parseMessage('{"type":"notification","unread":1,"notification":{"notificationId":"1"}}')).toMatchObject({ type: 'notification', unread: 1 });
    expect(parseMessage('{"type":"other","unread":1}')).toBeNull();
    expect(parseMessage('{"type":"hello"}')).toBeNull();
    // Live analysis messages carry no unread count.
    expect(parseMessage('{"type":"analysis.live","live":{"analysisId":"1"}}')).toMatchObject({ type: 'analysis.live' });
    expect(parseMessage('{"type":"warning.raised","warning":{"id":"2"}}')).toMatchObject({ type: 'warning.raised' });
    expect(parseMessage('{"type":"analysis.live"}')).toBeNull();
    expect(parseMessage('not json')).toBeNull();
    expect(parseMessage(42)).toBeNull();
  });

  it('delivers messages and reconnects with growing waits, reset by hello', () => {
    const h = harness();
    expect(h.sockets).toHaveLength(1);
    h.sockets[0]!.onmessage?.({ data: '{"type":"hello","unread":2}' });
    expect(h.messages).toEqual([{ type: 'hello', unread: 2 }]);

    h.sockets[0]!.onclose?.();
    expect(h.timers.map((t) => t.ms > 0 && t.ms <= 1000)).toEqual([true]);
    h.timers[0]!.fn();
    expect(h.sockets).toHaveLength(2);
    h.sockets[1]!.onclose?.();
    expect(h.timers[1]!.ms).toBeGreaterThan(1000);
    h.timers[1]!.fn();
    h.sockets[2]!.onmessage?.({ data: '{"type":"hello","unread":0}' });
    h.sockets[2]!.onclose?.();
    expect(h.timers[2]!.ms).toBeLessThanOrEqual(1000);
    h.stop();
  });

  it('stops for good: no reconnect after stop or once signed out', () => {
    const signedIn = { value: true };
    const h = harness(signedIn);
    h.stop();
    expect(h.sockets[0]!.closed).toBe(true);
    expect(h.timers).toHaveLength(0);

    const g = harness(signedIn);
    signedIn.value = false;
    g.sockets[0]!.onclose?.();
    expect(g.timers).toHaveLength(0);
  });

  it('cancels a pending retry when stopped', () => {
    const h = harness();
    h.sockets[0]!.onclose?.();
    h.stop();
    expect(h.timers[0]!.cancelled).toBe(true);
  });
});
