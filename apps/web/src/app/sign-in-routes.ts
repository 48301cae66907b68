import { PATHS } from '../lib/paths.ts';
import { lazy, type RouteEntry } from './route-entry.ts';

/**
 * The screens a person reaches before signing in, known to the router from the start (router.tsx).
 * Every other screen is in routes.tsx, which the router fetches on the first navigation past these
 * (decision 0030): the login page downloads none of the app's route table, however many screens it has.
 */
export const SIGN_IN_ROUTES: RouteEntry[] = [
  { key: 'login', path: PATHS.login, layout: 'auth', access: 'optional', load: lazy(() => import('../features/auth/pages/LoginPage.tsx'), (m) => m.LoginPage) },
  { key: 'qrlogin', path: PATHS.qrLogin, layout: 'auth', access: 'optional', load: lazy(() => import('../features/auth/pages/QrLoginPage.tsx'), (m) => m.QrLoginPage) },
  { key: 'register', path: PATHS.register, layout: 'register', access: 'optional', load: lazy(() => import('../features/auth/pages/RegisterPage.tsx'), (m) => m.RegisterPage) },
  { key: 'qrRegister', path: PATHS.qrRegister, layout: 'register', access: 'optional', load: lazy(() => import('../features/auth/pages/QrRegisterPage.tsx'), (m) => m.QrRegisterPage) },
];
