import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZEvaluation } from '@hxk/contracts/evaluations';
import { api } from '../../../lib/api.ts';

export const getEvaluation = (evaluationId: string) => api.get('/app/ddxk/evaluation/v1/detail', { evaluationId }, { schema: ZEvaluation });

export const evaluationQueryKey = (evaluationId: string) => ['evaluations', 'detail', evaluationId] as const;

/** The evaluation queries that are lists, not one record or a class being opened: what a start or a submission changes. */
export const isEvaluationList = (q: { queryKey: readonly unknown[] }) => q.queryKey[1] !== 'detail' && q.queryKey[1] !== 'opening';

export const evaluationQueryOptions = (evaluationId: string) =>
  // The form is edited locally and saved as it goes: a background refetch must not replace it.
  queryOptions({ queryKey: evaluationQueryKey(evaluationId), queryFn: () => getEvaluation(evaluationId), staleTime: 0, refetchOnReconnect: false });

/** One evaluation with its form; idle without an id. */
export function useEvaluation(evaluationId: string | null | undefined) {
  return useQuery({ ...evaluationQueryOptions(evaluationId ?? ''), enabled: Boolean(evaluationId) });
}
