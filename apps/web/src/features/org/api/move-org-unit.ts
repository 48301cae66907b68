import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOrgUnit } from '@hxk/contracts/org';
import { api } from '../../../lib/api.ts';

/** Moves a unit under `parentId` at position `index` among its new siblings. */
export const moveOrgUnit = (input: { id: string; parentId: string; index: number }) => api.post('/base/org/v1/move', input, { schema: ZOrgUnit });

export function useMoveOrgUnit() {
  const qc = useQueryClient();
  // Refetch after a refusal too: the tree shows the server's order again.
  return useMutation({ mutationFn: moveOrgUnit, onSettled: () => qc.invalidateQueries({ queryKey: ['org'] }) });
}
