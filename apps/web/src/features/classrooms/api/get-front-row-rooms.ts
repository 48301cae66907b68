import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZFrontRowRoomsPage } from '@hxk/contracts/classrooms';
import { api } from '../../../lib/api.ts';

export type FrontRowRoomsQuery = { pageNum: number; pageSize: number; buildingId?: string; keyword?: string };

export const getFrontRowRooms = (q: FrontRowRoomsQuery) => api.post('/base/classroom/v1/frontRow/rooms', q, { schema: ZFrontRowRoomsPage });

export const frontRowRoomsQueryOptions = (q: FrontRowRoomsQuery) =>
  queryOptions({ queryKey: ['classrooms', 'frontRowRooms', q], queryFn: () => getFrontRowRooms(q), placeholderData: keepPreviousData });

export function useFrontRowRooms(q: FrontRowRoomsQuery) {
  return useQuery(frontRowRoomsQueryOptions(q));
}
