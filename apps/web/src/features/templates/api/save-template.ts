import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSaveTemplateResponse, type TSaveTemplateRequest } from '@hxk/contracts/templates';
import { api } from '../../../lib/api.ts';

export const saveTemplate = (body: TSaveTemplateRequest) => api.post('/app/ddxk/template/v1/saveOrUpdate', body, { schema: ZSaveTemplateResponse });

export function useSaveTemplate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveTemplate, onSuccess: () => qc.invalidateQueries({ queryKey: ['templates'] }) });
}
