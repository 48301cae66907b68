import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Pending → revoked, by the teacher who appealed. */
export const withdrawAppeal = (appealId: string) => api.post('/app/ddxk/appeal/v1/withdraw', { appealId });

export function useWithdrawAppeal() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: withdrawAppeal, onSuccess: () => qc.invalidateQueries({ queryKey: ['appeals'] }) });
}
