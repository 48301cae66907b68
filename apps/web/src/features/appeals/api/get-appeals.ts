import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZAppealPage } from '@hxk/contracts/appeals';
import { api } from '../../../lib/api.ts';
import type { AppealQuery } from './get-my-appeals.ts';

/** Every appeal of the school for the handlers, pending first. */
export const getAppeals = (q: AppealQuery) => api.post('/app/ddxk/appeal/v1/list', q, { schema: ZAppealPage });

export const appealsQueryOptions = (q: AppealQuery) =>
  queryOptions({ queryKey: ['appeals', 'all', q], queryFn: () => getAppeals(q), placeholderData: keepPreviousData });

export function useAppeals(q: AppealQuery, enabled = true) {
  return useQuery({ ...appealsQueryOptions(q), enabled });
}
