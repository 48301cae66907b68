import type { FastifyBaseLogger } from 'fastify';

export type SmsPurpose = 'login' | 'register' | 'reset';

/** Sends a verification code by text message. */
export interface SmsSender {
  readonly name: string;
  send(phone: string, code: string, purpose: SmsPurpose): Promise<void>;
}

/**
 * Development provider: the code goes to the server log only, never into an API reply, so an
 * operator running hxk locally can sign in by SMS without a gateway.
 */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    name: 'log',
    async send(phone, code, purpose) {
      log.info({ sms: { phone, purpose } }, `SMS verification code for ${phone} (${purpose}): ${code}`);
    },
  };
}
