import { queryOptions, useQuery } from '@tanstack/react-query';
import { recordingViewOptions, ZRecorderSettings } from '@hxk/contracts/classrooms';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { SESSION_KEYS } from '../../../lib/storage-keys.ts';

const ZStoredOptions = z.array(z.object({ label: z.string(), value: z.number() }));

/** The recording-view values kept in TourRecordingSettings (spec section 4), or null when not stored yet. */
export function storedRecordingOptions(): number[] | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEYS.tourRecordingSettings);
    if (!raw) return null;
    const parsed = ZStoredOptions.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.map((o) => o.value) : null;
  } catch {
    return null;
  }
}

/**
 * The recording views offered: from TourRecordingSettings when the shell has stored them, else read
 * from the recorder settings and stored there as the spec says (labels in the reader's language).
 */
export async function getRecordingOptions(label: (value: number) => string): Promise<number[]> {
  const stored = storedRecordingOptions();
  if (stored) return stored;
  const settings = await api.get('/base/recorder/set/v1/getInfoById', undefined, { schema: ZRecorderSettings });
  const options = recordingViewOptions(settings).map((o) => ({ label: label(o.value), value: o.value }));
  sessionStorage.setItem(SESSION_KEYS.tourRecordingSettings, JSON.stringify(options));
  return options.map((o) => o.value);
}

export const recordingOptionsQueryOptions = (label: (value: number) => string) =>
  queryOptions({ queryKey: ['recordings', 'options'], queryFn: () => getRecordingOptions(label), staleTime: 60_000 });

export function useRecordingOptions(label: (value: number) => string) {
  return useQuery(recordingOptionsQueryOptions(label));
}
