import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSessionTimes } from '@hxk/contracts/calendar';
import { api } from '../../../lib/api.ts';

export const getSessionTimes = () => api.get('/base/calendar/v1/sessionTimes', undefined, { schema: ZSessionTimes });

export const sessionTimesQueryOptions = () => queryOptions({ queryKey: ['schedule', 'sessionTimes'], queryFn: getSessionTimes });

export function useSessionTimes() {
  return useQuery(sessionTimesQueryOptions());
}
