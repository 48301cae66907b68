import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZFeedbackPage } from '@hxk/contracts/questionnaires';
import { api } from '../../../lib/api.ts';

export type FeedbackQuery = { pageNum: number; pageSize: number; keyword?: string | undefined };

export const getFeedback = (q: FeedbackQuery) => api.post('/app/ddxk/questionnaire/v1/feedback', q, { schema: ZFeedbackPage });

export const feedbackQueryOptions = (q: FeedbackQuery) =>
  queryOptions({ queryKey: ['questionnaires', 'feedback', q], queryFn: () => getFeedback(q), placeholderData: keepPreviousData });

/** My courses' student questionnaires with their answer counts, paged. */
export function useFeedback(q: FeedbackQuery, enabled = true) {
  return useQuery({ ...feedbackQueryOptions(q), enabled });
}
