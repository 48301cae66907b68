import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@hxk/contracts/constants';

/**
 * Who may open a route. The guard (guard-rules.ts) enforces the spec's lists; a menu key (menus.ts in
 * the contracts) also needs that key among the user's permissions (the server enforces it again on
 * every call).
 */
export type RouteAccess = 'open' | 'optional' | 'token' | (string & {});
/** Which frame a screen sits in. */
export type RouteLayout = 'auth' | 'register' | 'account' | 'shell';

export type RouteEntry = {
  key: string;
  path: string;
  layout: RouteLayout;
  access: RouteAccess;
  load: () => Promise<ComponentType>;
  /** Left-menu item highlighted while this route shows (its own key when absent). */
  highlight?: string;
  keepAlive?: boolean;
};

/** A chunk that has not arrived after 120 s is a load error (spec section 8). */
function withTimeout<T>(load: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

/** A route's component, loaded on first visit. */
export const lazy = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) => () => withTimeout(load()).then(pick);
