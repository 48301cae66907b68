import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRecorder, type TSaveRecorderRequest } from '@hxk/contracts/classrooms';
import { api } from '../../../lib/api.ts';

export const saveRecorder = (input: TSaveRecorderRequest) => api.post('/base/recorder/v1/save', input, { schema: ZRecorder });

export function useSaveRecorder() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveRecorder, onSuccess: () => qc.invalidateQueries({ queryKey: ['classrooms'] }) });
}
