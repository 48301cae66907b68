import type { RouteObject } from 'react-router';
import { loadAppTexts } from '../lib/i18n.ts';
import type { RouteEntry, RouteLayout } from './route-entry.ts';

/** Sign-in and registration need only the sign-in texts; every other screen, the app's (lib/i18n.ts). */
const needsAppTexts = (layout: RouteLayout) => layout !== 'auth' && layout !== 'register';

/** A layout's module once the app's texts are there too. */
export const withAppTexts = async <M>(module: Promise<M>): Promise<M> => (await Promise.all([module, loadAppTexts()]))[0];

/** The router's children for registry entries: each loads its screen (and the texts it needs) on first visit. */
export function toRouteObjects(entries: readonly RouteEntry[]): RouteObject[] {
  return entries.map((r) => ({
    path: r.path.slice(1),
    handle: { key: r.key },
    lazy: async () => {
      const [Component] = await Promise.all([r.load(), needsAppTexts(r.layout) ? loadAppTexts() : undefined]);
      return { Component };
    },
  }));
}
