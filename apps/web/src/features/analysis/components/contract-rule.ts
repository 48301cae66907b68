import type { FormRule } from 'antd';
import type { z } from 'zod';
import { zodRule } from '../../../lib/form-rules.ts';

/** A contract field's rule with this feature's messages (`analysis:validation.percent`...) before the common ones. */
export const contractRule = (schema: z.ZodType): FormRule => zodRule(schema, 'analysis');
