import type { FormRule } from 'antd';
import type { z } from 'zod';
import { i18n } from '../../../lib/i18n.ts';
import { validationMessage } from '../../../lib/form-rules.ts';

/**
 * An antd Form rule running a contract field's schema; its message key (`validation.percent`...) is
 * looked up in this feature's texts first, then in the common ones. Empty values are left to `required`.
 */
export function contractRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const result = schema.safeParse(value);
      if (result.success) return;
      const key = result.error.issues[0]?.message;
      throw new Error(key && i18n.exists(`analysis:${key}`) ? i18n.t(`analysis:${key}`) : validationMessage(key));
    },
  };
}
