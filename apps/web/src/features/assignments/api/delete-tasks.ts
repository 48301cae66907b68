import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const deleteTasks = (ids: string[]) => api.post<null>('/app/ddxk/assignments/v1/task/deleteByIds', { ids });

export function useDeleteTasks() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTasks, onSuccess: () => qc.invalidateQueries({ queryKey: ['assignments'] }) });
}
