import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSaveSupervisionGroupResponse, type TSaveSupervisionGroupRequest } from '@hxk/contracts/supervision';
import { api } from '../../../lib/api.ts';

export const saveGroup = (input: TSaveSupervisionGroupRequest) =>
  api.post('/app/ddxk/supervision/group/v1/saveOrUpdate', input, { schema: ZSaveSupervisionGroupResponse });

export function useSaveGroup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveGroup, onSuccess: () => qc.invalidateQueries({ queryKey: ['supervisionGroups'] }) });
}
