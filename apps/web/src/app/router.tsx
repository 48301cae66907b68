import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { loadAppTexts } from '../lib/i18n.ts';
import { PATHS } from '../lib/paths.ts';
import { appPath } from './guard-rules.ts';
import { guard } from './guard.ts';
import { HOME_ROUTE, routesOf, type RouteLayout } from './routes.tsx';
import { RootRoute } from './RootRoute.tsx';
import { RootError } from './pages/RootError.tsx';
import { PageLoading } from '../components/PageLoading.tsx';

/** A layout's module once the app's texts are there too. */
const withAppTexts = async <M,>(module: Promise<M>): Promise<M> => (await Promise.all([module, loadAppTexts()]))[0];

export const BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');

/** Every navigation passes the guard first (the root loader re-runs on each one). */
function rootLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const decision = guard({ pathname: appPath(url.pathname, BASENAME), search: url.search, hash: '' });
  if (decision.kind === 'login') throw redirect(PATHS.login);
  if (decision.kind === 'redirect') throw redirect(decision.to);
  return null;
}

/** Sign-in and registration need only the sign-in texts; every other screen, the app's (lib/i18n.ts). */
const needsAppTexts = (layout: RouteLayout) => layout !== 'auth' && layout !== 'register';

function children(layout: RouteLayout): RouteObject[] {
  return routesOf(layout).map((r) => ({
    path: r.path.slice(1),
    handle: { key: r.key },
    lazy: async () => {
      const [Component] = await Promise.all([r.load(), needsAppTexts(layout) ? loadAppTexts() : undefined]);
      return { Component };
    },
  }));
}

export const routeObjects: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: rootLoader,
    shouldRevalidate: () => true,
    Component: RootRoute,
    HydrateFallback: () => <PageLoading fullscreen />,
    ErrorBoundary: RootError,
    children: [
      { path: 'loginWrapt', loader: () => redirect(PATHS.login) },
      // Layouts load with their first screen, so the login page does not pay for the shell.
      { lazy: () => import('./layouts/AuthLayout.tsx').then((m) => ({ Component: m.AuthLayout })), children: children('auth') },
      { lazy: () => import('./layouts/AuthLayout.tsx').then((m) => ({ Component: m.RegisterLayout })), children: children('register') },
      { lazy: () => withAppTexts(import('./layouts/AccountLayout.tsx')).then((m) => ({ Component: m.AccountLayout })), children: children('account') },
      {
        lazy: () => withAppTexts(import('./layouts/ShellLayout.tsx')).then((m) => ({ Component: m.ShellLayout })),
        children: [{ index: true, loader: () => redirect(HOME_ROUTE) }, ...children('shell')],
      },
      { path: '*', lazy: () => withAppTexts(import('./pages/NotFound.tsx')).then((m) => ({ Component: m.NotFound })) },
    ],
  },
];

export const router = createBrowserRouter(routeObjects, { basename: BASENAME });
