import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZLessonPlanDue, ZPlanEvaluationList, type TEvaluatePlanRequest } from '@hxk/contracts/lesson-plans';
import { api } from '../../../lib/api.ts';
import { PLANS_KEY } from './my-plans.ts';

export type EvaluationQuery = { range: 'today' | 'week' | 'all'; evaluated: 'all' | 'yes' | 'no' };

/** Handed-in plans of courses with a class today, this week, or all. */
export const getEvaluationList = (q: EvaluationQuery) => api.post('/app/ddxk/lessonPlan/v1/evaluation/list', q, { schema: ZPlanEvaluationList });
export const evaluationQueryOptions = (q: EvaluationQuery) =>
  queryOptions({ queryKey: [...PLANS_KEY, 'evaluation', q], queryFn: () => getEvaluationList(q), placeholderData: keepPreviousData });
export const useEvaluationList = (q: EvaluationQuery) => useQuery(evaluationQueryOptions(q));

export function useEvaluatePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TEvaluatePlanRequest) => api.post('/app/ddxk/lessonPlan/v1/evaluate', body, { schema: ZLessonPlanDue }),
    onSuccess: () => qc.invalidateQueries({ queryKey: PLANS_KEY }),
  });
}
