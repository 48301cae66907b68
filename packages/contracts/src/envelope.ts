import { z } from 'zod';

import { CODE_FAILURE, CODE_SUCCESS, CODE_UNAUTHENTICATED } from './codes.ts';

export { CODE_FAILURE, CODE_SUCCESS, CODE_UNAUTHENTICATED };

export const zEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.literal(CODE_SUCCESS), msg: z.string(), data });

export const ZErrorEnvelope = z.object({
  code: z.union([z.literal(CODE_UNAUTHENTICATED), z.literal(CODE_FAILURE)]),
  msg: z.string(),
  data: z.null(),
  errorKey: z.string(),
  /** Field-level details for validation failures. */
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;
