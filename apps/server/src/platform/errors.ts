import { ERRORS, formatMessage, type ErrorKey, type TLanguage } from '@hxk/contracts';

/** Errors are values with stable keys; the envelope localizes them (STYLE 8). */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly params: Record<string, string | number>;
  readonly fields: { path: string; message: string }[] | undefined;

  constructor(key: ErrorKey, params: Record<string, string | number> = {}, fields?: { path: string; message: string }[]) {
    super(key);
    this.key = key;
    this.params = params;
    this.fields = fields;
  }

  get status(): number {
    return ERRORS[this.key].status;
  }
}

export function localizeError(key: ErrorKey, lang: TLanguage, params: Record<string, string | number> = {}): string {
  return formatMessage(ERRORS[key][lang], params);
}

export const notFound = () => new AppError('common.notFound');

/** pg reports a unique violation as 23505 (drizzle wraps it in `cause`): a name taken by a concurrent insert. */
export const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};
