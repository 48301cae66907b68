import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZFrontRowSettings, type TFrontRowSettings } from '@hxk/contracts/classrooms';
import { api } from '../../../lib/api.ts';

export const saveFrontRowSettings = (input: TFrontRowSettings) => api.post('/base/classroom/v1/frontRow/save', input, { schema: ZFrontRowSettings });

export function useSaveFrontRowSettings() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveFrontRowSettings, onSuccess: () => qc.invalidateQueries({ queryKey: ['classrooms', 'frontRow'] }) });
}
