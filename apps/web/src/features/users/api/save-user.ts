import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZMember, type ZSaveMemberRequest } from '@hxk/contracts/members';
import { api } from '../../../lib/api.ts';

export type SaveUserInput = z.input<typeof ZSaveMemberRequest>;

/** Adds a person to the school (no `userId`) or changes a member. */
export const saveUser = (input: SaveUserInput) => api.post('/base/system/user/v1/save', input, { schema: ZMember });

export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveUser, onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }) });
}
