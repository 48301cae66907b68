import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZTeacherOptions } from '@hxk/contracts/courses';
import { api } from '../../../lib/api.ts';

export const getTeachers = (keyword?: string) => api.get('/app/ddxk/plan/v1/teachers', { keyword }, { schema: ZTeacherOptions });

export const teachersQueryOptions = (keyword?: string) =>
  queryOptions({ queryKey: ['plans', 'teachers', keyword], queryFn: () => getTeachers(keyword), staleTime: 30_000 });

export function useTeachers(keyword?: string) {
  return useQuery(teachersQueryOptions(keyword));
}
