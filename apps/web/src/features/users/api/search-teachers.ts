import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMemberPage } from '@hxk/contracts/members';
import { IDENTITY } from '@hxk/contracts/permissions';
import { api } from '../../../lib/api.ts';

/** Teachers of the school by name, account or phone (the member list, first page), for the supervised-teachers picker. */
export const searchTeachers = (keyword: string | undefined) =>
  api.post('/base/user/v1/list', { pageNum: 1, pageSize: 50, keyword, identity: IDENTITY.teacher, status: 'approved' }, { schema: ZMemberPage });

export const teacherSearchQueryOptions = (keyword: string | undefined) =>
  queryOptions({ queryKey: ['users', 'teacherSearch', keyword], queryFn: () => searchTeachers(keyword), staleTime: 30_000 });

export function useTeacherSearch(keyword: string | undefined, enabled: boolean) {
  return useQuery({ ...teacherSearchQueryOptions(keyword), enabled });
}
