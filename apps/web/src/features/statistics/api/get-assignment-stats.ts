import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZAssignmentStats, type TAssignmentStatsQuery } from '@hxk/contracts/statistics-assignments';
import { api } from '../../../lib/api.ts';

/** Assignment progress per task and per supervisor: attended against required. */
export const getAssignmentStats = (q: TAssignmentStatsQuery) => api.get('/app/ddxk/statistics/v1/assignments', q, { schema: ZAssignmentStats });

export const assignmentStatsQueryOptions = (q: TAssignmentStatsQuery) =>
  queryOptions({ queryKey: ['statistics', 'assignments', q], queryFn: () => getAssignmentStats(q) });

/** Idle until a semester is chosen; the previous figures stay while new filters load. */
export function useAssignmentStats(q: TAssignmentStatsQuery | null) {
  return useQuery({ ...assignmentStatsQueryOptions(q ?? { semesterId: '' }), enabled: q !== null, placeholderData: keepPreviousData });
}
