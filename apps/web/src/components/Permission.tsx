import type { ReactNode } from 'react';
import { hasPermission } from '../lib/permissions.ts';

/** Hides its children when the stored button permissions lack `need` (the server still enforces it). */
export function Permission({ need, children }: { need: string; children: ReactNode }) {
  return hasPermission(need) ? children : null;
}
