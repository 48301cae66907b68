import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZPatrolRoomsResponse, type TPatrolFilter, type TPatrolView } from '@hxk/contracts/patrol-wall';
import { api } from '../../../lib/api.ts';

export type PatrolRoomsQuery = { view: TPatrolView; filter: TPatrolFilter; classroomIds: string[]; pageNum: number; pageSize: number };

/** How often the wall re-reads class states, warnings and device status. */
const REFRESH_MS = 30_000;

/** A page of the wall; the missing patrol permission is shown by the page, not toasted. */
export const getPatrolRooms = (q: PatrolRoomsQuery) =>
  api.post('/app/live/v1/patrol/rooms', { ...q, classroomIds: q.view === 'classroom' && q.classroomIds.length ? q.classroomIds : undefined }, {
    schema: ZPatrolRoomsResponse,
    quietKeys: ['live.noPatrol'],
  });

export const patrolRoomsQueryOptions = (q: PatrolRoomsQuery) =>
  queryOptions({
    queryKey: ['patrol', 'rooms', q],
    queryFn: () => getPatrolRooms(q),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
    retry: false,
  });

export function usePatrolRooms(q: PatrolRoomsQuery) {
  return useQuery(patrolRoomsQueryOptions(q));
}
