import { useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { routeByPath } from '../routes.tsx';

/** How many kept-alive screens stay mounted; the least recently shown one goes first. */
export const KEEP_ALIVE_MAX = 10;

type Cached = { key: string; element: ReactNode };

/**
 * The shell's outlet. Screens whose route is marked keepAlive stay mounted (hidden) after the person
 * leaves them, so their filters, page and search text are still there on return. `scope` names the
 * session: a new person or school starts with an empty cache. `replacement` (the no-permission view)
 * shows instead of the current screen without dropping the others.
 */
export function KeepAliveOutlet({ scope, replacement }: { scope: string; replacement?: ReactNode }) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const route = routeByPath(pathname);
  const liveKey = route?.keepAlive && !replacement ? route.key : undefined;
  const [state, setState] = useState<{ scope: string; cached: Cached[] }>({ scope, cached: [] });

  // Adjusting state while rendering (React's documented pattern), as in highlight.ts.
  let cached = state.cached;
  if (state.scope !== scope) {
    cached = [];
    setState({ scope, cached });
  } else if (liveKey && cached[0]?.key !== liveKey) {
    cached = [{ key: liveKey, element: outlet }, ...cached.filter((c) => c.key !== liveKey)].slice(0, KEEP_ALIVE_MAX);
    setState({ scope, cached });
  }

  return (
    <>
      {cached.map((c) => (
        <div key={c.key} data-keep-alive={c.key} style={c.key === liveKey ? undefined : { display: 'none' }}>
          {c.key === liveKey ? outlet : c.element}
        </div>
      ))}
      {!liveKey && <div key={`live:${pathname}`}>{replacement ?? outlet}</div>}
    </>
  );
}
