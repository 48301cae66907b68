import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAppeal } from '@hxk/contracts/appeals';
import { api } from '../../../lib/api.ts';

export const getAppeal = (appealId: string) => api.get('/app/ddxk/appeal/v1/detail', { appealId }, { schema: ZAppeal });

export const appealQueryOptions = (appealId: string) =>
  queryOptions({ queryKey: ['appeals', 'detail', appealId], queryFn: () => getAppeal(appealId), staleTime: 0 });

/** One appeal with what the reader may do with it; idle without an id. */
export function useAppeal(appealId: string | null | undefined) {
  return useQuery({ ...appealQueryOptions(appealId ?? ''), enabled: Boolean(appealId) });
}
