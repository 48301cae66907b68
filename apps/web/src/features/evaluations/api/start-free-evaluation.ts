import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZStartEvaluationResponse } from '@hxk/contracts/evaluations';
import { api } from '../../../lib/api.ts';

/** Starts (or reopens) a free-listening evaluation of a class with a published template. */
export const startFreeEvaluation = (input: { courseSessionId: string; templateId: string }) =>
  api.post('/app/ddxk/evaluation/v1/start/free', input, { schema: ZStartEvaluationResponse });

export function useStartFreeEvaluation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: startFreeEvaluation,
    onSuccess: (r) => {
      if (r.created) void qc.invalidateQueries({ queryKey: ['evaluations'], predicate: (q) => q.queryKey[1] !== 'detail' });
    },
  });
}
