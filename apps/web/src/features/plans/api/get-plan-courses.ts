import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZCoursePage } from '@hxk/contracts/courses';
import { api } from '../../../lib/api.ts';

export type CourseQuery = {
  pageNum: number;
  pageSize: number;
  semesterId?: string | undefined;
  orgUnitId?: string | undefined;
  teacherId?: string | undefined;
  week?: number | undefined;
  keyword?: string | undefined;
};

export const getPlanCourses = (q: CourseQuery) => api.post('/app/ddxk/plan/v1/courses', q, { schema: ZCoursePage });

export const planCoursesQueryOptions = (q: CourseQuery) =>
  queryOptions({ queryKey: ['plans', 'courses', q], queryFn: () => getPlanCourses(q), placeholderData: keepPreviousData, staleTime: 30_000 });

export function usePlanCourses(q: CourseQuery, enabled = true) {
  return useQuery({ ...planCoursesQueryOptions(q), enabled });
}
