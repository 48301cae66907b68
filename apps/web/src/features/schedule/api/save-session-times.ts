import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSessionTimes, type TSaveSessionTimesRequest } from '@hxk/contracts/calendar';
import { api } from '../../../lib/api.ts';

export const saveSessionTimes = (input: TSaveSessionTimesRequest) => api.post('/base/calendar/v1/sessionTimes/save', input, { schema: ZSessionTimes });

export function useSaveSessionTimes() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveSessionTimes, onSuccess: () => qc.invalidateQueries({ queryKey: ['schedule'] }) });
}
