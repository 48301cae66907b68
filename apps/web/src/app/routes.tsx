import type { ComponentType, ReactNode } from 'react';
import { AuditOutlined, UserOutlined } from '@ant-design/icons';
import { CHUNK_LOAD_TIMEOUT_MS } from '@hxk/contracts/constants';
import type { TPermission } from '@hxk/contracts/permissions';
import { HOME_ROUTE, PATHS } from '../lib/paths.ts';

export { HOME_ROUTE };

/**
 * Who may open a route. The guard (guard-rules.ts) enforces the spec's lists; a permission key also
 * needs that key among the user's permissions (the server enforces it again on every call).
 */
export type RouteAccess = 'open' | 'optional' | 'token' | TPermission;
/** Which frame a screen sits in. */
export type RouteLayout = 'auth' | 'register' | 'account' | 'shell';

export type RouteEntry = {
  key: string;
  path: string;
  layout: RouteLayout;
  access: RouteAccess;
  load: () => Promise<ComponentType>;
  /** Left-menu item highlighted while this route shows. */
  highlight?: string;
  keepAlive?: boolean;
  /** Shown in the left menu, titled by the i18n key `menu.<key>`. */
  menu?: { icon: ReactNode };
};

/** A chunk that has not arrived after 120 s is a load error (spec section 8). */
function withTimeout<T>(load: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

const lazy = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) => () => withTimeout(load()).then(pick);

/** The one registry of screens: route key → component, access, highlight, keep-alive, menu. */
export const ROUTES: RouteEntry[] = [
  { key: 'login', path: PATHS.login, layout: 'auth', access: 'optional', load: lazy(() => import('../features/auth/pages/LoginPage.tsx'), (m) => m.LoginPage) },
  { key: 'qrlogin', path: PATHS.qrLogin, layout: 'auth', access: 'optional', load: lazy(() => import('../features/auth/pages/QrLoginPage.tsx'), (m) => m.QrLoginPage) },
  { key: 'register', path: PATHS.register, layout: 'register', access: 'optional', load: lazy(() => import('../features/auth/pages/RegisterPage.tsx'), (m) => m.RegisterPage) },
  { key: 'qrRegister', path: PATHS.qrRegister, layout: 'register', access: 'optional', load: lazy(() => import('../features/auth/pages/QrRegisterPage.tsx'), (m) => m.QrRegisterPage) },
  { key: 'awaitPage', path: PATHS.awaitPage, layout: 'account', access: 'optional', load: lazy(() => import('../features/schools/pages/AwaitPage.tsx'), (m) => m.AwaitPage) },
  { key: 'userInfo', path: PATHS.userInfo, layout: 'account', access: 'token', load: lazy(() => import('../features/schools/pages/ChooseSchoolPage.tsx'), (m) => m.ChooseSchoolPage) },
  { key: 'qrConfirm', path: PATHS.qrConfirm, layout: 'account', access: 'token', load: lazy(() => import('../features/auth/pages/QrConfirmPage.tsx'), (m) => m.QrConfirmPage) },
  {
    key: 'MeInfo',
    path: PATHS.meInfo,
    layout: 'shell',
    access: 'token',
    highlight: 'MeInfo',
    load: lazy(() => import('./pages/MeInfoRoute.tsx'), (m) => m.MeInfoRoute),
    menu: { icon: <UserOutlined /> },
  },
  {
    key: 'schoolApplications',
    path: PATHS.schoolApplications,
    layout: 'shell',
    access: 'school:membership:review',
    highlight: 'schoolApplications',
    load: lazy(() => import('../features/schools/pages/SchoolApplicationsPage.tsx'), (m) => m.SchoolApplicationsPage),
    menu: { icon: <AuditOutlined /> },
  },
];

export function routesOf(layout: RouteLayout): RouteEntry[] {
  return ROUTES.filter((r) => r.layout === layout);
}

export function routeByPath(pathname: string): RouteEntry | undefined {
  return ROUTES.find((r) => r.path === pathname);
}

/** Whether a user holding `permissions` may open a route. */
export function canOpen(route: RouteEntry, permissions: readonly string[]): boolean {
  return ['open', 'optional', 'token'].includes(route.access) || permissions.includes(route.access);
}
