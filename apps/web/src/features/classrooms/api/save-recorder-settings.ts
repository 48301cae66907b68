import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZRecorderSettings, type ZSaveRecorderSettingsRequest } from '@hxk/contracts/classrooms';
import { api } from '../../../lib/api.ts';

export type SaveRecorderSettingsInput = z.input<typeof ZSaveRecorderSettingsRequest>;

export const saveRecorderSettings = (input: SaveRecorderSettingsInput) => api.post('/base/recorder/set/v1/save', input, { schema: ZRecorderSettings });

export function useSaveRecorderSettings() {
  const qc = useQueryClient();
  // Refetching both keeps TourRecordingSettings and enableExternal in session storage current.
  return useMutation({ mutationFn: saveRecorderSettings, onSuccess: () => qc.invalidateQueries({ queryKey: ['classrooms'] }) });
}
