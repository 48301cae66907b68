import type { FormRule as Rule } from 'antd';
import type { z } from 'zod';
import { i18n } from '../../../lib/i18n.ts';
import { validationMessage } from '../../../lib/form-rules.ts';

/**
 * An antd rule running a contract schema; this feature's range messages (validation.percent,
 * validation.emptySeats...) live in the classrooms namespace, the shared ones in common.
 */
export function classroomRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const result = schema.safeParse(value);
      if (result.success) return;
      const key = result.error.issues[0]?.message;
      throw new Error(key && i18n.exists(`classrooms:${key}`) ? i18n.t(`classrooms:${key}`) : validationMessage(key));
    },
  };
}
