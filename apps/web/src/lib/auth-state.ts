import { SESSION } from '@hxk/contracts/constants';
import type { TLoginResponse } from '@hxk/contracts/auth';
import { clearCookies, deleteCookie, getCookie, setCookie } from './cookies.ts';
import { COOKIE_KEYS, LOCAL_KEYS, SESSION_KEYS } from './storage-keys.ts';

/** "Has a token" for the guard: the marker cookie written beside the HttpOnly session cookie. */
export function hasToken(): boolean {
  return getCookie(COOKIE_KEYS.signedIn) !== null;
}

export function getSchoolId(): string | null {
  const v = getCookie(COOKIE_KEYS.schoolId);
  return v ? v : null;
}

export type StoredUser = { userId: string; name: string };

export function getStoredUser(): StoredUser | null {
  const raw = localStorage.getItem(LOCAL_KEYS.userInfo) ?? getCookie(COOKIE_KEYS.userInfo);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredUser>;
    return typeof v.userId === 'string' && typeof v.name === 'string' ? { userId: v.userId, name: v.name } : null;
  } catch {
    return null;
  }
}

export function mustChangePassword(): boolean {
  return localStorage.getItem(LOCAL_KEYS.mustChangePassword) === '1';
}

export function setMustChangePassword(value: boolean): void {
  if (value) localStorage.setItem(LOCAL_KEYS.mustChangePassword, '1');
  else localStorage.removeItem(LOCAL_KEYS.mustChangePassword);
}

/** Records a session reply (login, registration, QR sign-in, school switch) in the browser. */
export function applySession(session: TLoginResponse): void {
  const age = SESSION.absoluteSeconds;
  setCookie(COOKIE_KEYS.signedIn, '1', age);
  if (session.schoolId) setCookie(COOKIE_KEYS.schoolId, session.schoolId, age);
  else deleteCookie(COOKIE_KEYS.schoolId);
  const user = JSON.stringify({ userId: session.userId, name: session.name });
  setCookie(COOKIE_KEYS.userInfo, user, age);
  localStorage.setItem(LOCAL_KEYS.userInfo, user);
  if (session.identity !== null) localStorage.setItem(LOCAL_KEYS.identity, String(session.identity));
  else localStorage.removeItem(LOCAL_KEYS.identity);
  if (session.logId) localStorage.setItem(LOCAL_KEYS.logId, session.logId);
  else localStorage.removeItem(LOCAL_KEYS.logId);
  setMustChangePassword(session.mustChangePassword);
}

/**
 * Forgets the signed-in state: every script-visible cookie and the stored auth values. The language
 * choice survives, so a signed-out visitor keeps reading the interface they picked.
 */
export function clearAuthState(): void {
  clearCookies();
  const language = localStorage.getItem(LOCAL_KEYS.language);
  localStorage.clear();
  sessionStorage.clear();
  if (language) localStorage.setItem(LOCAL_KEYS.language, language);
}

export function rememberRedirect(fullPath: string): void {
  sessionStorage.setItem(SESSION_KEYS.redirectAfterLogin, fullPath);
}

/** The remembered target, left in place (the sign-in page says why it asks, e.g. for a questionnaire). */
export function peekRedirect(): string | null {
  return sessionStorage.getItem(SESSION_KEYS.redirectAfterLogin);
}

/** The remembered target, once: reading it forgets it. */
export function takeRedirect(): string | null {
  const v = sessionStorage.getItem(SESSION_KEYS.redirectAfterLogin);
  sessionStorage.removeItem(SESSION_KEYS.redirectAfterLogin);
  return v;
}
