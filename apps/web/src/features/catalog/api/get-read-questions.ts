import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZQuestionPage } from '@hxk/contracts/catalog';
import { api } from '../../../lib/api.ts';
import type { QuestionQuery } from './get-questions.ts';
import { catalogKeys } from './keys.ts';

/** Approved questions only (the read-only bank). */
export const getReadQuestions = (q: QuestionQuery) => api.post('/app/ddxk/question/v1/readList', q, { schema: ZQuestionPage });

export const readQuestionsQueryOptions = (q: QuestionQuery) =>
  queryOptions({ queryKey: [...catalogKeys.readQuestions, 'list', q], queryFn: () => getReadQuestions(q), placeholderData: keepPreviousData });

export function useReadQuestions(q: QuestionQuery) {
  return useQuery(readQuestionsQueryOptions(q));
}
