import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZAssignmentProgressPage } from '@hxk/contracts/assignments';
import { api } from '../../../lib/api.ts';

export type ProgressQuery = { pageNum: number; pageSize: number; taskId: string; keyword?: string | undefined };

export const getProgress = (q: ProgressQuery) => api.post('/app/ddxk/assignments/v1/progress', q, { schema: ZAssignmentProgressPage });

export const progressQueryOptions = (q: ProgressQuery) =>
  queryOptions({ queryKey: ['assignments', 'progress', q], queryFn: () => getProgress(q), placeholderData: keepPreviousData });

export function useProgress(q: ProgressQuery) {
  return useQuery({ ...progressQueryOptions(q), enabled: Boolean(q.taskId) });
}
