import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type ResetPasswordInput = { phone: string; code: string; newPassword: string };

export const resetPassword = (body: ResetPasswordInput) => api.post('/base/login/v1/forget/pwd', body, { schema: z.null() });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
