import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPlan } from '@hxk/contracts/plans';
import { api } from '../../../lib/api.ts';

export const getPlan = (planId: string) => api.get('/app/ddxk/plan/v1/detail', { planId }, { schema: ZPlan });

export const planQueryOptions = (planId: string) => queryOptions({ queryKey: ['plans', 'detail', planId], queryFn: () => getPlan(planId) });

/** One plan with its courses and supervisors; idle while `planId` is null (adding). */
export function usePlan(planId: string | null) {
  return useQuery({ ...planQueryOptions(planId ?? ''), enabled: planId !== null });
}
