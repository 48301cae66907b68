import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZDataBoard } from '@hxk/contracts/analysis-board';
import { api } from '../../../lib/api.ts';

/** Today's board is asked again this often (classes start, analyses finish, warnings are raised). */
export const BOARD_REFRESH_MS = 60_000;

export const getDataBoard = (date: string | undefined) => api.get('/app/ddxk/ai/v1/board', date ? { date } : undefined, { schema: ZDataBoard });

export const dataBoardQueryOptions = (date: string | undefined) =>
  queryOptions({
    queryKey: ['analysis', 'board', date ?? 'today'] as const,
    queryFn: () => getDataBoard(date),
    // A past day does not change; today's does.
    refetchInterval: date ? false : BOARD_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

/** The AI data board of a day (undefined: today, refreshed every minute). */
export function useDataBoard(date: string | undefined) {
  return useQuery(dataBoardQueryOptions(date));
}
