import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOrgUnit } from '@hxk/contracts/org';
import { api } from '../../../lib/api.ts';

export const renameOrgUnit = (input: { id: string; name: string }) => api.post('/base/org/v1/rename', input, { schema: ZOrgUnit });

export function useRenameOrgUnit() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: renameOrgUnit, onSuccess: () => qc.invalidateQueries({ queryKey: ['org'] }) });
}
