import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZTemplateOption } from '@hxk/contracts/templates';
import { api } from '../../../lib/api.ts';

export const getEvaluationTemplates = () => api.get('/app/ddxk/evaluation/v1/templates', undefined, { schema: z.array(ZTemplateOption) });

export const evaluationTemplatesQueryOptions = () =>
  queryOptions({ queryKey: ['evaluations', 'templates'], queryFn: getEvaluationTemplates, staleTime: 60_000 });

/** Published templates for free listening and temporary evaluation. */
export function useEvaluationTemplates(enabled = true) {
  return useQuery({ ...evaluationTemplatesQueryOptions(), enabled });
}
