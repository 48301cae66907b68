import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZAssignmentTaskPage } from '@hxk/contracts/assignments';
import { api } from '../../../lib/api.ts';

export type TaskQuery = { pageNum: number; pageSize: number; keyword?: string | undefined; semesterId?: string | undefined };

export const getTasks = (q: TaskQuery) => api.post('/app/ddxk/assignments/v1/task/pageList', q, { schema: ZAssignmentTaskPage });

export const tasksQueryOptions = (q: TaskQuery) =>
  queryOptions({ queryKey: ['assignments', 'tasks', q], queryFn: () => getTasks(q), placeholderData: keepPreviousData });

export function useTasks(q: TaskQuery) {
  return useQuery(tasksQueryOptions(q));
}
