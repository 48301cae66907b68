import { LOGIN_LOG_PLATFORM_ID } from '@hxk/contracts/constants';
import { api } from '../lib/api.ts';
import { getSchoolId, hasToken, mustChangePassword, rememberRedirect } from '../lib/auth-state.ts';
import { clearCookies } from '../lib/cookies.ts';
import { LOCAL_KEYS } from '../lib/storage-keys.ts';
import { decide, type GuardDecision } from './guard-rules.ts';

/** On the first navigation with a token and a stored log id, confirm the login log (once: the id is forgotten). */
export function sendLoginLogOnce(): void {
  if (!hasToken() || !getSchoolId() || mustChangePassword()) return;
  const logId = localStorage.getItem(LOCAL_KEYS.logId);
  if (!logId) return;
  localStorage.removeItem(LOCAL_KEYS.logId);
  api
    .get('/base/login/v1/doLoginLog', { logId, pfId: LOGIN_LOG_PLATFORM_ID }, { silent: true })
    .catch((e: unknown) => console.warn('login log not recorded', e));
}

/** Runs the decision against the browser's state, applying its side effects. */
export function guard(location: { pathname: string; search: string; hash: string }): GuardDecision {
  const decision = decide(location, { hasToken: hasToken(), schoolId: getSchoolId() });
  if (decision.kind === 'login') {
    clearCookies();
    if (decision.remember) rememberRedirect(decision.remember);
  }
  if (decision.kind === 'allow') sendLoginLogOnce();
  return decision;
}
