import { useLocation } from 'react-router';

/**
 * Whether a kept-alive screen is the one showing. Its queries are enabled only then: hidden, they
 * neither poll nor refetch on every save elsewhere, and what went stale meanwhile reloads on return.
 */
export function useShown(path: string): boolean {
  return useLocation().pathname === path;
}
