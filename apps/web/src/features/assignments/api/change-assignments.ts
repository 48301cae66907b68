import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAssignmentAction } from '@hxk/contracts/assignments';
import { api } from '../../../lib/api.ts';

export const changeAssignments = (input: { ids: string[]; action: TAssignmentAction }) => api.post<null>('/app/ddxk/assignments/v1/changeStatus', input);

export function useChangeAssignments() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: changeAssignments, onSuccess: () => qc.invalidateQueries({ queryKey: ['assignments'] }) });
}
