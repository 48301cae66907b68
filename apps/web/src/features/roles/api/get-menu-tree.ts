import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMenuTree } from '@hxk/contracts/roles';
import { api } from '../../../lib/api.ts';

export const getMenuTree = () => api.get('/app/ddxk/role/v1/getMenuTree', undefined, { schema: ZMenuTree });

export const menuTreeQueryOptions = () => queryOptions({ queryKey: ['roles', 'menuTree'], queryFn: getMenuTree, staleTime: Infinity });

export function useMenuTree() {
  return useQuery(menuTreeQueryOptions());
}
