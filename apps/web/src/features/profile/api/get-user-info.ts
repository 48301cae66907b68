import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZUserInfo, type TUserInfo } from '@hxk/contracts/user';
import { api } from '../../../lib/api.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';

export async function getUserInfo(): Promise<TUserInfo> {
  const info = await api.get('/base/user/v1/info', undefined, { schema: ZUserInfo });
  // The avatar is stored on success (spec section 7); button keys come from getRoleButtonByUserId.
  if (info.avatar) localStorage.setItem(LOCAL_KEYS.avatar, info.avatar);
  else localStorage.removeItem(LOCAL_KEYS.avatar);
  return info;
}

export const userInfoQueryOptions = () => queryOptions({ queryKey: ['user', 'info'], queryFn: getUserInfo });

export function useUserInfo() {
  return useQuery(userInfoQueryOptions());
}
