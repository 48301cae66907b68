import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZTemplateCopyResponse } from '@hxk/contracts/templates';
import { api } from '../../../lib/api.ts';

export const copyTemplates = (ids: string[]) => api.post('/app/ddxk/template/v1/copy', { ids }, { schema: ZTemplateCopyResponse });

export function useCopyTemplates() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: copyTemplates, onSuccess: () => qc.invalidateQueries({ queryKey: ['templates'] }) });
}
