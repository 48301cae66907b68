import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCalendarDict } from '@hxk/contracts/calendar';
import { api } from '../../../lib/api.ts';

/** The school's semesters (the calendar feature's query key, so it shares the cache). */
export const getSemesters = () => api.get('/app/ddxk/base/data/v1/calendar/dict', undefined, { schema: ZCalendarDict });

export const semestersQueryOptions = () => queryOptions({ queryKey: ['calendar', 'dict'], queryFn: getSemesters, staleTime: 60_000 });

export function useSemesters() {
  return useQuery(semestersQueryOptions());
}
