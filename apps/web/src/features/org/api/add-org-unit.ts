import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZOrgUnit, type ZAddOrgUnitRequest } from '@hxk/contracts/org';
import { api } from '../../../lib/api.ts';

export const addOrgUnit = (input: z.input<typeof ZAddOrgUnitRequest>) => api.post('/base/org/v1/add', input, { schema: ZOrgUnit });

export function useAddOrgUnit() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addOrgUnit, onSuccess: () => qc.invalidateQueries({ queryKey: ['org'] }) });
}
