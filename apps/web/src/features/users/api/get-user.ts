import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMember } from '@hxk/contracts/members';
import { api } from '../../../lib/api.ts';

export const getUser = (userId: string) => api.get('/base/system/user/detail', { userId }, { schema: ZMember });

export const userQueryOptions = (userId: string) => queryOptions({ queryKey: ['users', 'detail', userId], queryFn: () => getUser(userId) });

/** The member being edited, fresh from the server (the list row may be stale); idle while `userId` is null. */
export function useUser(userId: string | null) {
  return useQuery({ ...userQueryOptions(userId ?? ''), enabled: userId !== null });
}
