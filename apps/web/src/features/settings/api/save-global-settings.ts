import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZGlobalSettings, type TSaveGlobalSettingsRequest } from '@hxk/contracts/settings';
import { api } from '../../../lib/api.ts';
import { globalSettingsQueryOptions } from './get-global-settings.ts';

export const saveGlobalSettings = (input: TSaveGlobalSettingsRequest) => api.post('/base/system/settings/v1/save', input, { schema: ZGlobalSettings, failure: 'save' });

export function useSaveGlobalSettings() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveGlobalSettings, onSuccess: (s) => qc.setQueryData(globalSettingsQueryOptions().queryKey, s) });
}
