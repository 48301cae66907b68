import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const deleteApplication = (id: string) => api.post<null>('/base/application/v1/deleteById', { id });

export function useDeleteApplication() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteApplication, onSuccess: () => qc.invalidateQueries({ queryKey: ['applications'] }) });
}
