import { useMutation } from '@tanstack/react-query';
import type { TLoginRequest, TLoginResponse } from '@hxk/contracts/auth';
import { ApiError, api } from '../../../lib/api.ts';
import { schoolIdHint } from '../../../lib/school-id.ts';
import { completeSignIn } from '../../../lib/session.ts';

const LOGIN = '/base/login/v1/do';
const SWITCH = '/base/login/v1/switch/school';

// Loaded on submit: the login page paints without zod.
const ZLoginResponse = () => import('@hxk/contracts/auth').then((m) => m.ZLoginResponse);

const post = (body: TLoginRequest, quiet: string[] = []) => api.post(LOGIN, body, { schema: ZLoginResponse, quietKeys: quiet });

/**
 * Signs in, preferring the school served at this host. The host's school is only a hint: when the
 * account is not its member, a password login is repeated without it. An SMS code is single use,
 * so an SMS login is made without the hint and then moved to the host's school when possible.
 */
export async function login(body: TLoginRequest): Promise<TLoginResponse> {
  const hint = await schoolIdHint();
  if (!hint) return post(body);
  if (body.type === 'password') {
    try {
      return await post({ ...body, schoolId: hint }, ['auth.schoolNotMember']);
    } catch (e) {
      if (!(e instanceof ApiError && e.errorKey === 'auth.schoolNotMember')) throw e;
      return post(body);
    }
  }
  const session = await post(body);
  if (session.schoolId === hint || session.schoolId === null) return session;
  try {
    return await api.post(SWITCH, { schoolId: hint }, { schema: ZLoginResponse, silent: true, quietKeys: [] });
  } catch {
    return session;
  }
}

export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: completeSignIn });
}
