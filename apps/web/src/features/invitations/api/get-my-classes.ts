import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyClassPage } from '@hxk/contracts/invitations';
import { api } from '../../../lib/api.ts';

export type MyClassQuery = { pageNum: number; pageSize: number; keyword?: string | undefined };

export const getMyClasses = (q: MyClassQuery) => api.post('/app/ddxk/invitation/v1/classes', q, { schema: ZMyClassPage });

export const myClassesQueryOptions = (q: MyClassQuery) =>
  queryOptions({ queryKey: ['invitations', 'classes', q], queryFn: () => getMyClasses(q), placeholderData: keepPreviousData });

/** My own classes that have not ended (from the school's today), with how many are invited to each. */
export function useMyClasses(q: MyClassQuery, enabled = true) {
  return useQuery({ ...myClassesQueryOptions(q), enabled });
}
