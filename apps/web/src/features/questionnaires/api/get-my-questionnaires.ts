import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyQuestionnairePage } from '@hxk/contracts/questionnaires';
import { api } from '../../../lib/api.ts';

export type MyQuestionnaireQuery = { pageNum: number; pageSize: number; answered?: boolean | undefined };

export const getMyQuestionnaires = (q: MyQuestionnaireQuery) => api.post('/app/ddxk/questionnaire/v1/mine', q, { schema: ZMyQuestionnairePage });

export const myQuestionnairesQueryOptions = (q: MyQuestionnaireQuery) =>
  queryOptions({ queryKey: ['questionnaires', 'mine', q], queryFn: () => getMyQuestionnaires(q), placeholderData: keepPreviousData });

/** Questionnaires addressed to me (students: one per course), paged. */
export function useMyQuestionnaires(q: MyQuestionnaireQuery, enabled = true) {
  return useQuery({ ...myQuestionnairesQueryOptions(q), enabled });
}
