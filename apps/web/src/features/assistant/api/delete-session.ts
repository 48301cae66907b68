import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { buildUrl } from '../../../lib/envelope.ts';
import { assistantKeys } from './keys.ts';

export const deleteSession = (sessionId: string) => api.post<null>(buildUrl('/ai/deekseek/v1/deleteSession', { sessionId }));

export function useDeleteSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: (_d, sessionId) => {
      qc.removeQueries({ queryKey: assistantKeys.problems(sessionId) });
      return qc.invalidateQueries({ queryKey: assistantKeys.sessions });
    },
  });
}
