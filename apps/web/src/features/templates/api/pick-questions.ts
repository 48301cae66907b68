import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZQuestionPage, type TQuestion, type TQuestionType } from '@hxk/contracts/catalog';
import { api } from '../../../lib/api.ts';

export type PickableQuestion = TQuestion;
export type PickQuery = { pageNum: number; pageSize: number; keyword?: string | undefined; type?: TQuestionType | undefined; classificationId?: string | undefined; indicatorId?: string | undefined };

/** Approved questions of the bank that a template may copy. */
export const pickQuestions = (q: PickQuery) => api.post('/app/ddxk/question/v1/pickList', q, { schema: ZQuestionPage });

export const pickQuestionsQueryOptions = (q: PickQuery) =>
  queryOptions({ queryKey: ['templates', 'pickQuestions', q], queryFn: () => pickQuestions(q), placeholderData: keepPreviousData });

export function usePickQuestions(q: PickQuery, enabled = true) {
  return useQuery({ ...pickQuestionsQueryOptions(q), enabled });
}
