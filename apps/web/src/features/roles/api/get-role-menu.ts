import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZRoleMenuResponse } from '@hxk/contracts/roles';
import { api } from '../../../lib/api.ts';

/** Menu and button ids a role grants (ancestors included). */
export const getRoleMenu = (roleId: string) => api.get('/app/ddxk/role/v1/getRoleMenu', { roleId }, { schema: ZRoleMenuResponse });

export const roleMenuQueryOptions = (roleId: string) => queryOptions({ queryKey: ['roles', 'menu', roleId], queryFn: () => getRoleMenu(roleId) });

export function useRoleMenu(roleId: string | undefined) {
  return useQuery({ ...roleMenuQueryOptions(roleId ?? ''), enabled: !!roleId });
}
