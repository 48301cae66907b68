import { useQuery } from '@tanstack/react-query';
import { ZAssistantStatus } from '@hxk/contracts/assistant';
import { api } from '../../../lib/api.ts';
import { assistantKeys } from './keys.ts';

export const getAssistantStatus = () => api.get('/ai/deekseek/v1/status', undefined, { schema: ZAssistantStatus });

/** Whether a language model answers, else the offline data assistant. */
export function useAssistantStatus() {
  return useQuery({ queryKey: assistantKeys.status, queryFn: getAssistantStatus, staleTime: 5 * 60_000 });
}
