import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZSemester } from '@hxk/contracts/calendar';
import { api } from '../../../lib/api.ts';

export const getSemesters = () => api.get('/base/calendar/v1/list', undefined, { schema: z.array(ZSemester) });

export const semestersQueryOptions = () => queryOptions({ queryKey: ['schedule', 'semesters'], queryFn: getSemesters });

/** Every semester of the school, newest first; the one containing today is flagged `current`. */
export function useSemesters() {
  return useQuery(semestersQueryOptions());
}
