import { useSyncExternalStore } from 'react';
import { hasPermission, subscribePermissions } from '../../../lib/permissions.ts';

/** Whether the stored button permissions hold `code` (for controls that are disabled rather than hidden). */
export function useCan(code: string): boolean {
  return useSyncExternalStore(subscribePermissions, () => hasPermission(code));
}
