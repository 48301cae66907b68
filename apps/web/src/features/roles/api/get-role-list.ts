import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZRoleListItem } from '@hxk/contracts/roles';
import { api } from '../../../lib/api.ts';

export type RoleListItem = z.infer<typeof ZRoleListItem>;

export const getRoleList = () => api.get('/app/ddxk/role/v1/roleList', undefined, { schema: z.array(ZRoleListItem) });

export const roleListQueryOptions = () => queryOptions({ queryKey: ['roles', 'list'], queryFn: getRoleList });

export function useRoleList() {
  return useQuery(roleListQueryOptions());
}
