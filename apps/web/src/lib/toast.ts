import type { MessageInstance } from 'antd/es/message/interface';
import { REPEAT_ERROR_SUPPRESS_MS } from '@hxk/contracts/constants';

let api: MessageInstance | null = null;
let last: { text: string; at: number } | null = null;
/**
 * Toasts asked for before the message API is there: it loads with the first toast (app/providers.tsx
 * mounts it once `toastsWanted()`), so a screen that shows none, like the login page, never loads it.
 */
let waiting: ((instance: MessageInstance) => void)[] = [];
let wanted = false;
const wantedListeners = new Set<() => void>();

export function toastsWanted(): boolean {
  return wanted;
}

export function subscribeToastsWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

/** The app registers antd's context-aware message API once it has mounted. */
export function setToastApi(instance: MessageInstance | null): void {
  api = instance;
  if (!instance) return;
  const queued = waiting;
  waiting = [];
  for (const show of queued) show(instance);
}

function show(toast: (instance: MessageInstance) => void): void {
  if (api) return toast(api);
  waiting.push(toast);
  if (wanted) return;
  wanted = true;
  for (const listener of wantedListeners) listener();
}

/** Decides whether an error toast repeats the previous one within the suppression window. */
export function shouldShowError(text: string, now: number, previous: { text: string; at: number } | null): boolean {
  return !(previous && previous.text === text && now - previous.at < REPEAT_ERROR_SUPPRESS_MS);
}

export function toastError(text: string): void {
  const now = Date.now();
  if (!shouldShowError(text, now, last)) return;
  last = { text, at: now };
  show((a) => void a.error(text));
}

export function toastSuccess(text: string): void {
  show((a) => void a.success(text));
}
