import type { MessageInstance } from 'antd/es/message/interface';
import { REPEAT_ERROR_SUPPRESS_MS } from '@hxk/contracts/constants';

let api: MessageInstance | null = null;
let last: { text: string; at: number } | null = null;

/** The app registers antd's context-aware message API once it has mounted. */
export function setToastApi(instance: MessageInstance | null): void {
  api = instance;
}

/** Decides whether an error toast repeats the previous one within the suppression window. */
export function shouldShowError(text: string, now: number, previous: { text: string; at: number } | null): boolean {
  return !(previous && previous.text === text && now - previous.at < REPEAT_ERROR_SUPPRESS_MS);
}

export function toastError(text: string): void {
  const now = Date.now();
  if (!shouldShowError(text, now, last)) return;
  last = { text, at: now };
  void api?.error(text);
}

export function toastSuccess(text: string): void {
  void api?.success(text);
}
