import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAssistantSettings, ZAssistantTestResult, type TSaveAssistantSettings } from '@hxk/contracts/assistant';
import { api } from '../../../lib/api.ts';
import { assistantKeys } from './keys.ts';

export const getAssistantSettings = () => api.get('/ai/assistant/v1/settings', undefined, { schema: ZAssistantSettings });
export const saveAssistantSettings = (input: TSaveAssistantSettings) => api.post('/ai/assistant/v1/settings/save', input, { schema: ZAssistantSettings });
export const testAssistantProvider = () => api.post('/ai/assistant/v1/settings/test', {}, { schema: ZAssistantTestResult });

export const assistantSettingsQueryOptions = () => queryOptions({ queryKey: assistantKeys.settings, queryFn: getAssistantSettings });

/** The school's language model (address, model, whether a key is stored, whose model answers) and its fair-use limits. */
export function useAssistantSettings() {
  return useQuery(assistantSettingsQueryOptions());
}

export function useSaveAssistantSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveAssistantSettings,
    onSuccess: async (data) => {
      qc.setQueryData(assistantKeys.settings, data);
      // Whose model answers and what is left of the budget follow the settings.
      await Promise.all([qc.invalidateQueries({ queryKey: assistantKeys.status }), qc.invalidateQueries({ queryKey: assistantKeys.usageAll })]);
    },
  });
}

export function useTestAssistantProvider() {
  return useMutation({ mutationFn: testAssistantProvider });
}
