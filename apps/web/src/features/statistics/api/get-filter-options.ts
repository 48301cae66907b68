import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZStatsFilterOptions } from '@hxk/contracts/statistics';
import { api } from '../../../lib/api.ts';

/** The template and plan filters' choices: those the semester's submitted evaluations used. */
export const getStatsFilterOptions = (semesterId: string) => api.get('/app/ddxk/statistics/v1/evaluation/options', { semesterId }, { schema: ZStatsFilterOptions });

export const statsFilterOptionsQueryOptions = (semesterId: string) =>
  queryOptions({ queryKey: ['statistics', 'filterOptions', semesterId], queryFn: () => getStatsFilterOptions(semesterId), staleTime: 60_000 });

export function useStatsFilterOptions(semesterId: string | undefined) {
  return useQuery({ ...statsFilterOptionsQueryOptions(semesterId ?? ''), enabled: Boolean(semesterId) });
}
