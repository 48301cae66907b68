import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCalendarDict } from '@hxk/contracts/calendar';
import { api } from '../../../lib/api.ts';

export const getSemesters = () => api.get('/app/ddxk/base/data/v1/calendar/dict', undefined, { schema: ZCalendarDict });

export const semestersQueryOptions = () => queryOptions({ queryKey: ['calendar', 'dict'], queryFn: getSemesters, staleTime: 60_000 });

export function useSemesters() {
  return useQuery(semestersQueryOptions());
}
