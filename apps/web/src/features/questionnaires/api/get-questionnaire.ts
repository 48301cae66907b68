import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZQuestionnaire } from '@hxk/contracts/questionnaires';
import { api } from '../../../lib/api.ts';

export const getQuestionnaire = (questionnaireId: string) => api.get('/app/ddxk/questionnaire/v1/detail', { questionnaireId }, { schema: ZQuestionnaire });

export const questionnaireQueryOptions = (questionnaireId: string) =>
  queryOptions({ queryKey: ['questionnaires', 'detail', questionnaireId], queryFn: () => getQuestionnaire(questionnaireId) });

/** One questionnaire with its questions, courses and teachers; idle without an id. */
export function useQuestionnaire(questionnaireId: string | null | undefined) {
  return useQuery({ ...questionnaireQueryOptions(questionnaireId ?? ''), enabled: Boolean(questionnaireId) });
}
