import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZThreeRateClassPage, type TThreeRateFilters } from '@hxk/contracts/statistics-three-rate';
import { api } from '../../../lib/api.ts';

export type ThreeRateClassesQuery = TThreeRateFilters & { pageNum: number; pageSize: number };

/** A page of the analysed classes behind a scope's three rates. */
export const getThreeRateClasses = (q: ThreeRateClassesQuery) => api.get('/app/ddxk/statistics/v1/three-rate/classes', q, { schema: ZThreeRateClassPage });

export const threeRateClassesQueryOptions = (q: ThreeRateClassesQuery) =>
  queryOptions({ queryKey: ['statistics', 'threeRateClasses', q], queryFn: () => getThreeRateClasses(q) });

export function useThreeRateClasses(q: ThreeRateClassesQuery | null) {
  return useQuery({ ...threeRateClassesQueryOptions(q ?? { semesterId: '', pageNum: 1, pageSize: 20 }), enabled: q !== null, placeholderData: keepPreviousData });
}
