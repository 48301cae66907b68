/**
 * The languages of spec section 1 and the rule "anything else is English". Same rule as contracts'
 * normalizeLanguage (a test keeps them equal); kept here because contracts' common.ts also builds zod
 * schemas, which the login page should not have to download before the first paint.
 */
export const LANGUAGES = ['zh', 'en', 'ja'] as const;
export type TLanguage = (typeof LANGUAGES)[number];

export function normalizeLanguage(value: string | null | undefined): TLanguage {
  if (!value) return 'en';
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const base = tag.split('-')[0];
    if (base === 'zh' || base === 'en' || base === 'ja') return base;
  }
  return 'en';
}
