import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZClearAppealsResponse } from '@hxk/contracts/appeals';
import { api } from '../../../lib/api.ts';

/** Removes every handled or revoked appeal from my list. */
export const clearAppeals = () => api.post('/app/ddxk/appeal/v1/clear', {}, { schema: ZClearAppealsResponse });

export function useClearAppeals() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: clearAppeals, onSuccess: () => qc.invalidateQueries({ queryKey: ['appeals'] }) });
}
