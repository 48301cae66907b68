import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const publishQuestionnaires = (ids: string[]) => api.post<null>('/app/ddxk/questionnaire/v1/publish', { ids });

export function usePublishQuestionnaires() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: publishQuestionnaires, onSuccess: () => qc.invalidateQueries({ queryKey: ['questionnaires'] }) });
}
