import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSaveQuestionnaireRequest } from '@hxk/contracts/questionnaires';
import { api } from '../../../lib/api.ts';

/** Create (no id) or edit a draft; the reply is not needed (the list and detail reload). */
export const saveQuestionnaire = (body: TSaveQuestionnaireRequest) => api.post<unknown>('/app/ddxk/questionnaire/v1/save', body);

export function useSaveQuestionnaire() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveQuestionnaire, onSuccess: () => qc.invalidateQueries({ queryKey: ['questionnaires'] }) });
}
