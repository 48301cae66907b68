import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZAssignResponse, type ZAssignRequest } from '@hxk/contracts/assignments';
import { api } from '../../../lib/api.ts';

export type AssignInput = z.input<typeof ZAssignRequest>;

export const assign = (input: AssignInput) => api.post('/app/ddxk/assignments/v1/assign', input, { schema: ZAssignResponse });

export function useAssign() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: assign, onSuccess: () => qc.invalidateQueries({ queryKey: ['assignments'] }) });
}
