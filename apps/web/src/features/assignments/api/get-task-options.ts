import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZTaskOption } from '@hxk/contracts/assignments';
import { api } from '../../../lib/api.ts';

export const getTaskOptions = () => api.get('/app/ddxk/assignments/v1/task/options', undefined, { schema: z.array(ZTaskOption) });

export const taskOptionsQueryOptions = () => queryOptions({ queryKey: ['assignments', 'tasks', 'options'], queryFn: getTaskOptions });

export function useTaskOptions() {
  return useQuery(taskOptionsQueryOptions());
}
