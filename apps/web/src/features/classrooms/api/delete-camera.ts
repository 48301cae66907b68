import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const deleteCamera = (id: string) => api.post<null>('/base/camera/v1/delete', { id });

export function useDeleteCamera() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteCamera, onSuccess: () => qc.invalidateQueries({ queryKey: ['classrooms'] }) });
}
