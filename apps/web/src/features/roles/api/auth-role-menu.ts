import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Replaces a role's menus and buttons (the server adds missing ancestors). */
export const authRoleMenu = (input: { roleId: string; menuIds: number[] }) => api.post<null>('/app/ddxk/role/v1/authRoleMenu', input, { failure: 'grant' });

export function useAuthRoleMenu() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: authRoleMenu,
    onSuccess: (_, v) => Promise.all([qc.invalidateQueries({ queryKey: ['roles', 'menu', v.roleId] }), qc.invalidateQueries({ queryKey: ['access'] })]),
  });
}
