import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const publishPlans = (ids: string[]) => api.post<null>('/app/ddxk/plan/v1/publish', { ids });

export function usePublishPlans() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: publishPlans, onSuccess: () => qc.invalidateQueries({ queryKey: ['plans'] }) });
}
