import { describe, expect, it } from 'vitest';
import { formatKey, hashSecret, newSecret, parseKey, secretMatches } from './terminal-key.ts';

describe('classroom terminal keys', () => {
  it('round-trips a key and verifies its secret against the stored hash only', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSecret()).not.toBe(secret);
    const stored = hashSecret(secret);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(secret);
    const key = formatKey({ schoolId: '100001', keyId: '200002', secret });
    expect(parseKey(key)).toEqual({ schoolId: '100001', keyId: '200002', secret });
    expect(secretMatches(secret, stored)).toBe(true);
  });

  it('refuses another secret, a malformed key and a malformed hash', () => {
    const stored = hashSecret(newSecret());
    expect(secretMatches(newSecret(), stored)).toBe(false);
    expect(secretMatches(newSecret(), 'abc')).toBe(false);
    expect(parseKey('not a key')).toBeNull();
    expect(parseKey(`1.2.${'a'.repeat(42)}`)).toBeNull();
    expect(parseKey(`x.2.${'a'.repeat(43)}`)).toBeNull();
    expect(parseKey(` 1.2.${'a'.repeat(43)} `)).not.toBeNull();
  });
});
