import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZExternalInfo } from '@hxk/contracts/classrooms';
import { api } from '../../../lib/api.ts';
import { SESSION_KEYS } from '../../../lib/storage-keys.ts';

/** The media server's outside address, kept in session storage as enableExternal (spec section 7). */
export async function getExternalInfo() {
  const info = await api.get('/base/servermanager/v1/hero/getExternalInfo', undefined, { schema: ZExternalInfo });
  if (info.externalIp) sessionStorage.setItem(SESSION_KEYS.enableExternal, info.externalIp);
  else sessionStorage.removeItem(SESSION_KEYS.enableExternal);
  return info;
}

export const externalInfoQueryOptions = () => queryOptions({ queryKey: ['classrooms', 'externalInfo'], queryFn: getExternalInfo });

export function useExternalInfo() {
  return useQuery(externalInfoQueryOptions());
}
