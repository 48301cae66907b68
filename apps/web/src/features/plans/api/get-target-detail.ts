import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPlanProgress } from '@hxk/contracts/plans';
import { api } from '../../../lib/api.ts';

export const getTargetDetail = (planId: string) => api.get('/app/ddxk/plan/v1/target/detail', { planId }, { schema: ZPlanProgress });

export const targetDetailQueryOptions = (planId: string) =>
  queryOptions({ queryKey: ['plans', 'target', 'detail', planId], queryFn: () => getTargetDetail(planId) });

export function useTargetDetail(planId: string | null) {
  return useQuery({ ...targetDetailQueryOptions(planId ?? ''), enabled: planId !== null });
}
