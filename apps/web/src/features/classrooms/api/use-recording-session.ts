import { useExternalInfo } from './get-external-info.ts';
import { useRecorderSettings } from './get-recorder-settings.ts';

/**
 * Loaded with the shell after sign-in: keeps TourRecordingSettings and enableExternal in session
 * storage (spec sections 3 and 7). Nothing waits for them.
 */
export function useRecordingSession(): void {
  useRecorderSettings();
  useExternalInfo();
}
