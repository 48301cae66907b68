import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCourse } from '@hxk/contracts/courses';
import { api } from '../../../lib/api.ts';

export const getCourse = (id: string) => api.get('/app/ddxk/course/v1/getInfoById', { id }, { schema: ZCourse });

export const courseQueryOptions = (id: string) => queryOptions({ queryKey: ['schedule', 'course', id], queryFn: () => getCourse(id) });

/** The course being edited, fresh from the server; idle while `id` is null. */
export function useCourse(id: string | null) {
  return useQuery({ ...courseQueryOptions(id ?? ''), enabled: id !== null });
}
