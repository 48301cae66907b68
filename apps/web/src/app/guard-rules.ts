import { PATHS } from '../lib/paths.ts';

/** Open with no checks at all (spec section 2). */
export const OPEN_PATHS: readonly string[] = ['/SSO', '/SSOBS', '/back/liveListDetail', PATHS.terminal];
/** Reachable with or without a token. */
export const TOKEN_OPTIONAL_PATHS: readonly string[] = [
  '/lengthen',
  '/login',
  '/qrlogin',
  '/register',
  '/qrRegister',
  '/activation',
  '/extendAuthorization',
  '/awaitPage',
];
/**
 * Targets remembered across the trip to /login, to go on to after signing in (a student who scans a
 * questionnaire's QR lands back on its form).
 */
export const REMEMBERED_PATHS: readonly string[] = ['/SCADA/ShareDetail', PATHS.qrConfirm, '/EvaluationQuestionnaire'];

export type GuardState = { hasToken: boolean; schoolId: string | null };
export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'login'; remember: string | null }
  | { kind: 'redirect'; to: string };

function normalize(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The navigation guard of spec section 2 as a pure decision. */
export function decide(location: { pathname: string; search: string; hash: string }, state: GuardState): GuardDecision {
  const path = normalize(location.pathname);
  if (OPEN_PATHS.includes(path) || TOKEN_OPTIONAL_PATHS.includes(path)) return { kind: 'allow' };
  if (!state.hasToken) {
    const remember = REMEMBERED_PATHS.includes(path) ? `${path}${location.search}${location.hash}` : null;
    return { kind: 'login', remember };
  }
  if (!state.schoolId && path !== PATHS.userInfo) return { kind: 'redirect', to: PATHS.userInfo };
  return { kind: 'allow' };
}

/** Strips the router base (/hxk) from a browser path. */
export function appPath(pathname: string, basename: string): string {
  const base = basename.replace(/\/$/, '');
  if (base && (pathname === base || pathname.startsWith(`${base}/`))) return pathname.slice(base.length) || '/';
  return pathname;
}
