import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { recordingViewOptions, ZRecorderSettings } from '@hxk/contracts/classrooms';
import { api } from '../../../lib/api.ts';
import { SESSION_KEYS } from '../../../lib/storage-keys.ts';

/**
 * The recording views offered and the external address. Every read refreshes TourRecordingSettings in
 * session storage, the option list built exactly as spec section 4 says (Recorder Recording = 1,
 * Camera Recording = 2), with labels in the current language.
 */
export async function getRecorderSettings(label: (key: string) => string) {
  const settings = await api.get('/base/recorder/set/v1/getInfoById', undefined, { schema: ZRecorderSettings });
  const options = recordingViewOptions(settings).map((o) => ({ label: label(o.label), value: o.value }));
  sessionStorage.setItem(SESSION_KEYS.tourRecordingSettings, JSON.stringify(options));
  return settings;
}

/** Keyed by language: the stored option labels follow the language the person reads. */
export const recorderSettingsQueryOptions = (label: (key: string) => string, language: string) =>
  queryOptions({ queryKey: ['classrooms', 'recorderSettings', language], queryFn: () => getRecorderSettings(label) });

export function useRecorderSettings() {
  const { t, i18n } = useTranslation('classrooms');
  return useQuery(recorderSettingsQueryOptions((key) => t(`recordingView.${key}`), i18n.language));
}
