import { AppError } from '../errors.ts';
import { OutboundError, outboundFetch } from '../outbound.ts';

/** A page of 100 people is a few tens of kilobytes; anything far beyond is not a SCIM reply. */
const SCIM_PAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * SCIM 2.0 client (RFC 7643/7644) for the single-sign-on user sync: reads a school's identity system
 * page by page with GET /Users?startIndex=&count=, bearer-authenticated.
 */
export type ScimUser = {
  userName: string;
  name: string;
  phone: string | null;
  email: string | null;
  active: boolean;
  userType: string | null;
};

type ScimResource = {
  userName?: string;
  displayName?: string;
  name?: { formatted?: string; givenName?: string; familyName?: string };
  active?: boolean;
  userType?: string;
  phoneNumbers?: { value?: string; primary?: boolean }[];
  emails?: { value?: string; primary?: boolean }[];
};

type ListResponse = { totalResults?: number; startIndex?: number; itemsPerPage?: number; Resources?: ScimResource[] };

const primary = <T extends { primary?: boolean }>(list: T[] | undefined) => list?.find((x) => x.primary) ?? list?.[0];

export function toScimUser(r: ScimResource): ScimUser | null {
  if (!r.userName) return null;
  const formatted = r.name?.formatted ?? [r.name?.familyName, r.name?.givenName].filter(Boolean).join('');
  return {
    userName: r.userName,
    name: (r.displayName || formatted || r.userName).slice(0, 32),
    phone: primary(r.phoneNumbers)?.value?.replace(/[\s-]/g, '') || null,
    email: primary(r.emails)?.value || null,
    active: r.active !== false,
    userType: r.userType ?? null,
  };
}

/** One fixed, localized message per kind of failure: never the remote body, never a socket detail. */
function scimError(err: unknown): AppError {
  if (!(err instanceof OutboundError)) return new AppError('sso.sourceUnreachable');
  switch (err.kind) {
    case 'invalidUrl':
    case 'blocked':
      return new AppError('sso.sourceBlocked');
    case 'timeout':
      return new AppError('sso.sourceTimeout');
    case 'tooLarge':
      return new AppError('sso.sourceTooLarge');
    case 'status':
      return err.status === 401 || err.status === 403 ? new AppError('sso.sourceAuth') : new AppError('sso.sourceStatus', { status: err.status ?? 0 });
    case 'network':
      return new AppError('sso.sourceUnreachable');
  }
}

/**
 * Reads the source through the guarded outbound client: the address a school sets must pass the
 * guard (or the operator's OUTBOUND_ALLOW_HOSTS) before the bearer token goes anywhere. Failures are
 * AppErrors with fixed keys.
 */
export async function* scimUsers(opts: {
  baseUrl: string;
  token: string;
  allowHosts: readonly string[];
  pageSize?: number;
  timeoutMs?: number;
}): AsyncGenerator<ScimUser[]> {
  const count = opts.pageSize ?? 100;
  const base = opts.baseUrl.replace(/\/$/, '');
  for (let startIndex = 1; ; ) {
    let body: ListResponse;
    try {
      const res = await outboundFetch(`${base}/Users?startIndex=${startIndex}&count=${count}`, {
        allowHosts: opts.allowHosts,
        headers: { authorization: `Bearer ${opts.token}`, accept: 'application/scim+json, application/json' },
        timeoutMs: opts.timeoutMs ?? 15_000,
        maxBytes: SCIM_PAGE_MAX_BYTES,
      });
      body = JSON.parse(res.body.toString('utf8')) as ListResponse;
    } catch (err) {
      if (err instanceof SyntaxError) throw new AppError('sso.sourceInvalid');
      throw scimError(err);
    }
    if (typeof body !== 'object' || body === null || (body.Resources !== undefined && !Array.isArray(body.Resources))) throw new AppError('sso.sourceInvalid');
    const resources = body.Resources ?? [];
    yield resources.flatMap((r) => toScimUser(r) ?? []);
    const total = body.totalResults ?? 0;
    startIndex += resources.length;
    if (!resources.length || startIndex > total) return;
  }
}
