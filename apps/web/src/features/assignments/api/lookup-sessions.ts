import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZAssignedSessionPage } from '@hxk/contracts/assignments';
import { api } from '../../../lib/api.ts';

export type SessionLookup = { taskId: string; courseId: string; pageNum: number; pageSize: number };

export const lookupSessions = (q: SessionLookup) => api.post('/app/ddxk/assignments/v1/sessions', q, { schema: ZAssignedSessionPage });

export const sessionsQueryOptions = (q: SessionLookup) =>
  queryOptions({ queryKey: ['assignments', 'sessions', q], queryFn: () => lookupSessions(q), placeholderData: keepPreviousData });

export function useSessionLookup(q: SessionLookup) {
  return useQuery({ ...sessionsQueryOptions(q), enabled: Boolean(q.taskId && q.courseId) });
}
