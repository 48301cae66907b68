import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { referenceKeys } from '../../../lib/reference/reference-keys.ts';

export const deleteSemester = (id: string) => api.post<null>('/base/calendar/v1/delete', { id });

export function useDeleteSemester() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteSemester, onSuccess: () => qc.invalidateQueries({ queryKey: referenceKeys.semesterList() }) });
}
