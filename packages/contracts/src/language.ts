/** The interface languages (spec section 1). No zod here: the web's first paint imports this module. */
export const LANGUAGES = ['zh', 'en', 'ja'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'en';

/** Any value that is not one of our languages is English. */
export function normalizeLanguage(value: string | null | undefined): TLanguage {
  if (!value) return DEFAULT_LANGUAGE;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const base = tag.split('-')[0];
    if (base === 'zh' || base === 'en' || base === 'ja') return base;
  }
  return DEFAULT_LANGUAGE;
}
