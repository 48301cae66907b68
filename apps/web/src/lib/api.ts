import type { z } from 'zod';
import { REQUEST_TIMEOUT_MS } from '@hxk/contracts/constants';
import { clearAuthState } from './auth-state.ts';
import { currentLanguage, i18n } from './i18n.ts';
import { navigateTo } from './navigation.ts';
import { toastError } from './toast.ts';
import { buildUrl, CODE_SUCCESS, CODE_UNAUTHENTICATED, type Query } from './envelope.ts';

export type { Query };

export type FieldError = { path: string; message: string };

/** A failed reply: `code` 401 or 444 with the server's localized `msg` and stable `errorKey`. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly errorKey: string,
    readonly status: number,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type SchemaSource<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

async function parseWith<T>(source: SchemaSource<T> | undefined, data: unknown): Promise<T> {
  if (!source) return data as T;
  const schema = typeof source === 'function' ? await source() : source;
  return schema.parse(data);
}

export type RequestOptions<T> = {
  method?: 'GET' | 'POST';
  query?: Query;
  /** JSON body. */
  body?: unknown;
  /** Multipart body (uploads). */
  form?: FormData;
  /** Contract schema the reply's data is parsed with (or a loader of it, to keep zod off first paint). */
  schema?: SchemaSource<T>;
  /** Show no toast for a failure at all. */
  silent?: boolean;
  /** Show no toast for failures with these error keys (the caller handles them). */
  quietKeys?: string[];
  /**
   * What failed, said before the reason in the toast (spec section 8's labelled messages "save failed",
   * "import failed", "privilege grant failed"): e.g. "Privilege grant failed: the role does not exist".
   */
  failure?: FailureLabel;
  signal?: AbortSignal;
};

let onUnauthenticated: () => void = defaultUnauthenticated;
let handlingUnauthenticated = false;

function defaultUnauthenticated(): void {
  clearAuthState();
  navigateTo('/login', { replace: true });
}

/** The app adds its own cleanup (query cache) to the 401 handling. */
export function setUnauthenticatedHandler(fn: () => void): void {
  onUnauthenticated = fn;
}

export type FailureLabel = 'save' | 'import' | 'grant';

type Envelope = { code?: unknown; msg?: unknown; data?: unknown; errorKey?: unknown; fields?: unknown };

export async function request<T>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = {
    language: currentLanguage(),
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
  };
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;

  const fail = (err: ApiError): never => {
    const quiet = opts.silent || opts.quietKeys?.includes(err.errorKey);
    if (!quiet) toastError(opts.failure ? i18n.t(`common:error.failed.${opts.failure}`, { reason: err.message }) : err.message);
    throw err;
  };

  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
      credentials: 'include',
      headers,
      body,
      signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError' && opts.signal?.aborted) throw e;
    return fail(new ApiError(i18n.t('common:error.network'), 0, 'network', 0));
  }

  let env: Envelope;
  try {
    env = (await res.json()) as Envelope;
  } catch {
    return fail(new ApiError(i18n.t('common:error.network'), 0, 'network', res.status));
  }

  if (env.code === CODE_SUCCESS) {
    return parseWith(opts.schema, env.data);
  }
  const msg = typeof env.msg === 'string' && env.msg ? env.msg : i18n.t('common:error.unknown');
  const key = typeof env.errorKey === 'string' ? env.errorKey : 'common.unknown';
  const fields = Array.isArray(env.fields) ? (env.fields as FieldError[]) : [];
  if (env.code === CODE_UNAUTHENTICATED) {
    // Several requests may fail together: sign out once.
    if (!handlingUnauthenticated) {
      handlingUnauthenticated = true;
      queueMicrotask(() => {
        onUnauthenticated();
        setTimeout(() => (handlingUnauthenticated = false), 1000);
      });
    }
    throw new ApiError(msg, CODE_UNAUTHENTICATED, key, res.status, fields);
  }
  return fail(new ApiError(msg, typeof env.code === 'number' ? env.code : 0, key, res.status, fields));
}

export const api = {
  get: <T>(path: string, query?: Query, opts: Omit<RequestOptions<T>, 'query' | 'method'> = {}) =>
    request<T>(path, { ...opts, query, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions<T>, 'body' | 'method'> = {}) =>
    request<T>(path, { ...opts, body: body ?? {}, method: 'POST' }),
  upload: <T>(path: string, form: FormData, opts: Omit<RequestOptions<T>, 'form' | 'method'> = {}) =>
    request<T>(path, { ...opts, form, method: 'POST' }),
};
