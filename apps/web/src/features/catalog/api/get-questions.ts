import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZQuestionPage, type TQuestionListRequest } from '@hxk/contracts/catalog';
import { api } from '../../../lib/api.ts';
import { catalogKeys } from './keys.ts';

export type QuestionQuery = TQuestionListRequest & { pageNum: number; pageSize: number };

export const getQuestions = (q: QuestionQuery) => api.post('/app/ddxk/question/v1/pageList', q, { schema: ZQuestionPage });

export const questionsQueryOptions = (q: QuestionQuery) =>
  queryOptions({ queryKey: [...catalogKeys.questions, 'list', q], queryFn: () => getQuestions(q), placeholderData: keepPreviousData });

export function useQuestions(q: QuestionQuery, enabled = true) {
  return useQuery({ ...questionsQueryOptions(q), enabled });
}
