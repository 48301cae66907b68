import type { FormRule as Rule } from 'antd';
import type { z } from 'zod';
import { zodRule } from '../../../lib/form-rules.ts';

/**
 * An antd rule running a contract schema; this feature's range messages (validation.percent,
 * validation.emptySeats...) live in the classrooms namespace, the shared ones in common.
 */
export const classroomRule = (schema: z.ZodType): Rule => zodRule(schema, 'classrooms');
