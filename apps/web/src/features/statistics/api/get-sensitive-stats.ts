import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZSensitiveStats, type TSensitiveFilters } from '@hxk/contracts/statistics-sensitive';
import { api } from '../../../lib/api.ts';

/** A scope's sensitive-word figures against the school's, by category and severity. */
export const getSensitiveStats = (q: TSensitiveFilters) => api.get('/app/ddxk/statistics/v1/sensitive', q, { schema: ZSensitiveStats });

export const sensitiveStatsQueryOptions = (q: TSensitiveFilters) => queryOptions({ queryKey: ['statistics', 'sensitive', q], queryFn: () => getSensitiveStats(q) });

export function useSensitiveStats(q: TSensitiveFilters | null) {
  return useQuery({ ...sensitiveStatsQueryOptions(q ?? { semesterId: '' }), enabled: q !== null, placeholderData: keepPreviousData });
}
