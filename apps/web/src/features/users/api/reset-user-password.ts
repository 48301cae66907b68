import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAdminResetPasswordResponse } from '@hxk/contracts/members';
import { api } from '../../../lib/api.ts';

/** Resets a member's password to the deployment default; they must choose a new one at next sign-in. */
export const resetUserPassword = (userId: string) => api.post('/base/user/v1/reset/pwd', { userId }, { schema: ZAdminResetPasswordResponse });

export function useResetUserPassword() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: resetUserPassword, onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }) });
}
