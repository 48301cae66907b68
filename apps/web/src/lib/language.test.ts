import { describe, expect, it } from 'vitest';
import { LANGUAGES as CONTRACT_LANGUAGES, normalizeLanguage as contractNormalize } from '@hxk/contracts';
import { LANGUAGES, normalizeLanguage } from './language.ts';

describe('normalizeLanguage', () => {
  it('follows the contracts rule: zh, en, ja, anything else English', () => {
    expect([...LANGUAGES]).toEqual([...CONTRACT_LANGUAGES]);
    for (const v of [null, undefined, '', 'zh', 'zh-CN', 'ZH-tw', 'ja', 'ja-JP,en;q=0.5', 'fr', 'de-DE,ja;q=0.8', 'en-GB', 'xx', ' ja ']) {
      expect(normalizeLanguage(v)).toBe(contractNormalize(v));
    }
  });
});
