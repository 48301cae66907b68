import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const stopTemplates = (ids: string[]) => api.post<null>('/app/ddxk/template/v1/stop', { ids });

export function useStopTemplates() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: stopTemplates, onSuccess: () => qc.invalidateQueries({ queryKey: ['templates'] }) });
}
