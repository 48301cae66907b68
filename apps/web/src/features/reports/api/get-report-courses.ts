import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZReportCoursePage } from '@hxk/contracts/reports';
import { api } from '../../../lib/api.ts';

export type ReportCourseQuery = { pageNum: number; pageSize: number; semesterId?: string | undefined; keyword?: string | undefined };

/** My courses that have evaluations I may see, with their average and count. */
export const getReportCourses = (q: ReportCourseQuery) => api.post('/app/ddxk/report/v1/courses', q, { schema: ZReportCoursePage });

export const reportCoursesQueryOptions = (q: ReportCourseQuery) =>
  queryOptions({ queryKey: ['reports', 'courses', q], queryFn: () => getReportCourses(q), placeholderData: keepPreviousData });

export function useReportCourses(q: ReportCourseQuery, enabled = true) {
  return useQuery({ ...reportCoursesQueryOptions(q), enabled });
}
