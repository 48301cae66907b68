import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZBuilding, type ZSaveBuildingRequest } from '@hxk/contracts/classrooms';
import { api } from '../../../lib/api.ts';

export type SaveBuildingInput = z.input<typeof ZSaveBuildingRequest>;

export const saveBuilding = (input: SaveBuildingInput) => api.post('/base/classroom/v1/building/save', input, { schema: ZBuilding });

export function useSaveBuilding() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveBuilding, onSuccess: () => qc.invalidateQueries({ queryKey: ['classrooms'] }) });
}
