import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { analysisKeys } from './keys.ts';

export const deleteWarningRule = (id: string) => api.post<null>('/app/ddxk/ai/v1/warning-rules/delete', { id });

export function useDeleteWarningRule() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteWarningRule, onSuccess: () => qc.invalidateQueries({ queryKey: analysisKeys.warningRules }) });
}
