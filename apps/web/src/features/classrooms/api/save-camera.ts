import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCamera, type TSaveCameraRequest } from '@hxk/contracts/classrooms';
import { api } from '../../../lib/api.ts';

export const saveCamera = (input: TSaveCameraRequest) => api.post('/base/camera/v1/save', input, { schema: ZCamera });

export function useSaveCamera() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveCamera, onSuccess: () => qc.invalidateQueries({ queryKey: ['classrooms'] }) });
}
