import { LOCAL_KEYS, SESSION_KEYS } from './storage-keys.ts';

const listeners = new Set<() => void>();

/** Stores the caller's button keys (GET getRoleButtonByUserId) and tells mounted Permission elements. */
export function storePermissions(keys: string[]): void {
  localStorage.setItem(LOCAL_KEYS.buttonPermissions, JSON.stringify(keys));
  listeners.forEach((l) => l());
}

export function subscribePermissions(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function storedPermissions(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(LOCAL_KEYS.buttonPermissions) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function hasPermission(key: string): boolean {
  return storedPermissions().includes(key);
}

export function storeIsAdmin(value: boolean): void {
  sessionStorage.setItem(SESSION_KEYS.userIsAdmin, String(value));
}

export function storedIsAdmin(): boolean {
  return sessionStorage.getItem(SESSION_KEYS.userIsAdmin) === 'true';
}
