import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMenuTree } from '@hxk/contracts/roles';
import { api } from '../../../lib/api.ts';

export const getMyMenus = () => api.get('/app/ddxk/role/v1/getRoleMenuByUserId', undefined, { schema: ZMenuTree });

export const myMenusQueryOptions = () => queryOptions({ queryKey: ['access', 'menus'], queryFn: getMyMenus });

export function useMyMenus() {
  return useQuery(myMenusQueryOptions());
}

export type TMenuTreeItem = {
  menuId: number;
  menuName: string;
  key: string;
  kind: 'group' | 'menu' | 'button';
  path: string | null;
  icon: string | null;
  hidden: boolean;
  children: unknown[];
};
