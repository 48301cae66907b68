import type { TLoginResponse } from '@hxk/contracts/auth';
import { applySession, clearAuthState, takeRedirect } from './auth-state.ts';
import { api } from './api.ts';
import { navigateTo } from './navigation.ts';
import { queryClient } from './query-client.ts';
import { HOME_ROUTE, PATHS } from './paths.ts';

/** After any sign-in (password, SMS, QR, registration, school switch): record it and move on. */
export function completeSignIn(session: TLoginResponse): void {
  applySession(session);
  queryClient.clear();
  const target = takeRedirect();
  navigateTo(target ?? (session.schoolId ? HOME_ROUTE : PATHS.userInfo), { replace: true });
}

/** Set at build time by deployments behind a single-sign-on provider. */
const SSO_LOGOUT_URL: string | undefined = import.meta.env.VITE_SSO_LOGOUT_URL || undefined;

/**
 * Log out: end the server session, forget everything local (but the language, decision 0004), go to
 * /login, or to the single-sign-on logout address when the session came by single sign-on.
 */
export async function logout(opts: { sso?: boolean } = {}): Promise<void> {
  // Screens without the person's info at hand (await page, forced password change) use the cached reply.
  const sso = opts.sso ?? queryClient.getQueryData<{ sso?: boolean }>(['user', 'info'])?.sso ?? false;
  try {
    await api.get<null>('/base/login/v1/logout', undefined, { silent: true });
  } catch {
    // Signing out locally still matters when the server is unreachable.
  }
  clearAuthState();
  queryClient.clear();
  if (sso && SSO_LOGOUT_URL) window.location.assign(SSO_LOGOUT_URL);
  else navigateTo(PATHS.login, { replace: true });
}
