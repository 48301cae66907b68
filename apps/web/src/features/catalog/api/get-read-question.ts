import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZQuestion } from '@hxk/contracts/catalog';
import { api } from '../../../lib/api.ts';
import { catalogKeys } from './keys.ts';

export const getReadQuestion = (questionId: string) => api.get('/app/ddxk/question/v1/readDetail', { questionId }, { schema: ZQuestion });

export const readQuestionQueryOptions = (questionId: string) =>
  queryOptions({ queryKey: [...catalogKeys.readQuestions, 'detail', questionId], queryFn: () => getReadQuestion(questionId) });

export function useReadQuestion(questionId: string | null) {
  return useQuery({ ...readQuestionQueryOptions(questionId ?? ''), enabled: questionId !== null });
}
