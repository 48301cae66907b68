import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZAssignmentPage, type TAssignment, type TAssignmentKind, type TAssignmentStatus } from '@hxk/contracts/assignments';
import { api } from '../../../lib/api.ts';

export type Assignment = TAssignment;
export type AssignmentQuery = { pageNum: number; pageSize: number; taskId: string; status?: TAssignmentStatus | undefined; keyword?: string | undefined };

/** Each kind has its own list (and menu permission). */
const PATHS: Record<TAssignmentKind, string> = { teacher: 'teacher', course: 'course', session: 'section' };

export const getAssignments = (kind: TAssignmentKind, q: AssignmentQuery) =>
  api.post(`/app/ddxk/assignments/v1/${PATHS[kind]}/pageList`, q, { schema: ZAssignmentPage });

export const assignmentsQueryOptions = (kind: TAssignmentKind, q: AssignmentQuery) =>
  queryOptions({ queryKey: ['assignments', 'list', kind, q], queryFn: () => getAssignments(kind, q), placeholderData: keepPreviousData, enabled: Boolean(q.taskId) });

export function useAssignments(kind: TAssignmentKind, q: AssignmentQuery) {
  return useQuery(assignmentsQueryOptions(kind, q));
}
