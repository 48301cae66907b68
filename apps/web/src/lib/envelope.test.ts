import { describe, expect, it } from 'vitest';
import * as contracts from '@hxk/contracts';
import { CODE_SUCCESS, CODE_UNAUTHENTICATED, buildUrl } from './envelope.ts';

describe('envelope helpers', () => {
  it('uses the envelope codes of the contracts', () => {
    expect(CODE_SUCCESS).toBe(contracts.CODE_SUCCESS);
    expect(CODE_UNAUTHENTICATED).toBe(contracts.CODE_UNAUTHENTICATED);
  });
  it('builds query strings without empty values', () => {
    expect(buildUrl('/x', { a: 1, b: '', c: undefined, d: null, e: 'é &' })).toBe('/x?a=1&e=%C3%A9+%26');
    expect(buildUrl('/x')).toBe('/x');
  });
});
