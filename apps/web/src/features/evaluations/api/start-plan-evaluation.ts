import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZStartEvaluationResponse } from '@hxk/contracts/evaluations';
import { api } from '../../../lib/api.ts';

/** Starts (or reopens) my evaluation of a class of one of my plans. */
export const startPlanEvaluation = (input: { planId: string; courseSessionId: string }) =>
  api.post('/app/ddxk/evaluation/v1/start/plan', input, { schema: ZStartEvaluationResponse });

export function useStartPlanEvaluation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: startPlanEvaluation,
    onSuccess: (r) => {
      if (!r.created) return;
      void qc.invalidateQueries({ queryKey: ['plans', 'my'] });
      void qc.invalidateQueries({ queryKey: ['evaluations'], predicate: (q) => q.queryKey[1] !== 'detail' });
    },
  });
}
