import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const deleteRecorder = (id: string) => api.post<null>('/base/recorder/v1/delete', { id });

export function useDeleteRecorder() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteRecorder, onSuccess: () => qc.invalidateQueries({ queryKey: ['classrooms'] }) });
}
