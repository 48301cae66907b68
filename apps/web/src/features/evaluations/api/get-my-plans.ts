import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyPlanPage, type TPlanSummary } from '@hxk/contracts/plans';
import { api } from '../../../lib/api.ts';

export type MyPlanQuery = { pageNum: number; pageSize: number; phase?: TPlanSummary['phase'] | undefined };

/** A supervisor's plans with their next classes (the plans feature's query key, so it shares the cache and invalidation). */
export const getMyPlans = (q: MyPlanQuery) => api.post('/app/ddxk/plan/v1/my/pageList', q, { schema: ZMyPlanPage });

export const myPlansQueryOptions = (q: MyPlanQuery) =>
  queryOptions({ queryKey: ['plans', 'my', 'list', q], queryFn: () => getMyPlans(q), placeholderData: keepPreviousData });

export function useMyPlans(q: MyPlanQuery, enabled = true) {
  return useQuery({ ...myPlansQueryOptions(q), enabled });
}
