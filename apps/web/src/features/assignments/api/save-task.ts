import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { TSaveAssignmentTaskRequest } from '@hxk/contracts/assignments';
import { ZId } from '@hxk/contracts/common';
import { api } from '../../../lib/api.ts';

export const saveTask = (input: TSaveAssignmentTaskRequest) =>
  api.post('/app/ddxk/assignments/v1/task/saveOrUpdate', input, { schema: z.object({ taskId: ZId }) });

export function useSaveTask() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveTask, onSuccess: () => qc.invalidateQueries({ queryKey: ['assignments'] }) });
}
