import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Puts people into a unit (the school root: out of any unit). */
export const setPeopleUnit = (input: { orgUnitId: string; userIds: string[] }) => api.post<null>('/base/org/v1/setPeopleUnit', input);

export function useSetPeopleUnit() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setPeopleUnit, onSuccess: () => qc.invalidateQueries({ queryKey: ['org'] }) });
}
