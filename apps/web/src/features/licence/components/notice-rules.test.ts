import { describe, expect, it } from 'vitest';
import { showsLicenceNotice } from './notice-rules.ts';

describe('licence notice', () => {
  it('on the demo terms only administrators see it; the end of a licence everyone; an active licence or an exempt host nobody', () => {
    expect(showsLicenceNotice({ state: 'demo', noticeExempt: false }, true)).toBe(true);
    expect(showsLicenceNotice({ state: 'demo', noticeExempt: false }, false)).toBe(false);
    for (const state of ['expiring', 'expired'] as const) {
      expect(showsLicenceNotice({ state, noticeExempt: false }, false)).toBe(true);
      expect(showsLicenceNotice({ state, noticeExempt: false }, true)).toBe(true);
      expect(showsLicenceNotice({ state, noticeExempt: true }, true)).toBe(false);
    }
    expect(showsLicenceNotice({ state: 'active', noticeExempt: false }, true)).toBe(false);
  });
});
