import { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { assistantKeys } from './keys.ts';

export const newSession = (model: 0 | 1) => api.get('/ai/deekseek/v1/getNewSessionId', { model }, { schema: z.string() });

/** Starts a conversation; its id comes back. */
export function useNewSession() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: newSession, onSuccess: () => qc.invalidateQueries({ queryKey: assistantKeys.sessions }) });
}
