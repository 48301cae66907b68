import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZClassroom } from '@hxk/contracts/classrooms';
import { api } from '../../../lib/api.ts';

export const saveFrontRowRoom = (input: { classroomId: string; seatRows: number; frontRows: number }) =>
  api.post('/base/classroom/v1/frontRow/saveRoom', input, { schema: ZClassroom });

export function useSaveFrontRowRoom() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveFrontRowRoom, onSuccess: () => qc.invalidateQueries({ queryKey: ['classrooms'] }) });
}
