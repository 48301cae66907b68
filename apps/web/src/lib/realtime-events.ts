import { useEffect, useEffectEvent } from 'react';
import type { TRealtimeMessage } from '@hxk/contracts/realtime';

/**
 * The app's realtime events: the messages of the one WebSocket (held by the header's notification
 * bell, features/notifications), handed to whichever screens listen — the patrol detail's live
 * analysis, the warning toasts. A screen that is not open does not listen.
 */
type Listener = (m: TRealtimeMessage) => void;
const listeners = new Set<Listener>();

export function emitRealtime(m: TRealtimeMessage): void {
  for (const l of [...listeners]) l(m);
}

export function onRealtime(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Calls `handler` with every realtime message while the component is mounted. */
export function useRealtime(handler: Listener): void {
  const handle = useEffectEvent(handler);
  useEffect(() => onRealtime((m) => handle(m)), []);
}
