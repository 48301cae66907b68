import type { TSsoCompleteRequest } from '@hxk/contracts/sso';
import type { TLoginResponse } from '@hxk/contracts/auth';
import { api } from '../../../lib/api.ts';

/** Back from the identity provider: the server checks the ticket (CAS) or the code (OpenID Connect) and signs the person in. */
export const completeSso = (body: TSsoCompleteRequest) => api.post<TLoginResponse & { entry: 'front' | 'back' }>('/base/sso/v1/complete', body, { silent: true });
