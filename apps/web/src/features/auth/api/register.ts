import { useMutation } from '@tanstack/react-query';
import { ZLoginResponse, type TRegisterRequest } from '@hxk/contracts/auth';
import { api } from '../../../lib/api.ts';
import { completeSignIn } from '../../../lib/session.ts';

export const register = (body: TRegisterRequest) => api.post('/base/login/v1/register', body, { schema: ZLoginResponse });

export function useRegister() {
  return useMutation({ mutationFn: register, onSuccess: completeSignIn });
}
