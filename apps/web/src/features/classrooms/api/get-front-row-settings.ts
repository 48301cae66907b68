import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZFrontRowSettings } from '@hxk/contracts/classrooms';
import { api } from '../../../lib/api.ts';

export const getFrontRowSettings = () => api.get('/base/classroom/v1/frontRow/get', undefined, { schema: ZFrontRowSettings });

export const frontRowSettingsQueryOptions = () => queryOptions({ queryKey: ['classrooms', 'frontRow'], queryFn: getFrontRowSettings });

export function useFrontRowSettings() {
  return useQuery(frontRowSettingsQueryOptions());
}
