import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSensitiveClassHits } from '@hxk/contracts/statistics-sensitive';
import { api } from '../../../lib/api.ts';

/** One class's sensitive-word hits in the order heard. */
export const getSensitiveHits = (courseSessionId: string) => api.get('/app/ddxk/statistics/v1/sensitive/hits', { courseSessionId }, { schema: ZSensitiveClassHits });

export const sensitiveHitsQueryOptions = (courseSessionId: string) =>
  queryOptions({ queryKey: ['statistics', 'sensitiveHits', courseSessionId], queryFn: () => getSensitiveHits(courseSessionId) });

export function useSensitiveHits(courseSessionId: string | undefined) {
  return useQuery({ ...sensitiveHitsQueryOptions(courseSessionId ?? ''), enabled: Boolean(courseSessionId) });
}
