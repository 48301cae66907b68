import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const deleteOrgUnit = (id: string) => api.post<null>('/base/org/v1/delete', { id });

export function useDeleteOrgUnit() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteOrgUnit, onSuccess: () => qc.invalidateQueries({ queryKey: ['org'] }) });
}
