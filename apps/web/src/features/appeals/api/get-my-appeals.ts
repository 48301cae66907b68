import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZAppealPage } from '@hxk/contracts/appeals';
import type { TAppealStatus } from '@hxk/contracts/workflow';
import { api } from '../../../lib/api.ts';

export type AppealQuery = { pageNum: number; pageSize: number; status?: TAppealStatus | undefined; keyword?: string | undefined; evaluationId?: string | undefined };

/** My appeals as a teacher (deleted ones are gone from this list), newest first. */
export const getMyAppeals = (q: AppealQuery) => api.post('/app/ddxk/appeal/v1/mine', q, { schema: ZAppealPage });

export const myAppealsQueryOptions = (q: AppealQuery) =>
  queryOptions({ queryKey: ['appeals', 'mine', q], queryFn: () => getMyAppeals(q), placeholderData: keepPreviousData });

export function useMyAppeals(q: AppealQuery, enabled = true) {
  return useQuery({ ...myAppealsQueryOptions(q), enabled });
}
