import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZSupervisionGroupPage, type TSupervisionGroup } from '@hxk/contracts/supervision';
import { api } from '../../../lib/api.ts';

export type SupervisionGroup = TSupervisionGroup;
export type GroupQuery = { pageNum: number; pageSize: number; keyword?: string | undefined };

export const getGroups = (q: GroupQuery) => api.post('/app/ddxk/supervision/group/v1/pageList', q, { schema: ZSupervisionGroupPage });

export const groupsQueryOptions = (q: GroupQuery) =>
  queryOptions({ queryKey: ['supervisionGroups', 'list', q], queryFn: () => getGroups(q), placeholderData: keepPreviousData });

export function useGroups(q: GroupQuery) {
  return useQuery(groupsQueryOptions(q));
}
