import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const publishTemplates = (ids: string[]) => api.post<null>('/app/ddxk/template/v1/publish', { ids });

export function usePublishTemplates() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: publishTemplates, onSuccess: () => qc.invalidateQueries({ queryKey: ['templates'] }) });
}
