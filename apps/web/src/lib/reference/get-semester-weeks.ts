import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSemesterWeeks } from '@hxk/contracts/calendar';
import { api } from '../api.ts';
import { referenceKeys } from './reference-keys.ts';

export const getSemesterWeeks = (id: string) => api.get('/base/calendar/getClendarWeeks', { id }, { schema: ZSemesterWeeks });

export const semesterWeeksQueryOptions = (id: string) => queryOptions({ queryKey: referenceKeys.semesterWeeks(id), queryFn: () => getSemesterWeeks(id) });

/** The teaching weeks of a semester with their dates (idle without a semester). */
export function useSemesterWeeks(id: string | undefined) {
  return useQuery({ ...semesterWeeksQueryOptions(id ?? ''), enabled: !!id });
}
