import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const deleteRoles = (ids: string[]) => api.post<null>('/app/ddxk/role/v1/deleteByIds', { ids });

export function useDeleteRoles() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteRoles, onSuccess: () => qc.invalidateQueries({ queryKey: ['roles'] }) });
}
