import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSessionHistory } from '@hxk/contracts/assistant';
import { api } from '../../../lib/api.ts';
import { assistantKeys } from './keys.ts';

export const getSessions = () => api.get('/ai/deekseek/v1/getSessionHistoryList', undefined, { schema: ZSessionHistory });

export const sessionsQueryOptions = () => queryOptions({ queryKey: assistantKeys.sessions, queryFn: getSessions });

/** My conversations, last asked first. */
export function useSessions(enabled: boolean) {
  return useQuery({ ...sessionsQueryOptions(), enabled });
}
