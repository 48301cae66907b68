import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZUsageWeek } from '@hxk/contracts/usage';
import { api } from '../../../lib/api.ts';

export type UsageWeekQuery = { semesterId: string; week: number; buildingId?: string | undefined };

export const getUsageWeek = (q: UsageWeekQuery) =>
  api.get('/app/usage/v1/week', { semesterId: q.semesterId, week: q.week, ...(q.buildingId ? { buildingId: q.buildingId } : {}) }, { schema: ZUsageWeek });

export const usageWeekQueryOptions = (q: UsageWeekQuery) =>
  queryOptions({ queryKey: ['usage', 'week', q], queryFn: () => getUsageWeek(q), placeholderData: keepPreviousData });

/** A teaching week's classroom usage; idle until a semester and a week are chosen. */
export function useUsageWeek(q: Partial<UsageWeekQuery>) {
  return useQuery({ ...usageWeekQueryOptions(q as UsageWeekQuery), enabled: !!q.semesterId && !!q.week });
}
