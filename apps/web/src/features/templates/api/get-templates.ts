import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZTemplatePage, type TTemplateSummary } from '@hxk/contracts/templates';
import type { TTemplateStatus } from '@hxk/contracts/workflow';
import { api } from '../../../lib/api.ts';

export type TemplateSummary = TTemplateSummary;
export type TemplateQuery = { pageNum: number; pageSize: number; keyword?: string | undefined; status?: TTemplateStatus | undefined };

export const getTemplates = (q: TemplateQuery) => api.post('/app/ddxk/template/v1/pageList', q, { schema: ZTemplatePage });

export const templatesQueryOptions = (q: TemplateQuery) =>
  queryOptions({ queryKey: ['templates', 'list', q], queryFn: () => getTemplates(q), placeholderData: keepPreviousData });

export function useTemplates(q: TemplateQuery) {
  return useQuery(templatesQueryOptions(q));
}
