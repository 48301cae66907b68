import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZGlobalSettings } from '@hxk/contracts/settings';
import { api } from '../../../lib/api.ts';

/** The school's global settings (the default reset password only as whether it is set). */
export const getGlobalSettings = () => api.get('/base/system/settings/v1/get', undefined, { schema: ZGlobalSettings });

export const globalSettingsQueryOptions = () => queryOptions({ queryKey: ['settings', 'global'], queryFn: getGlobalSettings });

export function useGlobalSettings() {
  return useQuery(globalSettingsQueryOptions());
}
