import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZSteeringPage } from '@hxk/contracts/plans';
import { api } from '../../../lib/api.ts';

export type SteeringQuery = { pageNum: number; pageSize: number; keyword?: string | undefined; groupId?: string | undefined; behindOnly?: boolean | undefined };

export const getSteering = (q: SteeringQuery) => api.post('/app/ddxk/plan/v1/steering/pageList', q, { schema: ZSteeringPage });

export const steeringQueryOptions = (q: SteeringQuery) =>
  queryOptions({ queryKey: ['plans', 'steering', q], queryFn: () => getSteering(q), placeholderData: keepPreviousData });

export function useSteering(q: SteeringQuery) {
  return useQuery(steeringQueryOptions(q));
}
