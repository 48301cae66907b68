import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZStatsEvaluationPage, type TEvaluationStatsFilters } from '@hxk/contracts/statistics';
import { api } from '../../../lib/api.ts';

export type StatsRecordsQuery = TEvaluationStatsFilters & { pageNum: number; pageSize: number };

/** A page of the evaluations behind a scope's figures. */
export const getStatsRecords = (q: StatsRecordsQuery) => api.get('/app/ddxk/statistics/v1/evaluation/records', q, { schema: ZStatsEvaluationPage });

export const statsRecordsQueryOptions = (q: StatsRecordsQuery) =>
  queryOptions({ queryKey: ['statistics', 'records', q], queryFn: () => getStatsRecords(q) });

export function useStatsRecords(q: StatsRecordsQuery | null) {
  return useQuery({ ...statsRecordsQueryOptions(q ?? { semesterId: '', pageNum: 1, pageSize: 20 }), enabled: q !== null, placeholderData: keepPreviousData });
}
