import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZOrgPeoplePage } from '@hxk/contracts/org';
import { api } from '../../../lib/api.ts';

export type OrgPeopleQuery = { orgUnitId: string; includeChildren: boolean; keyword: string; pageNum: number; pageSize: number };

/** People of a unit (and of its sub-units when asked), paged on the server. */
export const getOrgPeople = (q: OrgPeopleQuery) =>
  api.post('/base/org/v1/people', { ...q, keyword: q.keyword || undefined }, { schema: ZOrgPeoplePage });

export const orgPeopleQueryOptions = (q: OrgPeopleQuery) =>
  queryOptions({ queryKey: ['org', 'people', q], queryFn: () => getOrgPeople(q), placeholderData: keepPreviousData });

export function useOrgPeople(q: OrgPeopleQuery | null) {
  return useQuery({ ...orgPeopleQueryOptions(q ?? { orgUnitId: '', includeChildren: false, keyword: '', pageNum: 1, pageSize: 10 }), enabled: q !== null });
}
