import { api } from './api.ts';
import { getSchoolId } from './auth-state.ts';
import { LOCAL_KEYS } from './storage-keys.ts';

let lookup: Promise<string | null> | null = null;

/** The school served at this host, asked once per page load; a failure is only logged (spec section 8). */
export function domainSchoolId(): Promise<string | null> {
  lookup ??= api
    .get('/base/system/tenant/school/hero/get/tenant/id/by/domain', { domainName: window.location.hostname }, { schema: () => import('@hxk/contracts/common').then((m) => m.ZId), silent: true })
    .then((id) => {
      localStorage.setItem(LOCAL_KEYS.domainSchoolId, id);
      return id;
    })
    .catch((e: unknown) => {
      console.log('school lookup by host failed', e);
      localStorage.removeItem(LOCAL_KEYS.domainSchoolId);
      return null;
    });
  return lookup;
}

/** School id: from the cookie, else looked up from the host name. */
export async function schoolIdHint(): Promise<string | null> {
  return getSchoolId() ?? (await domainSchoolId());
}
