import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZQuestion } from '@hxk/contracts/catalog';
import { api } from '../../../lib/api.ts';
import { catalogKeys } from './keys.ts';

export const getQuestion = (questionId: string) => api.get('/app/ddxk/question/v1/detail', { questionId }, { schema: ZQuestion });

export const questionQueryOptions = (questionId: string) => queryOptions({ queryKey: [...catalogKeys.questions, 'detail', questionId], queryFn: () => getQuestion(questionId) });

/** The question being edited; idle while `questionId` is null (adding). */
export function useQuestion(questionId: string | null) {
  return useQuery({ ...questionQueryOptions(questionId ?? ''), enabled: questionId !== null });
}
