import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZIndicatorPage } from '@hxk/contracts/catalog';
import { api } from '../../../lib/api.ts';
import { catalogKeys } from './keys.ts';

export type IndicatorQuery = { pageNum: number; pageSize: number; keyword?: string | undefined; classificationId?: string | undefined; enabled?: boolean | undefined };

export const getIndicators = (q: IndicatorQuery) => api.post('/app/ddxk/index/v1/pageList', q, { schema: ZIndicatorPage });

export const indicatorsQueryOptions = (q: IndicatorQuery) =>
  queryOptions({ queryKey: [...catalogKeys.indicators, 'list', q], queryFn: () => getIndicators(q), placeholderData: keepPreviousData });

export function useIndicators(q: IndicatorQuery) {
  return useQuery(indicatorsQueryOptions(q));
}
