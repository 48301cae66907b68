import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Removes handled or revoked appeals from my list (the record stays for the handlers). */
export const deleteAppeals = (appealIds: string[]) => api.post('/app/ddxk/appeal/v1/delete', { appealIds });

export function useDeleteAppeals() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteAppeals, onSuccess: () => qc.invalidateQueries({ queryKey: ['appeals'] }) });
}
