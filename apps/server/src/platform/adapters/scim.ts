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

export async function* scimUsers(
  opts: { baseUrl: string; token: string; pageSize?: number; fetch?: typeof fetch; timeoutMs?: number },
): AsyncGenerator<ScimUser[]> {
  const doFetch = opts.fetch ?? fetch;
  const count = opts.pageSize ?? 100;
  const base = opts.baseUrl.replace(/\/$/, '');
  for (let startIndex = 1; ; ) {
    const res = await doFetch(`${base}/Users?startIndex=${startIndex}&count=${count}`, {
      headers: { authorization: `Bearer ${opts.token}`, accept: 'application/scim+json, application/json' },
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
    });
    if (!res.ok) {
      const detail = await res.text().catch(() => '');
      throw new Error(`SCIM ${res.status}: ${detail.slice(0, 200)}`);
    }
    const body = (await res.json()) as ListResponse;
    const resources = body.Resources ?? [];
    yield resources.flatMap((r) => toScimUser(r) ?? []);
    const total = body.totalResults ?? 0;
    startIndex += resources.length;
    if (!resources.length || startIndex > total) return;
  }
}
