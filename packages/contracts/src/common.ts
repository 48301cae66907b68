import { z } from 'zod';

/** The largest id PostgreSQL's bigint holds (2^63 - 1). */
export const MAX_ID = 9223372036854775807n;

/** 64-bit ids travel as decimal strings in JSON; 19 digits above MAX_ID are no id at all. */
export const ZId = z
  .string()
  .regex(/^[1-9]\d{0,18}$/, { message: 'validation.id' })
  // zod runs this even when the pattern failed: only a 19-digit string is compared.
  .refine((s) => !/^\d{19}$/.test(s) || BigInt(s) <= MAX_ID, { message: 'validation.id' });
export type TId = z.infer<typeof ZId>;

/** Accepts an id given as a JSON number or string (query strings, older clients). */
export const ZIdInput = z.union([ZId, z.number().int().positive().transform((n) => String(n))]).pipe(ZId);

export const ZPageRequest = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const zPage = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });

export { LANGUAGES, DEFAULT_LANGUAGE, normalizeLanguage, type TLanguage } from './language.ts';
