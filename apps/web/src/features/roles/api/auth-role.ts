import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type AuthRoleInput = { userIds: string[]; roleIds: string[]; mode: 'add' | 'remove' | 'replace' };

/** Gives users roles, or takes them away. */
export const authRole = (input: AuthRoleInput) => api.post<null>('/app/ddxk/role/v1/authRole', input, { failure: 'grant' });

export function useAuthRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: authRole,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['roles'] }), qc.invalidateQueries({ queryKey: ['access'] })]),
  });
}
