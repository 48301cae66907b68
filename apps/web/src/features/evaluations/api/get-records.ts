import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZEvaluationRecordPage, type TEvaluationKind, type TEvaluationStatus } from '@hxk/contracts/evaluations';
import { api } from '../../../lib/api.ts';

export type RecordQuery = {
  pageNum: number;
  pageSize: number;
  kind?: TEvaluationKind | undefined;
  status?: TEvaluationStatus | undefined;
  keyword?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  /** true: only evaluations made during real-time patrol; false: the others. */
  byPatrol?: boolean | undefined;
};

export const getRecords = (q: RecordQuery) => api.post('/app/ddxk/evaluation/v1/records', q, { schema: ZEvaluationRecordPage });

export const recordsQueryOptions = (q: RecordQuery) =>
  queryOptions({ queryKey: ['evaluations', 'records', q], queryFn: () => getRecords(q), placeholderData: keepPreviousData });

/** My evaluation records, paged. */
export function useRecords(q: RecordQuery, enabled = true) {
  return useQuery({ ...recordsQueryOptions(q), enabled });
}
