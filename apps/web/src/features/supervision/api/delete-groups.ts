import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const deleteGroups = (ids: string[]) => api.post<null>('/app/ddxk/supervision/group/v1/deleteByIds', { ids });

export function useDeleteGroups() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteGroups, onSuccess: () => qc.invalidateQueries({ queryKey: ['supervisionGroups'] }) });
}
