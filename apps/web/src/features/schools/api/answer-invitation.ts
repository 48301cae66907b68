import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';

/** Accepting makes the caller a member of that school; declining removes the invitation. */
export const answerInvitation = ({ schoolId, accept }: { schoolId: string; accept: boolean }) =>
  api.post(`/base/system/school/invitation/v1/${accept ? 'accept' : 'decline'}`, { schoolId }, { schema: z.null() });

export function useAnswerInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: answerInvitation,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['schools', 'invitations'] }), qc.invalidateQueries({ queryKey: ['schools', 'mine'] })]),
  });
}
