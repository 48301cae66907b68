import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZInviteResponse, type TInviteRequest } from '@hxk/contracts/invitations';
import { api } from '../../../lib/api.ts';

/** Invites one or more supervisors to one of my classes that has not ended. */
export const invite = (input: TInviteRequest) => api.post('/app/ddxk/invitation/v1/invite', input, { schema: ZInviteResponse });

export function useInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: invite,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['invitations'] }),
  });
}
