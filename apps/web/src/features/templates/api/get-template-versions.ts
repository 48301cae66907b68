import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZTemplateVersionList } from '@hxk/contracts/templates';
import { api } from '../../../lib/api.ts';

export const getTemplateVersions = (templateId: string) => api.get('/app/ddxk/template/v1/versions', { templateId }, { schema: ZTemplateVersionList });

export const templateVersionsQueryOptions = (templateId: string) =>
  queryOptions({ queryKey: ['templates', 'versions', templateId], queryFn: () => getTemplateVersions(templateId) });

export function useTemplateVersions(templateId: string) {
  return useQuery({ ...templateVersionsQueryOptions(templateId), enabled: Boolean(templateId) });
}
