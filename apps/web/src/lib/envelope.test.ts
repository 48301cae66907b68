import { describe, expect, it } from 'vitest';
import { buildUrl } from './envelope.ts';

describe('envelope helpers', () => {
  it('builds query strings without empty values', () => {
    expect(buildUrl('/x', { a: 1, b: '', c: undefined, d: null, e: 'é &' })).toBe('/x?a=1&e=%C3%A9+%26');
    expect(buildUrl('/x')).toBe('/x');
  });
});
