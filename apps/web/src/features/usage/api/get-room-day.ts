import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZUsageRoomDay } from '@hxk/contracts/usage';
import { api } from '../../../lib/api.ts';

export const getRoomDay = (classroomId: string, date: string) => api.get('/app/usage/v1/room-day', { classroomId, date }, { schema: ZUsageRoomDay });

export const roomDayQueryOptions = (classroomId: string, date: string) =>
  queryOptions({ queryKey: ['usage', 'roomDay', classroomId, date], queryFn: () => getRoomDay(classroomId, date) });

/** One room's day, session by session; idle until a cell is opened. */
export function useRoomDay(cell: { classroomId: string; date: string } | null) {
  return useQuery({ ...roomDayQueryOptions(cell?.classroomId ?? '', cell?.date ?? ''), enabled: !!cell });
}
