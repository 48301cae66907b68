import { describe, expect, it } from 'vitest';
import { shouldShowError } from './toast.ts';

describe('shouldShowError', () => {
  it('suppresses the same message within 2 s and shows it again after', () => {
    expect(shouldShowError('a', 1000, null)).toBe(true);
    expect(shouldShowError('a', 2500, { text: 'a', at: 1000 })).toBe(false);
    expect(shouldShowError('a', 3000, { text: 'a', at: 1000 })).toBe(true);
    expect(shouldShowError('b', 1100, { text: 'a', at: 1000 })).toBe(true);
  });
});
