import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const closeQuestionnaires = (ids: string[]) => api.post<null>('/app/ddxk/questionnaire/v1/close', { ids });

export function useCloseQuestionnaires() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: closeQuestionnaires, onSuccess: () => qc.invalidateQueries({ queryKey: ['questionnaires'] }) });
}
