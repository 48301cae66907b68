import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZReadableReportCoursePage } from '@hxk/contracts/reports';
import { api } from '../../../lib/api.ts';

export type ReadableCourseQuery = { pageNum: number; pageSize: number; semesterId?: string | undefined; keyword?: string | undefined };

/** The courses whose report I may open: those I teach, or every course for plan managers. */
export const getReadableCourses = (q: ReadableCourseQuery) => api.post('/app/ddxk/report/v1/courses/readable', q, { schema: ZReadableReportCoursePage });

export const readableCoursesQueryOptions = (q: ReadableCourseQuery) =>
  queryOptions({ queryKey: ['reports', 'readable', q], queryFn: () => getReadableCourses(q), placeholderData: keepPreviousData });

export function useReadableCourses(q: ReadableCourseQuery) {
  return useQuery(readableCoursesQueryOptions(q));
}
