import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZApplicationEntry, type ZSaveApplicationRequest } from '@hxk/contracts/settings';
import { api } from '../../../lib/api.ts';

/** Adds an application entry, or changes one when `id` is given. */
export const saveApplication = (input: z.input<typeof ZSaveApplicationRequest>) =>
  api.post('/base/application/v1/saveOrUpdate', input, { schema: ZApplicationEntry });

export function useSaveApplication() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveApplication, onSuccess: () => qc.invalidateQueries({ queryKey: ['applications'] }) });
}
