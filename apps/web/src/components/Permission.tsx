import { useSyncExternalStore, type ReactNode } from 'react';
import { hasPermission, subscribePermissions } from '../lib/permissions.ts';

/** Renders its children only when the stored button permissions hold `code` (the server still enforces it). */
export function Permission({ code, children }: { code: string; children: ReactNode }) {
  const allowed = useSyncExternalStore(subscribePermissions, () => hasPermission(code));
  return allowed ? children : null;
}
