import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZQuestionnaireForm } from '@hxk/contracts/questionnaires';
import { api } from '../../../lib/api.ts';

export type FormTarget = { questionnaireId: string; courseId?: string | undefined; courseSessionId?: string | undefined };

/** Refusals the fill page shows as a result page rather than a toast. */
export const FORM_REFUSALS = ['questionnaire.notOpen', 'questionnaire.notAudience', 'questionnaire.courseRequired', 'common.notFound'];

export const getQuestionnaireForm = (q: FormTarget) =>
  api.get('/app/ddxk/questionnaire/v1/form', q, { schema: ZQuestionnaireForm, quietKeys: FORM_REFUSALS });

export const questionnaireFormQueryKey = (q: FormTarget) => ['questionnaires', 'form', q.questionnaireId, q.courseId ?? null, q.courseSessionId ?? null] as const;

export const questionnaireFormQueryOptions = (q: FormTarget) =>
  // The answers are held by the page: a background refetch must not reset them.
  queryOptions({ queryKey: questionnaireFormQueryKey(q), queryFn: () => getQuestionnaireForm(q), retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false });

/** The questionnaire as I fill it, for a course or one of its classes. */
export function useQuestionnaireForm(q: FormTarget | null) {
  return useQuery({ ...questionnaireFormQueryOptions(q ?? { questionnaireId: '' }), enabled: q !== null });
}
