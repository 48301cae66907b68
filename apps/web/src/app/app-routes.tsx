import { redirect, type RouteObject } from 'react-router';
import { HOME_ROUTE, routesOf, type RouteLayout } from './routes.tsx';
import { toRouteObjects, withAppTexts } from './route-objects.ts';
import { SIGN_IN_ROUTES } from './sign-in-routes.ts';

/** Registry entries of a layout that the router does not know from the start (router.tsx). */
const rest = (layout: RouteLayout) => toRouteObjects(routesOf(layout).filter((r) => !SIGN_IN_ROUTES.includes(r)));

/**
 * Every screen past sign-in, patched into the router on the first navigation that needs one
 * (router.tsx, patchRoutesOnNavigation): route ids are those of router.tsx's layouts, or `root`.
 */
export function appRoutePatches(): { parent: string; children: RouteObject[] }[] {
  return [
    { parent: 'auth-layout', children: rest('auth') },
    { parent: 'register-layout', children: rest('register') },
    {
      parent: 'root',
      children: [
        {
          id: 'account-layout',
          lazy: () => withAppTexts(import('./layouts/AccountLayout.tsx')).then((m) => ({ Component: m.AccountLayout })),
          children: rest('account'),
        },
        {
          id: 'shell-layout',
          lazy: () => withAppTexts(import('./layouts/ShellLayout.tsx')).then((m) => ({ Component: m.ShellLayout })),
          children: [{ index: true, loader: () => redirect(HOME_ROUTE) }, ...rest('shell')],
        },
      ],
    },
  ];
}
