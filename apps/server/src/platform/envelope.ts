import { CODE_SUCCESS, zEnvelope } from '@hxk/contracts';
import type { z } from 'zod';

export const ok = <T>(data: T) => ({ code: CODE_SUCCESS as typeof CODE_SUCCESS, msg: 'success', data });

/** Response schema of a successful reply, for the route's `schema.response[200]`. */
export const okSchema = <T extends z.ZodType>(data: T) => ({ 200: zEnvelope(data) });
