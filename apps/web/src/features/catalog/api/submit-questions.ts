import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { catalogKeys } from './keys.ts';

/** Sends drafts (or rejected questions) for review. */
export const submitQuestions = (ids: string[]) => api.post<unknown>('/app/ddxk/question/v1/submit', { ids });

export function useSubmitQuestions() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: submitQuestions, onSuccess: () => qc.invalidateQueries({ queryKey: catalogKeys.questions }) });
}
