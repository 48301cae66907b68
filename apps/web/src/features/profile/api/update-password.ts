import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { TUpdatePasswordRequest } from '@hxk/contracts/auth';
import { api } from '../../../lib/api.ts';

export const updatePassword = (body: TUpdatePasswordRequest) => api.post('/base/user/v1/update/pwd', body, { schema: z.null() });

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
