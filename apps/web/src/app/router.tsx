import { createBrowserRouter, redirect, type LoaderFunctionArgs, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { hasToken, getSchoolId } from '../lib/auth-state.ts';
import { HOME_ROUTE, PATHS } from '../lib/paths.ts';
import { appPath, decide } from './guard-rules.ts';
import { guard } from './guard.ts';
import { toRouteObjects, withAppTexts } from './route-objects.ts';
import { SIGN_IN_ROUTES } from './sign-in-routes.ts';
import type { RouteLayout } from './route-entry.ts';
import { RootRoute } from './RootRoute.tsx';
import { RootError } from './pages/RootError.tsx';
import { BootLoading } from './pages/BootLoading.tsx';

export const BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');

/** Every navigation passes the guard first (the root loader re-runs on each one). */
function rootLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const decision = guard({ pathname: appPath(url.pathname, BASENAME), search: url.search, hash: '' });
  if (decision.kind === 'login') throw redirect(PATHS.login);
  if (decision.kind === 'redirect') throw redirect(decision.to);
  return null;
}

const signIn = (layout: RouteLayout) => toRouteObjects(SIGN_IN_ROUTES.filter((r) => r.layout === layout));

/**
 * What the router knows from the start: the guard, the sign-in screens and the not-found page. The
 * rest of the registry (routes.tsx) arrives on the first navigation that needs it (below), so the
 * login page pays neither for the shell nor for the route table of every screen (decision 0030).
 */
export const routeObjects: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: rootLoader,
    shouldRevalidate: () => true,
    Component: RootRoute,
    HydrateFallback: BootLoading,
    ErrorBoundary: RootError,
    children: [
      // "/" is the root itself, which the late route table would never be asked for: land from here.
      { index: true, loader: () => redirect(HOME_ROUTE) },
      { path: 'loginWrapt', loader: () => redirect(PATHS.login) },
      // Layouts load with their first screen, so the login page does not pay for the shell.
      { id: 'auth-layout', lazy: () => import('./layouts/AuthLayout.tsx').then((m) => ({ Component: m.AuthLayout })), children: signIn('auth') },
      { id: 'register-layout', lazy: () => import('./layouts/AuthLayout.tsx').then((m) => ({ Component: m.RegisterLayout })), children: signIn('register') },
      { path: '*', lazy: () => withAppTexts(import('./pages/NotFound.tsx')).then((m) => ({ Component: m.NotFound })) },
    ],
  },
];

let patched = false;

/**
 * A path the router does not know yet (it matches only the not-found page) brings in the rest of the
 * registry, once. A path the guard sends to sign-in first does not: the root loader redirects, and a
 * visitor with no session never downloads the table.
 */
const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch, signal }) => {
  if (patched) return;
  const pathname = appPath(new URL(path, window.location.origin).pathname, BASENAME);
  if (decide({ pathname, search: '', hash: '' }, { hasToken: hasToken(), schoolId: getSchoolId() }).kind === 'login') return;
  const { appRoutePatches } = await import('./app-routes.tsx');
  // An aborted navigation ignores patch(): the next one patches instead.
  if (patched || signal.aborted) return;
  for (const { parent, children } of appRoutePatches()) patch(parent, children);
  patched = true;
};

export const router = createBrowserRouter(routeObjects, { basename: BASENAME, patchRoutesOnNavigation });
