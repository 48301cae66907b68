import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCalendarDict } from '@hxk/contracts/calendar';
import { api } from '../api.ts';
import { referenceKeys } from './reference-keys.ts';

/** The school's semesters for pickers. */
export const getSemesters = () => api.get('/app/ddxk/base/data/v1/calendar/dict', undefined, { schema: ZCalendarDict });

export const semestersQueryOptions = () => queryOptions({ queryKey: referenceKeys.semesters(), queryFn: getSemesters, staleTime: 60_000 });

export function useSemesters() {
  return useQuery(semestersQueryOptions());
}
