import { useEffect, useState } from 'react';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { INHERIT_HIGHLIGHT, type RouteEntry } from '../routes.tsx';

const stored = (): string | undefined => localStorage.getItem(LOCAL_KEYS.breadcrumb) ?? undefined;

/**
 * The left-menu key to highlight; a route marked INHERIT_HIGHLIGHT keeps the previous route's. The last
 * highlighted key is the stored breadcrumb (spec section 3), so a detail screen reloaded or opened in a
 * new tab keeps the list it came from highlighted.
 */
export function useHighlight(route: RouteEntry | undefined): string | undefined {
  const [last, setLast] = useState<string | undefined>(stored);
  const own = route?.highlight === INHERIT_HIGHLIGHT ? undefined : (route?.highlight ?? route?.key);
  // Adjusting state while rendering (React's documented pattern) rather than in an effect.
  if (own !== undefined && own !== last) setLast(own);
  useEffect(() => {
    if (own !== undefined) localStorage.setItem(LOCAL_KEYS.breadcrumb, own);
  }, [own]);
  return own ?? last;
}
