import { CODE_SUCCESS, ZErrorEnvelope, zEnvelope } from '@hxk/contracts';
import type { z } from 'zod';

export const ok = <T>(data: T) => ({ code: CODE_SUCCESS as typeof CODE_SUCCESS, msg: 'success', data });

/** Response schemas of a route: the success envelope and the error envelope (for OpenAPI too). */
export const okSchema = <T extends z.ZodType>(data: T) => ({ 200: zEnvelope(data), '4xx': ZErrorEnvelope, '5xx': ZErrorEnvelope });
