import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReviewQuestionsRequest } from '@hxk/contracts/catalog';
import { api } from '../../../lib/api.ts';
import { catalogKeys } from './keys.ts';

export const reviewQuestions = (input: TReviewQuestionsRequest) => api.post<unknown>('/app/ddxk/question/v1/review', input);

export function useReviewQuestions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reviewQuestions,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: catalogKeys.questions }), qc.invalidateQueries({ queryKey: catalogKeys.readQuestions })]),
  });
}
