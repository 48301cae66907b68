import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZUserInfo } from '@hxk/contracts/user';
import { api } from './api.ts';

/**
 * The signed-in person's id and permitted menu/button keys (GET /base/user/v1/info, the shell's own
 * reply: the same query key, so it comes from the cache). Menu keys (LessonEvaluationPlan, FreeCourse)
 * are not among the stored button keys of lib/permissions, hence this for screens that depend on them.
 */
export const getMyAccess = () => api.get('/base/user/v1/info', undefined, { schema: ZUserInfo });

export const myAccessQueryOptions = () => queryOptions({ queryKey: ['user', 'info'], queryFn: getMyAccess });

export function useMyAccess() {
  const q = useQuery(myAccessQueryOptions());
  return { userId: q.data?.userId, can: (key: string) => q.data?.permissions.includes(key) ?? false, ready: q.isSuccess };
}
