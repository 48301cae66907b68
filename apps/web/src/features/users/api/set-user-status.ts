import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ZSetMemberStatusRequest } from '@hxk/contracts/members';
import { api } from '../../../lib/api.ts';

export type SetUserStatusInput = z.infer<typeof ZSetMemberStatusRequest>;

/** Disables a member in this school (they can no longer enter it) or enables them again. */
export const setUserStatus = (input: SetUserStatusInput) => api.post('/base/system/user/v1/status', input, { schema: z.null() });

export function useSetUserStatus() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setUserStatus, onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }) });
}
