import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZSemester, type ZSaveSemesterRequest } from '@hxk/contracts/calendar';
import { api } from '../../../lib/api.ts';

export type SaveSemesterInput = z.input<typeof ZSaveSemesterRequest>;

export const saveSemester = (input: SaveSemesterInput) => api.post('/base/calendar/v1/saveOrUpdate', input, { schema: ZSemester });

export function useSaveSemester() {
  const qc = useQueryClient();
  // A new start date moves class dates: the timetable and course lists refresh too.
  return useMutation({ mutationFn: saveSemester, onSuccess: () => qc.invalidateQueries({ queryKey: ['schedule'] }) });
}
