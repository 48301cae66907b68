import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyPlanPage, type TPlanSummary } from '@hxk/contracts/plans';
import { api } from '../../../lib/api.ts';

export type MyPlanQuery = { pageNum: number; pageSize: number; phase?: TPlanSummary['phase'] | undefined; keyword?: string | undefined };

export const getMyPlans = (q: MyPlanQuery) => api.post('/app/ddxk/plan/v1/my/pageList', q, { schema: ZMyPlanPage });

export const myPlansQueryOptions = (q: MyPlanQuery) =>
  queryOptions({ queryKey: ['plans', 'my', 'list', q], queryFn: () => getMyPlans(q), placeholderData: keepPreviousData });

export function useMyPlans(q: MyPlanQuery) {
  return useQuery(myPlansQueryOptions(q));
}
