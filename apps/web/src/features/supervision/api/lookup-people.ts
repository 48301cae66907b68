import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPeopleLookupResponse } from '@hxk/contracts/supervision';
import { api } from '../../../lib/api.ts';

export type PeopleLookup = { keyword?: string | undefined; identity?: number | undefined };

export const lookupPeople = (q: PeopleLookup) =>
  api.get('/app/ddxk/supervision/group/v1/people', { ...q, pageSize: 50 }, { schema: ZPeopleLookupResponse });

export const peopleQueryOptions = (q: PeopleLookup) => queryOptions({ queryKey: ['supervisionGroups', 'people', q], queryFn: () => lookupPeople(q), staleTime: 30_000 });

export function usePeople(q: PeopleLookup) {
  return useQuery(peopleQueryOptions(q));
}
