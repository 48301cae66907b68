import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZRolePage } from '@hxk/contracts/roles';
import { ROLE_PAGE_FILTER_FIELD_ONE } from '@hxk/contracts/constants';
import { api } from '../../../lib/api.ts';

export type RolePageQuery = { pageNum: number; pageSize: number; queryName: string };

/** The school's roles, paged (the spec's client always sends filterFieldOne 2). */
export const getRolePage = (q: RolePageQuery) =>
  api.post('/app/ddxk/role/v1/rolePageList', { ...q, queryName: q.queryName || undefined, filterFieldOne: ROLE_PAGE_FILTER_FIELD_ONE }, { schema: ZRolePage });

export const rolePageQueryOptions = (q: RolePageQuery) =>
  queryOptions({ queryKey: ['roles', 'page', q], queryFn: () => getRolePage(q), placeholderData: keepPreviousData });

export function useRolePage(q: RolePageQuery) {
  return useQuery(rolePageQueryOptions(q));
}
