import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZTeacherOptions } from '@hxk/contracts/courses';
import { api } from '../../../lib/api.ts';

/** Teachers of the school searched by name or account (the plans' teacher list). */
export const getTeachers = (keyword?: string) => api.get('/app/ddxk/questionnaire/v1/pick/teachers', { keyword }, { schema: ZTeacherOptions });

export const teachersQueryOptions = (keyword?: string) =>
  queryOptions({ queryKey: ['questionnaires', 'teachers', keyword ?? null], queryFn: () => getTeachers(keyword), staleTime: 30_000 });

export function useTeachers(keyword?: string) {
  return useQuery(teachersQueryOptions(keyword));
}
