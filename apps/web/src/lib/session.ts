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

/** Set at build time by deployments behind one single-sign-on provider for every school. */
const SSO_LOGOUT_URL: string | undefined = import.meta.env.VITE_SSO_LOGOUT_URL || undefined;

/** The school's identity provider's logout for this session (CAS logout, OIDC end-session), asked before the session ends. */
async function ssoLogoutUrl(): Promise<string | undefined> {
  try {
    return (await api.get<{ url: string | null }>('/base/sso/v1/logout-url', undefined, { silent: true })).url ?? SSO_LOGOUT_URL;
  } catch {
    return SSO_LOGOUT_URL;
  }
}

/**
 * Log out: end the server session, forget everything local (but the language, decision 0004), go to
 * /login, or to the identity provider's logout when the session came by single sign-on.
 */
export async function logout(opts: { sso?: boolean } = {}): Promise<void> {
  // Screens without the person's info at hand (await page, forced password change) use the cached reply.
  const sso = opts.sso ?? queryClient.getQueryData<{ sso?: boolean }>(['user', 'info'])?.sso ?? false;
  const providerLogout = sso ? await ssoLogoutUrl() : undefined;
  try {
    await api.get<null>('/base/login/v1/logout', undefined, { silent: true });
  } catch {
    // Signing out locally still matters when the server is unreachable.
  }
  clearAuthState();
  queryClient.clear();
  if (providerLogout) window.location.assign(providerLogout);
  else navigateTo(PATHS.login, { replace: true });
}
