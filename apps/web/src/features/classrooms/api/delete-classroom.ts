import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Refused (with the reason) while the room still has class sessions to come. */
export const deleteClassroom = (id: string) => api.post<null>('/base/classroom/v1/delete', { id });

export function useDeleteClassroom() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteClassroom, onSuccess: () => qc.invalidateQueries({ queryKey: ['classrooms'] }) });
}
