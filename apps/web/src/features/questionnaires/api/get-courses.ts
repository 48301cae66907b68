import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZCoursePage } from '@hxk/contracts/courses';
import { api } from '../../../lib/api.ts';

export type CourseQuery = { pageNum: number; pageSize: number; semesterId?: string | undefined; teacherId?: string | undefined; keyword?: string | undefined };

/** The school's courses, filtered on the server (the plans' course list: semester, teacher, keyword). */
export const getCourses = (q: CourseQuery) => api.post('/app/ddxk/questionnaire/v1/pick/courses', q, { schema: ZCoursePage });

export const coursesQueryOptions = (q: CourseQuery) =>
  queryOptions({ queryKey: ['questionnaires', 'courses', q], queryFn: () => getCourses(q), placeholderData: keepPreviousData, staleTime: 30_000 });

export function useCourses(q: CourseQuery, enabled = true) {
  return useQuery({ ...coursesQueryOptions(q), enabled });
}
