import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZProblemList } from '@hxk/contracts/assistant';
import { api } from '../../../lib/api.ts';
import { assistantKeys } from './keys.ts';

export const getProblems = (sessionId: string) => api.get('/ai/deekseek/v1/getProblemList', { sessionId }, { schema: ZProblemList });

export const problemsQueryOptions = (sessionId: string) => queryOptions({ queryKey: assistantKeys.problems(sessionId), queryFn: () => getProblems(sessionId) });

/** One conversation's questions and answers, oldest first. */
export function useProblems(sessionId: string | null) {
  return useQuery({ ...problemsQueryOptions(sessionId ?? ''), enabled: sessionId !== null });
}
