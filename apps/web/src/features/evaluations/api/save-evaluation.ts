import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSaveEvaluationResponse, type TEvaluation, type TSaveEvaluationRequest } from '@hxk/contracts/evaluations';
import { api } from '../../../lib/api.ts';
import { evaluationQueryKey } from './get-evaluation.ts';

/** Autosave of a draft: silent, the page shows its own saving state (and retries when offline). */
export const saveEvaluation = (input: TSaveEvaluationRequest) => api.post('/app/ddxk/evaluation/v1/save', input, { schema: ZSaveEvaluationResponse, silent: true });

export function useSaveEvaluation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveEvaluation,
    onSuccess: (saved, input) => {
      // The cached record follows the draft, so reopening it shows what was saved.
      qc.setQueryData<TEvaluation>(evaluationQueryKey(input.evaluationId), (old) =>
        old ? { ...old, answers: input.answers, comment: input.comment || null, totalScore: saved.totalScore, updatedAt: saved.updatedAt } : old,
      );
      // Lists are marked stale, not refetched on every keystroke; they refresh when shown again.
      void qc.invalidateQueries({ queryKey: ['evaluations', 'records'], refetchType: 'none' });
    },
  });
}
