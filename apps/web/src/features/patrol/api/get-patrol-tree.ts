import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPatrolTree } from '@hxk/contracts/patrol-wall';
import { api } from '../../../lib/api.ts';

/** Building → floor → room of the rooms within my patrol reach. */
export const getPatrolTree = () => api.get('/app/live/v1/patrol/tree', undefined, { schema: ZPatrolTree, quietKeys: ['live.noPatrol'] });

export const patrolTreeQueryOptions = () => queryOptions({ queryKey: ['patrol', 'tree'], queryFn: getPatrolTree, retry: false });

export function usePatrolTree(enabled: boolean) {
  return useQuery({ ...patrolTreeQueryOptions(), enabled });
}
