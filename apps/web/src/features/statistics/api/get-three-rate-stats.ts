import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZThreeRateStats, type TThreeRateStatsQuery } from '@hxk/contracts/statistics-three-rate';
import { api } from '../../../lib/api.ts';

/** A scope's three rates against the school's, by week and grouped. */
export const getThreeRateStats = (q: TThreeRateStatsQuery) => api.get('/app/ddxk/statistics/v1/three-rate', q, { schema: ZThreeRateStats });

export const threeRateStatsQueryOptions = (q: TThreeRateStatsQuery) =>
  queryOptions({ queryKey: ['statistics', 'threeRate', q], queryFn: () => getThreeRateStats(q) });

/** Idle until a semester is chosen; the previous figures stay while new filters load. */
export function useThreeRateStats(q: TThreeRateStatsQuery | null) {
  return useQuery({ ...threeRateStatsQueryOptions(q ?? { semesterId: '' }), enabled: q !== null, placeholderData: keepPreviousData });
}
