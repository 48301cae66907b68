import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZTeacherOptions } from '@hxk/contracts/courses';
import { api } from '../api.ts';
import { referenceKeys, type TeacherQuery, type TeacherSource } from './reference-keys.ts';

const PATHS = {
  plan: '/app/ddxk/plan/v1/teachers',
  questionnaire: '/app/ddxk/questionnaire/v1/pick/teachers',
  course: '/app/ddxk/course/v1/teacherOptions',
} as const satisfies Record<TeacherSource, string>;

/** Teachers of the school by name or account (or the one with an id), through the endpoint of the asking screen. */
export const getTeacherOptions = (source: TeacherSource, q: TeacherQuery) => api.get(PATHS[source], q, { schema: ZTeacherOptions });

export const teacherOptionsQueryOptions = (source: TeacherSource, q: TeacherQuery) =>
  queryOptions({ queryKey: referenceKeys.teachers(source, q), queryFn: () => getTeacherOptions(source, q), staleTime: 30_000 });

/** `keepPrevious` keeps the last hits on screen while the next search runs. */
export function useTeacherOptions(source: TeacherSource, q: TeacherQuery, { enabled = true, keepPrevious = false } = {}) {
  return useQuery({ ...teacherOptionsQueryOptions(source, q), enabled, ...(keepPrevious ? { placeholderData: keepPreviousData } : {}) });
}
