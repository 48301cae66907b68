import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { THandleAppealRequest } from '@hxk/contracts/appeals';
import { api } from '../../../lib/api.ts';

/** A handler resolves an appeal with the score after appeal, or marks it not to be resolved. */
export const handleAppeal = (input: THandleAppealRequest) => api.post('/app/ddxk/appeal/v1/handle', input);

export function useHandleAppeal() {
  const qc = useQueryClient();
  // Reports use the score after appeal, so they are stale too.
  return useMutation({
    mutationFn: handleAppeal,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['appeals'] }), qc.invalidateQueries({ queryKey: ['reports'] })]),
  });
}
