import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const deleteBuilding = (id: string) => api.post<null>('/base/classroom/v1/building/delete', { id });

export function useDeleteBuilding() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteBuilding, onSuccess: () => qc.invalidateQueries({ queryKey: ['classrooms'] }) });
}
