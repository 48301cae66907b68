import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZEvaluation, type TSaveEvaluationRequest } from '@hxk/contracts/evaluations';
import { api } from '../../../lib/api.ts';
import { evaluationQueryKey, isEvaluationList } from './get-evaluation.ts';

/** Refusals the record page explains itself, next to the form. */
export const SUBMIT_QUIET_KEYS = ['evaluation.incomplete', 'evaluation.courseNotStarted', 'answer.missing', 'answer.commentRequired', 'answer.outOfRange', 'answer.optionUnknown'];

export const submitEvaluation = (input: TSaveEvaluationRequest) =>
  api.post('/app/ddxk/evaluation/v1/submit', input, { schema: ZEvaluation, quietKeys: SUBMIT_QUIET_KEYS });

export function useSubmitEvaluation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitEvaluation,
    onSuccess: (evaluation) => {
      qc.setQueryData(evaluationQueryKey(evaluation.evaluationId), evaluation);
      void qc.invalidateQueries({ queryKey: ['evaluations'], predicate: isEvaluationList });
      void qc.invalidateQueries({ queryKey: ['plans'] });
    },
  });
}
