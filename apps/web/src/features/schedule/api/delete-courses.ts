import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const deleteCourses = (ids: string[]) => api.post<null>('/app/ddxk/course/v1/deleteByIds', { ids });

export function useDeleteCourses() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteCourses, onSuccess: () => qc.invalidateQueries({ queryKey: ['schedule'] }) });
}
