import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const deleteQuestionnaires = (ids: string[]) => api.post<null>('/app/ddxk/questionnaire/v1/delete', { ids });

export function useDeleteQuestionnaires() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteQuestionnaires, onSuccess: () => qc.invalidateQueries({ queryKey: ['questionnaires'] }) });
}
