import crypto from 'node:crypto';
import { SMS_CODE } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { SmsPurpose } from '../../platform/adapters/sms.ts';
import * as repo from './sms-codes.repo.ts';

export const generateSmsCode = () => crypto.randomInt(0, 10 ** SMS_CODE.length).toString().padStart(SMS_CODE.length, '0');
const hashCode = (phone: string, purpose: string, code: string) =>
  crypto.createHash('sha256').update(`${phone}:${purpose}:${code}`).digest('hex');

/** Per-phone limits are read from the stored codes, so they hold across server nodes. */
export async function assertCanSend(tx: Tx, phone: string, purpose: SmsPurpose, now: Date): Promise<void> {
  const last = await repo.lastCodeAt(tx, phone, purpose);
  if (last) {
    const wait = Math.ceil((last.getTime() + SMS_CODE.resendSeconds * 1000 - now.getTime()) / 1000);
    if (wait > 0) throw new AppError('sms.tooFrequent', { seconds: wait });
  }
  const day = await repo.codesSentSince(tx, phone, new Date(now.getTime() - 86_400_000));
  if (day >= SMS_CODE.perPhonePerDay) throw new AppError('sms.tooFrequent', { seconds: 86_400 });
}

export async function storeCode(tx: Tx, input: { phone: string; purpose: SmsPurpose; code: string; ip: string; now: Date }): Promise<void> {
  // A new code replaces any earlier live one for the same phone and purpose.
  await repo.retireLiveCodes(tx, input.phone, input.purpose, input.now);
  await repo.insertCode(tx, {
    phone: input.phone,
    purpose: input.purpose,
    codeHash: hashCode(input.phone, input.purpose, input.code),
    ip: input.ip,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + SMS_CODE.ttlSeconds * 1000),
  });
}

/**
 * Consumes a code: single use, expires after 5 minutes, destroyed by the fifth wrong try.
 * Returns false for a wrong code (the caller commits the wrong-try count, then refuses).
 */
export async function consumeCode(tx: Tx, input: { phone: string; purpose: SmsPurpose; code: string; now: Date }): Promise<boolean> {
  const live = await repo.liveCodeForUpdate(tx, input.phone, input.purpose, input.now);
  if (!live) return false;
  const expected = Buffer.from(live.codeHash, 'hex');
  const given = Buffer.from(hashCode(input.phone, input.purpose, input.code), 'hex');
  if (crypto.timingSafeEqual(expected, given)) {
    await repo.markCodeUsed(tx, live.id, input.now);
    return true;
  }
  await repo.countWrongTry(tx, live.id, live.wrongTries + 1 >= SMS_CODE.maxWrongTries ? input.now : null);
  return false;
}
