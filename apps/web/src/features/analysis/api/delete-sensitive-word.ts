import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { analysisKeys } from './keys.ts';

export const deleteSensitiveWord = (id: string) => api.post<null>('/app/ddxk/ai/v1/sensitive-words/delete', { id });

export function useDeleteSensitiveWord() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteSensitiveWord, onSuccess: () => qc.invalidateQueries({ queryKey: analysisKeys.sensitiveWords }) });
}
