import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZOrgTreeResponse } from '@hxk/contracts/org';
import { api } from '../../../lib/api.ts';

/** The organisation tree with people per node. */
export const getOrgTree = () => api.get('/base/org/v1/tree', undefined, { schema: ZOrgTreeResponse });

export const orgTreeQueryOptions = () => queryOptions({ queryKey: ['org', 'tree'], queryFn: getOrgTree });

export function useOrgTree() {
  return useQuery(orgTreeQueryOptions());
}
