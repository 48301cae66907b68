import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZTemplateVersion } from '@hxk/contracts/templates';
import { api } from '../../../lib/api.ts';

export const getTemplateVersion = (templateVersionId: string) => api.get('/app/ddxk/template/v1/version', { templateVersionId }, { schema: ZTemplateVersion });

export const templateVersionQueryOptions = (templateVersionId: string) =>
  queryOptions({ queryKey: ['templates', 'version', templateVersionId], queryFn: () => getTemplateVersion(templateVersionId), staleTime: Infinity });

/** A published version never changes, so it is fetched once. */
export function useTemplateVersion(templateVersionId: string | null) {
  return useQuery({ ...templateVersionQueryOptions(templateVersionId ?? ''), enabled: Boolean(templateVersionId) });
}
