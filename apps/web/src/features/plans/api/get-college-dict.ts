import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCollegeDictResponse } from '@hxk/contracts/org';
import { api } from '../../../lib/api.ts';

export const getCollegeDict = () => api.get('/base/base/data/v1/college/dict', undefined, { schema: ZCollegeDictResponse });

export const collegeDictQueryOptions = () => queryOptions({ queryKey: ['org', 'collegeDict'], queryFn: getCollegeDict, staleTime: 60_000 });

export function useCollegeDict() {
  return useQuery(collegeDictQueryOptions());
}
