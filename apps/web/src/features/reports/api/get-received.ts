import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZReceivedEvaluationPage } from '@hxk/contracts/evaluations';
import { api } from '../../../lib/api.ts';

export type ReceivedQuery = { pageNum: number; pageSize: number; keyword?: string | undefined };

/** Submitted evaluations of my classes, newest first (the evaluations feature's query key: one cache). */
export const getReceived = (q: ReceivedQuery) => api.post('/app/ddxk/evaluation/v1/received', q, { schema: ZReceivedEvaluationPage });

export const receivedQueryOptions = (q: ReceivedQuery) =>
  queryOptions({ queryKey: ['evaluations', 'received', q], queryFn: () => getReceived(q), placeholderData: keepPreviousData });

export function useReceived(q: ReceivedQuery, enabled = true) {
  return useQuery({ ...receivedQueryOptions(q), enabled });
}
