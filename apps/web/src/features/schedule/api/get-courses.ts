import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZCoursePage, type TCourse, type ZCourseListRequest } from '@hxk/contracts/courses';
import { api } from '../../../lib/api.ts';

export type Course = TCourse;
export type CourseQuery = z.input<typeof ZCourseListRequest> & { pageNum: number; pageSize: number };

export const getCourses = (q: CourseQuery) => api.post('/app/ddxk/course/v1/page', q, { schema: ZCoursePage });

export const coursesQueryOptions = (q: CourseQuery) =>
  queryOptions({ queryKey: ['schedule', 'courses', q], queryFn: () => getCourses(q), placeholderData: keepPreviousData });

export function useCourses(q: CourseQuery, enabled = true) {
  return useQuery({ ...coursesQueryOptions(q), enabled });
}
