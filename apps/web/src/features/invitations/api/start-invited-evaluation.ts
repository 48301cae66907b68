import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZStartEvaluationResponse } from '@hxk/contracts/evaluations';
import { api } from '../../../lib/api.ts';

/** Starts (or reopens) my evaluation of the class of an invitation I agreed to, with a published template. */
export const startInvitedEvaluation = (input: { invitationId: string; templateId: string }) =>
  api.post('/app/ddxk/evaluation/v1/start/invited', input, { schema: ZStartEvaluationResponse });

export function useStartInvitedEvaluation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: startInvitedEvaluation,
    onSuccess: (r) => {
      if (!r.created) return;
      void qc.invalidateQueries({ queryKey: ['invitations'] });
      void qc.invalidateQueries({ queryKey: ['evaluations'], predicate: (q) => q.queryKey[1] !== 'detail' });
    },
  });
}
