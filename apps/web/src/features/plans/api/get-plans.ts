import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZPlanPage, type TPlanListRequest } from '@hxk/contracts/plans';
import { api } from '../../../lib/api.ts';

export type PlanQuery = TPlanListRequest & { pageNum: number; pageSize: number };

export const getPlans = (q: PlanQuery) => api.post('/app/ddxk/plan/v1/pageList', q, { schema: ZPlanPage });

export const plansQueryOptions = (q: PlanQuery) =>
  queryOptions({ queryKey: ['plans', 'list', q], queryFn: () => getPlans(q), placeholderData: keepPreviousData });

export function usePlans(q: PlanQuery) {
  return useQuery(plansQueryOptions(q));
}
