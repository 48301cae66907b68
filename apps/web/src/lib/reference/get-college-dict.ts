import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCollegeDictResponse } from '@hxk/contracts/org';
import { api } from '../api.ts';
import { referenceKeys } from './reference-keys.ts';

/** Colleges and their organisation units. */
export const getCollegeDict = () => api.get('/base/base/data/v1/college/dict', undefined, { schema: ZCollegeDictResponse });

export const collegeDictQueryOptions = () => queryOptions({ queryKey: referenceKeys.colleges(), queryFn: getCollegeDict, staleTime: 60_000 });

export function useCollegeDict(enabled = true) {
  return useQuery({ ...collegeDictQueryOptions(), enabled });
}
