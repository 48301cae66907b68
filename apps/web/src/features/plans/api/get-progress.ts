import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPlanProgress } from '@hxk/contracts/plans';
import { api } from '../../../lib/api.ts';

export const getProgress = (planId: string) => api.get('/app/ddxk/plan/v1/progress', { planId }, { schema: ZPlanProgress });

export const progressQueryOptions = (planId: string) => queryOptions({ queryKey: ['plans', 'progress', planId], queryFn: () => getProgress(planId) });

export function useProgress(planId: string | null) {
  return useQuery({ ...progressQueryOptions(planId ?? ''), enabled: planId !== null });
}
