import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZIndicatorTree } from '@hxk/contracts/catalog';
import { api } from '../../../lib/api.ts';
import { catalogKeys } from './keys.ts';

export const getIndicatorTree = () => api.get('/app/ddxk/index/v1/tree', undefined, { schema: ZIndicatorTree });

export const indicatorTreeQueryOptions = () => queryOptions({ queryKey: catalogKeys.indicatorTree, queryFn: getIndicatorTree, staleTime: 60_000 });

/** Enabled indicators, first level with their second-level ones, for pickers. */
export function useIndicatorTree() {
  return useQuery(indicatorTreeQueryOptions());
}
