import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZSensitiveClassPage, type TSensitiveFilters } from '@hxk/contracts/statistics-sensitive';
import { api } from '../../../lib/api.ts';

export type SensitiveClassesQuery = TSensitiveFilters & { pageNum: number; pageSize: number };

/** A page of the scope's classes with sensitive-word hits. */
export const getSensitiveClasses = (q: SensitiveClassesQuery) => api.get('/app/ddxk/statistics/v1/sensitive/classes', q, { schema: ZSensitiveClassPage });

export const sensitiveClassesQueryOptions = (q: SensitiveClassesQuery) =>
  queryOptions({ queryKey: ['statistics', 'sensitiveClasses', q], queryFn: () => getSensitiveClasses(q) });

export function useSensitiveClasses(q: SensitiveClassesQuery | null) {
  return useQuery({ ...sensitiveClassesQueryOptions(q ?? { semesterId: '', pageNum: 1, pageSize: 20 }), enabled: q !== null, placeholderData: keepPreviousData });
}
