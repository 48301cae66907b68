import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZTitleRecord } from '@hxk/contracts/settings';
import { api } from '../../../lib/api.ts';

/** The active school's product title (record 333333). */
export const getTitle = () => api.get('/base/system/title/v1/get', undefined, { schema: ZTitleRecord });

export const titleQueryOptions = () => queryOptions({ queryKey: ['settings', 'title'], queryFn: getTitle });

export function useTitle() {
  return useQuery(titleQueryOptions());
}
