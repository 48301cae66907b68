import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCreateAppealResponse, type TCreateAppealRequest } from '@hxk/contracts/appeals';
import { api } from '../../../lib/api.ts';

/** appeal.pendingExists is shown by the form itself, next to the evaluation it concerns. */
export const createAppeal = (input: TCreateAppealRequest) =>
  api.post('/app/ddxk/appeal/v1/create', input, { schema: ZCreateAppealResponse, quietKeys: ['appeal.pendingExists'] });

export function useCreateAppeal() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createAppeal, onSuccess: () => qc.invalidateQueries({ queryKey: ['appeals'] }) });
}
