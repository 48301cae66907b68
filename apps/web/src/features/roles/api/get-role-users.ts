import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZRoleUserPage, type ZRoleUser } from '@hxk/contracts/roles';
import { api } from '../../../lib/api.ts';

export type RoleUser = z.infer<typeof ZRoleUser>;
export type RoleUsersQuery = { pageNum: number; pageSize: number; roleId?: string; keyword: string };

/** Members of the school with their roles; with `roleId`, only that role's members. */
export const getRoleUsers = (q: RoleUsersQuery) =>
  api.post('/app/ddxk/role/v1/userList', { ...q, keyword: q.keyword || undefined }, { schema: ZRoleUserPage });

export const roleUsersQueryOptions = (q: RoleUsersQuery) =>
  queryOptions({ queryKey: ['roles', 'users', q], queryFn: () => getRoleUsers(q), placeholderData: keepPreviousData });

export function useRoleUsers(q: RoleUsersQuery, enabled = true) {
  return useQuery({ ...roleUsersQueryOptions(q), enabled });
}
