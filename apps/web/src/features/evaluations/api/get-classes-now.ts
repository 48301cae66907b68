import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZListenClassPage } from '@hxk/contracts/evaluations';
import { api } from '../../../lib/api.ts';

export type NowClassQuery = { pageNum: number; pageSize: number; keyword?: string | undefined };

export const getClassesNow = (q: NowClassQuery) => api.post('/app/ddxk/evaluation/v1/classes/now', q, { schema: ZListenClassPage });

export const classesNowQueryOptions = (q: NowClassQuery) =>
  queryOptions({ queryKey: ['evaluations', 'classes', 'now', q], queryFn: () => getClassesNow(q), placeholderData: keepPreviousData });

/** Classes under way now (temporary evaluation), refreshed every minute. */
export function useClassesNow(q: NowClassQuery, enabled = true) {
  return useQuery({ ...classesNowQueryOptions(q), refetchInterval: 60_000, staleTime: 0, enabled });
}
