import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZClassroom, type TSaveClassroomRequest } from '@hxk/contracts/classrooms';
import { api } from '../../../lib/api.ts';

export const saveClassroom = (input: TSaveClassroomRequest) => api.post('/base/classroom/v1/save', input, { schema: ZClassroom });

export function useSaveClassroom() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveClassroom, onSuccess: () => qc.invalidateQueries({ queryKey: ['classrooms'] }) });
}
