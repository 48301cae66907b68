import { useState } from 'react';
import { INHERIT_HIGHLIGHT, type RouteEntry } from '../routes.tsx';

/** The left-menu key to highlight; a route marked INHERIT_HIGHLIGHT keeps the previous route's. */
export function useHighlight(route: RouteEntry | undefined): string | undefined {
  const [last, setLast] = useState<string | undefined>(undefined);
  const own = route?.highlight === INHERIT_HIGHLIGHT ? undefined : (route?.highlight ?? route?.key);
  // Adjusting state while rendering (React's documented pattern) rather than in an effect.
  if (own !== undefined && own !== last) setLast(own);
  return own ?? last;
}
