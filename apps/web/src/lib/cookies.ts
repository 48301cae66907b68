/** Small helpers over document.cookie: the app only ever sets its own, path-wide cookies. */
export function getCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).trim();
    if (key === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

export function setCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const age = maxAgeSeconds === undefined ? '' : `; max-age=${maxAgeSeconds}`;
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; samesite=lax${age}`;
}

export function deleteCookie(name: string): void {
  for (const path of ['/', '/hxk', '/hxk/']) {
    document.cookie = `${name}=; path=${path}; max-age=0`;
  }
}

/** Clears every cookie visible to scripts (HttpOnly ones are the server's to clear). */
export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) deleteCookie(name);
  }
}
