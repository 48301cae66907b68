import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZQuestionPage, type TQuestionType } from '@hxk/contracts/catalog';
import { api } from '../../../lib/api.ts';

export type PickQuery = { pageNum: number; pageSize: number; keyword?: string | undefined; type?: TQuestionType | undefined; classificationId?: string | undefined };

/** Approved questions of the bank, to copy into a questionnaire. */
export const pickQuestions = (q: PickQuery) => api.post('/app/ddxk/questionnaire/v1/pick/questions', q, { schema: ZQuestionPage });

export const pickQuestionsQueryOptions = (q: PickQuery) =>
  queryOptions({ queryKey: ['questionnaires', 'pickQuestions', q], queryFn: () => pickQuestions(q), placeholderData: keepPreviousData });

export function usePickQuestions(q: PickQuery, enabled = true) {
  return useQuery({ ...pickQuestionsQueryOptions(q), enabled });
}
