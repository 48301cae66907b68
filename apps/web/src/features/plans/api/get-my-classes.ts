import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPlanClasses } from '@hxk/contracts/plans';
import { api } from '../../../lib/api.ts';

export type MyClassesQuery = { planId: string; date?: string | undefined; weekOf?: string | undefined; keyword?: string | undefined };

export const getMyClasses = (q: MyClassesQuery) => api.get('/app/ddxk/plan/v1/my/classes', q, { schema: ZPlanClasses });

export const myClassesQueryOptions = (q: MyClassesQuery) => queryOptions({ queryKey: ['plans', 'my', 'classes', q], queryFn: () => getMyClasses(q) });

export function useMyClasses(q: MyClassesQuery, enabled = true) {
  return useQuery({ ...myClassesQueryOptions(q), enabled: enabled && Boolean(q.planId) });
}
