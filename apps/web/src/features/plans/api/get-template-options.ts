import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZTemplateOption } from '@hxk/contracts/templates';
import { api } from '../../../lib/api.ts';

export const getTemplateOptions = () => api.get('/app/ddxk/template/v1/options', undefined, { schema: z.array(ZTemplateOption) });

export const templateOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['plans', 'templateOptions'], queryFn: getTemplateOptions, staleTime: 30_000 });

/** Published templates a plan may use. */
export function useTemplateOptions() {
  return useQuery(templateOptionsQueryOptions());
}
