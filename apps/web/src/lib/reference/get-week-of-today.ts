import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZWeekInSemester } from '@hxk/contracts/calendar';
import { api } from '../api.ts';
import { referenceKeys } from './reference-keys.ts';

export const getWeekOfToday = (id: string) => api.get('/base/calendar/getClendarInWeek', { id }, { schema: ZWeekInSemester });

export const weekOfTodayQueryOptions = (id: string) => queryOptions({ queryKey: referenceKeys.weekOfToday(id), queryFn: () => getWeekOfToday(id) });

/** The teaching week containing today (school time zone); week is null outside the semester. */
export function useWeekOfToday(id: string | undefined) {
  return useQuery({ ...weekOfTodayQueryOptions(id ?? ''), enabled: !!id });
}
