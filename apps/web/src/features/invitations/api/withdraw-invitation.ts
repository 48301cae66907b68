import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The inviter withdraws a pending or agreed invitation (until the evaluation from it is submitted). */
export const withdrawInvitation = (invitationId: string) => api.post<unknown>('/app/ddxk/invitation/v1/withdraw', { invitationId });

export function useWithdrawInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvitation,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['invitations'] }),
  });
}
