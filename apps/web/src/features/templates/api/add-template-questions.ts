import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZTemplate } from '@hxk/contracts/templates';
import { api } from '../../../lib/api.ts';

export type AddTemplateQuestions = { templateId: string; sectionKey: string; questionIds: string[] };

export const addTemplateQuestions = (body: AddTemplateQuestions) => api.post('/app/ddxk/template/v1/addQuestions', body, { schema: ZTemplate });

export function useAddTemplateQuestions() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addTemplateQuestions, onSuccess: () => qc.invalidateQueries({ queryKey: ['templates'] }) });
}
