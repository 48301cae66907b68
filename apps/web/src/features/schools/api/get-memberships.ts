import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZMembershipPage, type ZMembershipItem, type ZMembershipStatus } from '@hxk/contracts/school';
import { api } from '../../../lib/api.ts';

export type MembershipItem = z.infer<typeof ZMembershipItem>;
export type MembershipStatus = z.infer<typeof ZMembershipStatus>;
export type MembershipQuery = { pageNum: number; pageSize: number; status?: MembershipStatus | undefined; keyword?: string | undefined };

export const getMemberships = (q: MembershipQuery) => api.get('/base/system/school/membership/v1/page', q, { schema: ZMembershipPage });

export const membershipsQueryOptions = (q: MembershipQuery) =>
  queryOptions({ queryKey: ['schools', 'memberships', q], queryFn: () => getMemberships(q), placeholderData: keepPreviousData });

export function useMemberships(q: MembershipQuery) {
  return useQuery(membershipsQueryOptions(q));
}
