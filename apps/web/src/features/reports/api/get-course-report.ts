import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCourseReport } from '@hxk/contracts/reports';
import { api } from '../../../lib/api.ts';

export type CourseReportQuery = { courseId: string } | { evaluationId: string };

/** A course's report over its semester, or one evaluation's (its indicators; the course's history). */
export const getCourseReport = (q: CourseReportQuery) => api.get('/app/ddxk/report/v1/course', q, { schema: ZCourseReport });

export const courseReportQueryOptions = (q: CourseReportQuery) =>
  queryOptions({ queryKey: ['reports', 'course', q], queryFn: () => getCourseReport(q) });

/** Idle without a course or an evaluation. */
export function useCourseReport(q: CourseReportQuery | null) {
  return useQuery({ ...courseReportQueryOptions(q ?? { courseId: '' }), enabled: q !== null });
}
