import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZIndicatorTree } from '@hxk/contracts/catalog';
import { api } from '../api.ts';
import { referenceKeys } from './reference-keys.ts';

export const getIndicatorTree = () => api.get('/app/ddxk/index/v1/tree', undefined, { schema: ZIndicatorTree });

export const indicatorTreeQueryOptions = () => queryOptions({ queryKey: referenceKeys.indicatorTree(), queryFn: getIndicatorTree, staleTime: 60_000 });

/** Enabled indicators, first level with their second-level ones, for pickers (their first-level names become a template's primary indicators). */
export function useIndicatorTree() {
  return useQuery(indicatorTreeQueryOptions());
}
