import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZSemester } from '@hxk/contracts/calendar';
import { api } from '../api.ts';
import { referenceKeys } from './reference-keys.ts';

export const getSemesterList = () => api.get('/base/calendar/v1/list', undefined, { schema: z.array(ZSemester) });

export const semesterListQueryOptions = () => queryOptions({ queryKey: referenceKeys.semesterList(), queryFn: getSemesterList });

/** Every semester of the school, newest first; the one containing today is flagged `current`. */
export function useSemesterList() {
  return useQuery(semesterListQueryOptions());
}
