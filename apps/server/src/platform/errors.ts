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
