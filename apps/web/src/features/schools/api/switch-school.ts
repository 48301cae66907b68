import { useMutation } from '@tanstack/react-query';
import { ZLoginResponse } from '@hxk/contracts/auth';
import { api } from '../../../lib/api.ts';
import { completeSignIn } from '../../../lib/session.ts';

/** Moves the session to another approved school of the caller; the reply is a new session. */
export const switchSchool = (schoolId: string) => api.post('/base/login/v1/switch/school', { schoolId }, { schema: ZLoginResponse });

export function useSwitchSchool() {
  return useMutation({ mutationFn: switchSchool, onSuccess: completeSignIn });
}
