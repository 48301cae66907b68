import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAnswerInvitationRequest } from '@hxk/contracts/invitations';
import { api } from '../../../lib/api.ts';

/** The invitee agrees, or rejects with a reason of at least 5 characters. */
export const answerInvitation = (input: TAnswerInvitationRequest) => api.post<unknown>('/app/ddxk/invitation/v1/answer', input);

export function useAnswerInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: answerInvitation,
    // An agreed invitation may also change which classes I listen to.
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['invitations'] }),
  });
}
