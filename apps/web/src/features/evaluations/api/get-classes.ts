import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZListenClassPage } from '@hxk/contracts/evaluations';
import { api } from '../../../lib/api.ts';

export type ClassQuery = { pageNum: number; pageSize: number; date?: string | undefined; keyword?: string | undefined };

export const getClasses = (q: ClassQuery) => api.post('/app/ddxk/evaluation/v1/classes', q, { schema: ZListenClassPage });

export const classesQueryOptions = (q: ClassQuery) =>
  queryOptions({ queryKey: ['evaluations', 'classes', 'day', q], queryFn: () => getClasses(q), placeholderData: keepPreviousData });

/** The school's classes on a day (free listening), with my state for each. */
export function useClasses(q: ClassQuery, enabled = true) {
  return useQuery({ ...classesQueryOptions(q), enabled });
}
