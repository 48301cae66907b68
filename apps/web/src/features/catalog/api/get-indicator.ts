import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZIndicator } from '@hxk/contracts/catalog';
import { api } from '../../../lib/api.ts';
import { catalogKeys } from './keys.ts';

export const getIndicator = (indicatorId: string) => api.get('/app/ddxk/index/v1/detail', { indicatorId }, { schema: ZIndicator });

export const indicatorQueryOptions = (indicatorId: string) => queryOptions({ queryKey: [...catalogKeys.indicators, 'detail', indicatorId], queryFn: () => getIndicator(indicatorId) });

/** The indicator being edited; idle while `indicatorId` is null (adding). */
export function useIndicator(indicatorId: string | null) {
  return useQuery({ ...indicatorQueryOptions(indicatorId ?? ''), enabled: indicatorId !== null });
}
