import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSensitivity } from '@hxk/contracts/classrooms';
import { api } from '../../../lib/api.ts';

export const saveSensitivity = (input: { cameraId: string; sensitivity: number }) =>
  api.post('/base/camera/v1/save/camera/sensitivity', input, { schema: ZSensitivity });

export function useSaveSensitivity() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveSensitivity, onSuccess: () => qc.invalidateQueries({ queryKey: ['classrooms'] }) });
}
