import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPeopleLookupResponse } from '@hxk/contracts/supervision';
import { api } from '../../../lib/api.ts';

export const lookupPeople = (keyword?: string) => api.get('/app/ddxk/plan/v1/people', { keyword, pageSize: 50 }, { schema: ZPeopleLookupResponse });

export const peopleQueryOptions = (keyword?: string) =>
  queryOptions({ queryKey: ['plans', 'people', keyword], queryFn: () => lookupPeople(keyword), staleTime: 30_000 });

export function usePeople(keyword?: string) {
  return useQuery(peopleQueryOptions(keyword));
}
