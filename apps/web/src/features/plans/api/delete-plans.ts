import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const deletePlans = (ids: string[]) => api.post<null>('/app/ddxk/plan/v1/deleteByIds', { ids });

export function useDeletePlans() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deletePlans, onSuccess: () => qc.invalidateQueries({ queryKey: ['plans'] }) });
}
