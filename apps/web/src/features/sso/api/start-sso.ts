import type { TSsoStartRequest } from '@hxk/contracts/sso';
import { api } from '../../../lib/api.ts';

/** Where /SSO sends the browser: the school's CAS login or its OpenID Connect authorization endpoint. */
export const startSso = (q: TSsoStartRequest) =>
  api.get<{ redirectUrl: string }>('/base/sso/v1/start', { entry: q.entry ?? 'front', ...(q.school ? { school: q.school } : {}) }, { silent: true });
