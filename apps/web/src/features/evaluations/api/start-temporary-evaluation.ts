import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZStartEvaluationResponse } from '@hxk/contracts/evaluations';
import { api } from '../../../lib/api.ts';
import { isEvaluationList } from './get-evaluation.ts';

/** Starts (or reopens) a temporary evaluation of a class under way, with a published template: the first save of its form (the record page says why it fails). */
export const startTemporaryEvaluation = (input: { courseSessionId: string; templateId: string }) =>
  api.post('/app/ddxk/evaluation/v1/start/temporary', input, { schema: ZStartEvaluationResponse, silent: true });

export function useStartTemporaryEvaluation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: startTemporaryEvaluation,
    onSuccess: (r) => {
      if (r.created) void qc.invalidateQueries({ queryKey: ['evaluations'], predicate: isEvaluationList });
    },
  });
}
