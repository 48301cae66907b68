import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZTemplate } from '@hxk/contracts/templates';
import { api } from '../../../lib/api.ts';

export const getTemplate = (templateId: string) => api.get('/app/ddxk/template/v1/detail', { templateId }, { schema: ZTemplate });

export const templateQueryOptions = (templateId: string) =>
  queryOptions({ queryKey: ['templates', 'detail', templateId], queryFn: () => getTemplate(templateId) });

/** One template with its content; idle without an id (a new template). */
export function useTemplate(templateId: string | null | undefined) {
  return useQuery({ ...templateQueryOptions(templateId ?? ''), enabled: Boolean(templateId) });
}
