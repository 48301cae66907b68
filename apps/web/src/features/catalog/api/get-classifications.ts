import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZClassificationPage, type TClassificationKind } from '@hxk/contracts/catalog';
import { api } from '../../../lib/api.ts';
import { catalogKeys, classificationBase } from './keys.ts';

export type ClassificationQuery = { pageNum: number; pageSize: number; keyword?: string | undefined };

export const getClassifications = (kind: TClassificationKind, q: ClassificationQuery) =>
  api.post(`${classificationBase(kind)}/pageList`, { ...q, kind }, { schema: ZClassificationPage });

export const classificationsQueryOptions = (kind: TClassificationKind, q: ClassificationQuery) =>
  queryOptions({ queryKey: [...catalogKeys.classifications(kind), 'list', q], queryFn: () => getClassifications(kind, q), placeholderData: keepPreviousData });

export function useClassifications(kind: TClassificationKind, q: ClassificationQuery) {
  return useQuery(classificationsQueryOptions(kind, q));
}
