import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZTemplateOption } from '@hxk/contracts/templates';
import { api } from '../../../lib/api.ts';

export const getPublishedTemplates = () => api.get('/app/ddxk/evaluation/v1/templates', undefined, { schema: z.array(ZTemplateOption) });

/** The same key as the evaluations feature's list: one request between the two screens. */
export const publishedTemplatesQueryOptions = () =>
  queryOptions({ queryKey: ['evaluations', 'templates'], queryFn: getPublishedTemplates, staleTime: 60_000 });

/** Published templates, to evaluate an invited class with. */
export function usePublishedTemplates(enabled = true) {
  return useQuery({ ...publishedTemplatesQueryOptions(), enabled });
}
