import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZAssignedSessionPage, type TAssignedSession } from '@hxk/contracts/assignments';
import { api } from '../../../lib/api.ts';

export type AssignedSession = TAssignedSession;
export type PointsQuery = { pageNum: number; pageSize: number; supervisorId?: string | undefined; taskId?: string | undefined; from?: string | undefined; to?: string | undefined };

export const getPoints = (q: PointsQuery) => api.post('/app/ddxk/assignments/v1/points', q, { schema: ZAssignedSessionPage });

export const pointsQueryOptions = (q: PointsQuery) =>
  queryOptions({ queryKey: ['assignments', 'points', q], queryFn: () => getPoints(q), placeholderData: keepPreviousData });

export function usePoints(q: PointsQuery) {
  return useQuery(pointsQueryOptions(q));
}
