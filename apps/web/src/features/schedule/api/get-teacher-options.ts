import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZTeacherOptions } from '@hxk/contracts/courses';
import { api } from '../../../lib/api.ts';

export type TeacherQuery = { keyword?: string; id?: string };

export const getTeacherOptions = (q: TeacherQuery) => api.get('/app/ddxk/course/v1/teacherOptions', q, { schema: ZTeacherOptions });

export const teacherOptionsQueryOptions = (q: TeacherQuery) =>
  queryOptions({ queryKey: ['schedule', 'teachers', q], queryFn: () => getTeacherOptions(q), placeholderData: keepPreviousData, staleTime: 30_000 });

/** Members who may teach, found by name or account (20 at most). */
export function useTeacherOptions(q: TeacherQuery, enabled = true) {
  return useQuery({ ...teacherOptionsQueryOptions(q), enabled });
}
