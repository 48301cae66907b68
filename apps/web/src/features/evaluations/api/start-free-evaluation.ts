import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZStartEvaluationResponse } from '@hxk/contracts/evaluations';
import { api } from '../../../lib/api.ts';
import { isEvaluationList } from './get-evaluation.ts';

/** Starts (or reopens) a free-listening evaluation of a class with a published template: the first save of its form (the record page says why it fails). */
export const startFreeEvaluation = (input: { courseSessionId: string; templateId: string }) =>
  api.post('/app/ddxk/evaluation/v1/start/free', input, { schema: ZStartEvaluationResponse, silent: true });

export function useStartFreeEvaluation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: startFreeEvaluation,
    onSuccess: (r) => {
      if (r.created) void qc.invalidateQueries({ queryKey: ['evaluations'], predicate: isEvaluationList });
    },
  });
}
