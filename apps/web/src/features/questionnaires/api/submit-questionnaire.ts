import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSubmitQuestionnaireRequest } from '@hxk/contracts/questionnaires';
import { api } from '../../../lib/api.ts';
import { FORM_REFUSALS } from './get-questionnaire-form.ts';

export type SubmitQuestionnaireRequest = z.input<typeof ZSubmitQuestionnaireRequest>;

/** Refusals the fill page explains itself (next to the form, or as its result page). */
export const SUBMIT_QUIET_KEYS = [...FORM_REFUSALS, 'questionnaire.answered', 'answer.missing', 'answer.commentRequired', 'answer.outOfRange', 'answer.optionUnknown'];

export const submitQuestionnaire = (body: SubmitQuestionnaireRequest) => api.post<unknown>('/app/ddxk/questionnaire/v1/submit', body, { quietKeys: SUBMIT_QUIET_KEYS });

export function useSubmitQuestionnaire() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitQuestionnaire,
    // The form's own query keeps the answers on screen; the lists of mine and the counts reload.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['questionnaires'], predicate: (q) => q.queryKey[1] !== 'form' }),
  });
}
