import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSensitiveWord, type TSaveSensitiveWordRequest } from '@hxk/contracts/analysis';
import { api } from '../../../lib/api.ts';
import { analysisKeys } from './keys.ts';

export type SaveSensitiveWordInput = Omit<TSaveSensitiveWordRequest, 'id'> & { id?: string | undefined };

export const saveSensitiveWord = (input: SaveSensitiveWordInput) => api.post('/app/ddxk/ai/v1/sensitive-words/save', input, { schema: ZSensitiveWord });

export function useSaveSensitiveWord() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveSensitiveWord, onSuccess: () => qc.invalidateQueries({ queryKey: analysisKeys.sensitiveWords }) });
}
