import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZTimetable, type TTimetableRequest } from '@hxk/contracts/courses';
import { api } from '../../../lib/api.ts';

export const getTimetable = (q: TTimetableRequest) => api.post('/app/ddxk/course/v1/timetable', q, { schema: ZTimetable });

export const timetableQueryOptions = (q: TTimetableRequest) =>
  queryOptions({ queryKey: ['schedule', 'timetable', q], queryFn: () => getTimetable(q), placeholderData: keepPreviousData });

/** A teaching week by weekday and session; idle until a semester and a week are chosen. */
export function useTimetable(q: Partial<TTimetableRequest>) {
  const ready = !!q.semesterId && !!q.week;
  return useQuery({ ...timetableQueryOptions(q as TTimetableRequest), enabled: ready });
}
