import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZPersonRef } from '@hxk/contracts/supervision';
import { api } from '../../../lib/api.ts';

export const getTaskSupervisors = (taskId: string) => api.get('/app/ddxk/assignments/v1/supervisors', { taskId }, { schema: z.array(ZPersonRef) });

export const taskSupervisorsQueryOptions = (taskId: string) =>
  queryOptions({ queryKey: ['assignments', 'supervisors', taskId], queryFn: () => getTaskSupervisors(taskId) });

export function useTaskSupervisors(taskId: string | undefined, enabled: boolean) {
  return useQuery({ ...taskSupervisorsQueryOptions(taskId ?? ''), enabled: enabled && Boolean(taskId) });
}
