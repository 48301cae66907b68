import { LOCAL_KEYS } from './storage-keys.ts';

export function storePermissions(keys: string[]): void {
  localStorage.setItem(LOCAL_KEYS.buttonPermissions, JSON.stringify(keys));
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
