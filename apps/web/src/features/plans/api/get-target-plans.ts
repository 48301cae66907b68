import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZPlanPage } from '@hxk/contracts/plans';
import { api } from '../../../lib/api.ts';
import type { PlanQuery } from './get-plans.ts';

export const getTargetPlans = (q: PlanQuery) => api.post('/app/ddxk/plan/v1/target/pageList', q, { schema: ZPlanPage });

export const targetPlansQueryOptions = (q: PlanQuery) =>
  queryOptions({ queryKey: ['plans', 'target', 'list', q], queryFn: () => getTargetPlans(q), placeholderData: keepPreviousData });

export function useTargetPlans(q: PlanQuery) {
  return useQuery(targetPlansQueryOptions(q));
}
