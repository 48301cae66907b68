import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZPlan, type TSavePlanRequest } from '@hxk/contracts/plans';
import { api } from '../../../lib/api.ts';

export const savePlan = (input: TSavePlanRequest) => api.post('/app/ddxk/plan/v1/saveOrUpdate', input, { schema: ZPlan });

export function useSavePlan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: savePlan, onSuccess: () => qc.invalidateQueries({ queryKey: ['plans'] }) });
}
