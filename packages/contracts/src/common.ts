import { z } from 'zod';

/** 64-bit ids travel as decimal strings in JSON. */
export const ZId = z.string().regex(/^[1-9]\d{0,18}$/, { message: 'validation.id' });
export type TId = z.infer<typeof ZId>;

/** Accepts an id given as a JSON number or string (query strings, older clients). */
export const ZIdInput = z.union([ZId, z.number().int().positive().transform((n) => String(n))]).pipe(ZId);

export const ZPageRequest = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const zPage = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });

export const LANGUAGES = ['zh', 'en', 'ja'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'en';

/** Any value that is not one of our languages is English (spec section 1). */
export function normalizeLanguage(value: string | null | undefined): TLanguage {
  if (!value) return DEFAULT_LANGUAGE;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const base = tag.split('-')[0];
    if (base === 'zh' || base === 'en' || base === 'ja') return base;
  }
  return DEFAULT_LANGUAGE;
}
