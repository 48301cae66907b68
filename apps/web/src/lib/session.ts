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

/** Log out: end the server session, forget everything local, go to /login. */
export async function logout(): Promise<void> {
  try {
    await api.get<null>('/base/login/v1/logout', undefined, { silent: true });
  } catch {
    // Signing out locally still matters when the server is unreachable.
  }
  clearAuthState();
  queryClient.clear();
  navigateTo(PATHS.login, { replace: true });
}
