import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZMemberPage, type TMember, type ZMemberListRequest } from '@hxk/contracts/members';
import { api } from '../../../lib/api.ts';

export type Member = TMember;
export type MemberQuery = z.input<typeof ZMemberListRequest> & { pageNum: number; pageSize: number };

export const getUsers = (q: MemberQuery) => api.post('/base/user/v1/list', q, { schema: ZMemberPage });

export const usersQueryOptions = (q: MemberQuery) =>
  queryOptions({ queryKey: ['users', 'list', q], queryFn: () => getUsers(q), placeholderData: keepPreviousData });

export function useUsers(q: MemberQuery) {
  return useQuery(usersQueryOptions(q));
}
