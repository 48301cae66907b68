import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZApplicationsResponse } from '@hxk/contracts/settings';
import { api } from '../../../lib/api.ts';

export type ApplicationsQuery = { pageNum: number; pageSize: number; queryName: string };

/** The school's applications grouped by category, paged on the server. */
export const getApplications = (q: ApplicationsQuery) =>
  api.post('/base/application/v1/getApplictations', { ...q, queryName: q.queryName || undefined }, { schema: ZApplicationsResponse });

export const applicationsQueryOptions = (q: ApplicationsQuery) =>
  queryOptions({ queryKey: ['applications', 'list', q], queryFn: () => getApplications(q), placeholderData: keepPreviousData });

export function useApplications(q: ApplicationsQuery, enabled: boolean) {
  return useQuery({ ...applicationsQueryOptions(q), enabled });
}
