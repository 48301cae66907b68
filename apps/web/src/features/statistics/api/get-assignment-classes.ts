import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZAssignmentClassPage, type TAssignmentStatsQuery } from '@hxk/contracts/statistics-assignments';
import { api } from '../../../lib/api.ts';

export type AssignmentClassesQuery = TAssignmentStatsQuery & { supervisorId: string; pageNum: number; pageSize: number };

/** One supervisor's classes behind the assignment figures: up to today latest first, then those to come. */
export const getAssignmentClasses = (q: AssignmentClassesQuery) => api.get('/app/ddxk/statistics/v1/assignments/classes', q, { schema: ZAssignmentClassPage });

export const assignmentClassesQueryOptions = (q: AssignmentClassesQuery) =>
  queryOptions({ queryKey: ['statistics', 'assignments', 'classes', q], queryFn: () => getAssignmentClasses(q), placeholderData: keepPreviousData });

export function useAssignmentClasses(q: AssignmentClassesQuery) {
  return useQuery(assignmentClassesQueryOptions(q));
}
