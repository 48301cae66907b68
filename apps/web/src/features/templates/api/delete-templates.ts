import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const deleteTemplates = (ids: string[]) => api.post<null>('/app/ddxk/template/v1/deleteByIds', { ids });

export function useDeleteTemplates() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTemplates, onSuccess: () => qc.invalidateQueries({ queryKey: ['templates'] }) });
}
