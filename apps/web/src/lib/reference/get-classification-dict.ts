import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZClassificationOption, type TClassificationKind } from '@hxk/contracts/catalog';
import { api } from '../api.ts';
import { referenceKeys } from './reference-keys.ts';

export const getClassificationDict = (kind: TClassificationKind) => api.get('/app/ddxk/classification/v1/dict', { kind }, { schema: z.array(ZClassificationOption) });

export const classificationDictQueryOptions = (kind: TClassificationKind) =>
  queryOptions({ queryKey: referenceKeys.classificationDict(kind), queryFn: () => getClassificationDict(kind), staleTime: 60_000 });

/** Classification choices for filters and forms. */
export function useClassificationDict(kind: TClassificationKind, enabled = true) {
  return useQuery({ ...classificationDictQueryOptions(kind), enabled });
}
