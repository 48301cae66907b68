/**
 * Classroom terminal keys (issue 14): a room's PC signs in to hear broadcasts with a device key, not a
 * person's account. A key reads `<schoolId>.<keyId>.<secret>`: the school and key ids say where to
 * look it up (under that school's row-level security), the secret proves it. Only the secret's
 * SHA-256 is stored: 32 random bytes cannot be guessed, so a slow password hash would add nothing.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export type ParsedKey = { schoolId: string; keyId: string; secret: string };

const KEY_PATTERN = /^(\d{1,19})\.(\d{1,19})\.([A-Za-z0-9_-]{43})$/;

/** A fresh secret: 32 random bytes, base64url (43 characters). */
export const newSecret = (): string => randomBytes(32).toString('base64url');

export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export const formatKey = (k: ParsedKey): string => `${k.schoolId}.${k.keyId}.${k.secret}`;

export function parseKey(key: string): ParsedKey | null {
  const m = KEY_PATTERN.exec(key.trim());
  return m ? { schoolId: m[1]!, keyId: m[2]!, secret: m[3]! } : null;
}

/** Whether the secret is the one whose hash is stored (constant time). */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
