import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZQuestionnairePage, type TQuestionnaireStatus } from '@hxk/contracts/questionnaires';
import { api } from '../../../lib/api.ts';

export type QuestionnaireQuery = {
  pageNum: number;
  pageSize: number;
  status?: TQuestionnaireStatus | undefined;
  audience?: 'student' | 'teacher' | undefined;
  keyword?: string | undefined;
};

export const getQuestionnaires = (q: QuestionnaireQuery) => api.post('/app/ddxk/questionnaire/v1/list', q, { schema: ZQuestionnairePage });

export const questionnairesQueryOptions = (q: QuestionnaireQuery) =>
  queryOptions({ queryKey: ['questionnaires', 'list', q], queryFn: () => getQuestionnaires(q), placeholderData: keepPreviousData });

/** The school's questionnaires (management), filtered and paged on the server. */
export function useQuestionnaires(q: QuestionnaireQuery) {
  return useQuery(questionnairesQueryOptions(q));
}
