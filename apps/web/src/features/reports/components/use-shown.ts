import { useLocation } from 'react-router';

/** Whether a kept-alive screen is the one showing: its queries run only then, and reload on return. */
export function useShown(path: string): boolean {
  return useLocation().pathname === path;
}
