import { api } from '../../../lib/api.ts';

export type SmsPurpose = 'login' | 'register' | 'reset';

/** Returns how many seconds to wait before another code may be asked for. */
export async function sendSmsCode(phone: string, purpose: SmsPurpose): Promise<number> {
  const res = await api.get('/base/login/v1/send/sms/code', { phone, purpose }, { schema: () => import('@hxk/contracts/auth').then((m) => m.ZSendSmsResponse) });
  return res.resendAfterSeconds;
}
