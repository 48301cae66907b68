import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZRoleListItem } from '@hxk/contracts/roles';
import { api } from '../../../lib/api.ts';

export type RoleOption = z.infer<typeof ZRoleListItem>;

/** The school's roles for the filter and the form's multi-select. */
export const getRoleOptions = () => api.get('/app/ddxk/role/v1/roleList', undefined, { schema: z.array(ZRoleListItem) });

export const roleOptionsQueryOptions = () => queryOptions({ queryKey: ['users', 'roleOptions'], queryFn: getRoleOptions, staleTime: 60_000 });

export function useRoleOptions() {
  return useQuery(roleOptionsQueryOptions());
}
