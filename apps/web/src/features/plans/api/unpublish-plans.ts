import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const unpublishPlans = (ids: string[]) => api.post<null>('/app/ddxk/plan/v1/unpublish', { ids });

export function useUnpublishPlans() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: unpublishPlans, onSuccess: () => qc.invalidateQueries({ queryKey: ['plans'] }) });
}
