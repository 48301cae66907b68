import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZId } from '@hxk/contracts/common';
import type { ZSaveRoleRequest } from '@hxk/contracts/roles';
import { api } from '../../../lib/api.ts';

export type SaveRoleInput = z.input<typeof ZSaveRoleRequest>;

/** Adds a role, or renames/describes one when `roleId` is given. */
export const saveRole = (input: SaveRoleInput) => api.post('/app/ddxk/role/v1/saveOrUpdate', input, { schema: z.object({ roleId: ZId }), failure: 'save' });

export function useSaveRole() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveRole, onSuccess: () => qc.invalidateQueries({ queryKey: ['roles'] }) });
}
