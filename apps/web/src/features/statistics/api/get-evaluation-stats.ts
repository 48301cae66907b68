import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZEvaluationStats, type TEvaluationStatsQuery } from '@hxk/contracts/statistics';
import { api } from '../../../lib/api.ts';

/** A scope's evaluation figures against the school's, grouped for the drill-down table. */
export const getEvaluationStats = (q: TEvaluationStatsQuery) => api.get('/app/ddxk/statistics/v1/evaluation', q, { schema: ZEvaluationStats });

export const evaluationStatsQueryOptions = (q: TEvaluationStatsQuery) =>
  queryOptions({ queryKey: ['statistics', 'evaluation', q], queryFn: () => getEvaluationStats(q) });

/** Idle until a semester is chosen; the previous figures stay while new filters load. */
export function useEvaluationStats(q: TEvaluationStatsQuery | null) {
  return useQuery({ ...evaluationStatsQueryOptions(q ?? { semesterId: '' }), enabled: q !== null, placeholderData: keepPreviousData });
}
