import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZFeedbackDetail } from '@hxk/contracts/questionnaires';
import { api } from '../../../lib/api.ts';

export const getFeedbackDetail = (questionnaireId: string, courseId?: string) =>
  api.get('/app/ddxk/questionnaire/v1/feedbackDetail', { questionnaireId, courseId }, { schema: ZFeedbackDetail });

export const feedbackDetailQueryOptions = (questionnaireId: string, courseId?: string) =>
  queryOptions({ queryKey: ['questionnaires', 'feedbackDetail', questionnaireId, courseId ?? null], queryFn: () => getFeedbackDetail(questionnaireId, courseId) });

/** The aggregated answers of a questionnaire (for one course, or all of it). */
export function useFeedbackDetail(questionnaireId: string | null, courseId?: string) {
  return useQuery({ ...feedbackDetailQueryOptions(questionnaireId ?? '', courseId), enabled: Boolean(questionnaireId) });
}
