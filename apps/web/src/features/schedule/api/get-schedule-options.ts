import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZScheduleOptions } from '@hxk/contracts/courses';
import { api } from '../../../lib/api.ts';

export const getScheduleOptions = () => api.get('/app/ddxk/course/v1/options', undefined, { schema: ZScheduleOptions });

export const scheduleOptionsQueryOptions = () => queryOptions({ queryKey: ['schedule', 'options'], queryFn: getScheduleOptions, staleTime: 60_000 });

/** Departments and classrooms for the pickers. */
export function useScheduleOptions() {
  return useQuery(scheduleOptionsQueryOptions());
}
