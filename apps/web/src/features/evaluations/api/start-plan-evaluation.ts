import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZStartEvaluationResponse } from '@hxk/contracts/evaluations';
import { api } from '../../../lib/api.ts';
import { isEvaluationList } from './get-evaluation.ts';

/** Starts (or reopens) my evaluation of a class of one of my plans: the first save of its form (the record page says why it fails). */
export const startPlanEvaluation = (input: { planId: string; courseSessionId: string }) =>
  api.post('/app/ddxk/evaluation/v1/start/plan', input, { schema: ZStartEvaluationResponse, silent: true });

export function useStartPlanEvaluation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: startPlanEvaluation,
    onSuccess: (r) => {
      if (!r.created) return;
      void qc.invalidateQueries({ queryKey: ['plans', 'my'] });
      void qc.invalidateQueries({ queryKey: ['evaluations'], predicate: isEvaluationList });
    },
  });
}
