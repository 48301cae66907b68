import type { FormRule as Rule } from 'antd';
import type { z } from 'zod';
import { i18n } from './i18n.ts';

/**
 * The message of a contract validation key (`validation.phone`...) in the current language: in a
 * feature's own namespace first when one is given (its range messages), then in the common texts.
 */
export function validationMessage(key: string | undefined, namespace?: string): string {
  if (key && namespace && i18n.exists(`${namespace}:${key}`)) return i18n.t(`${namespace}:${key}`);
  if (key?.startsWith('validation.') && i18n.exists(`common:${key}`)) return i18n.t(`common:${key}`);
  return i18n.t('common:validation.invalid');
}

/**
 * An antd Form rule that runs a contract schema (or a loader of one: validation is async anyway, so
 * the sign-in pages fetch zod only when a field is first checked); empty values are left to `required`.
 */
export function zodRule(source: z.ZodType | (() => Promise<z.ZodType>), namespace?: string): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const schema = typeof source === 'function' ? await source() : source;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(validationMessage(result.error.issues[0]?.message, namespace));
    },
  };
}

export function requiredRule(): Rule {
  return { required: true, message: i18n.t('common:validation.required') };
}

/** Confirmation fields: must equal another field of the same form. */
export function matchesRule(field: string): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (!value || getFieldValue(field) === value) return;
      throw new Error(i18n.t('common:validation.passwordMismatch'));
    },
  });
}
