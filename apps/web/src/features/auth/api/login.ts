import { useMutation } from '@tanstack/react-query';
import type { TLoginRequest, TLoginResponse } from '@hxk/contracts/auth';
import { api } from '../../../lib/api.ts';
import { schoolIdHint } from '../../../lib/school-id.ts';
import { completeSignIn } from '../../../lib/session.ts';

const LOGIN = '/base/login/v1/do';

// Loaded on submit: the login page paints without zod.
const ZLoginResponse = () => import('@hxk/contracts/auth').then((m) => m.ZLoginResponse);

/**
 * Signs in, preferring the school served at this host. The server treats it as a hint only: an
 * account that is not a member there lands in its own most recent school.
 */
export async function login(body: TLoginRequest): Promise<TLoginResponse> {
  const hint = await schoolIdHint();
  return api.post(LOGIN, hint ? { ...body, schoolId: hint } : body, { schema: ZLoginResponse });
}

export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: completeSignIn });
}
