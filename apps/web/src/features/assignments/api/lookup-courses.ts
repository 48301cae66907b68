import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZCourseOption } from '@hxk/contracts/assignments';
import { api } from '../../../lib/api.ts';

export const lookupCourses = (taskId: string, keyword?: string) =>
  api.get('/app/ddxk/assignments/v1/courses', { taskId, keyword, pageSize: 50 }, { schema: z.array(ZCourseOption) });

export const coursesQueryOptions = (taskId: string, keyword?: string) =>
  queryOptions({ queryKey: ['assignments', 'courses', taskId, keyword], queryFn: () => lookupCourses(taskId, keyword), staleTime: 30_000 });

export function useCourseLookup(taskId: string, keyword: string | undefined, enabled = true) {
  return useQuery({ ...coursesQueryOptions(taskId, keyword), enabled: enabled && Boolean(taskId) });
}
