/** The SQL of SMS verification codes (docs/decisions/0016-repositories.md). */
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { smsCodes } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import type { SmsPurpose } from '../../platform/adapters/sms.ts';

export type SmsCodeRow = typeof smsCodes.$inferSelect;
export type NewSmsCode = Pick<typeof smsCodes.$inferInsert, 'phone' | 'purpose' | 'codeHash' | 'ip' | 'createdAt' | 'expiresAt'>;

/** When the last code for the phone and purpose was made, if ever. */
export async function lastCodeAt(tx: Tx, phone: string, purpose: SmsPurpose): Promise<Date | undefined> {
  // index: sms_codes_phone_idx (phone, purpose, created_at)
  const [last] = await tx
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return last?.createdAt;
}

/** How many codes the phone was sent after `since`, for every purpose. */
export async function codesSentSince(tx: Tx, phone: string, since: Date): Promise<number> {
  // index: sms_codes_phone_idx (phone, purpose, created_at), its phone prefix
  const [day] = await tx
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, since)));
  return Number(day?.n ?? 0);
}

/** Ends every live code for the phone and purpose. */
export async function retireLiveCodes(tx: Tx, phone: string, purpose: SmsPurpose, now: Date): Promise<void> {
  // index: sms_codes_phone_idx (phone, purpose, created_at)
  await tx
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt)));
}

export async function insertCode(tx: Tx, fields: NewSmsCode): Promise<void> {
  await tx.insert(smsCodes).values(fields);
}

/** The newest unused, unexpired code for the phone and purpose, locked for update. */
export async function liveCodeForUpdate(tx: Tx, phone: string, purpose: SmsPurpose, now: Date): Promise<SmsCodeRow | undefined> {
  // index: sms_codes_phone_idx (phone, purpose, created_at)
  const [live] = await tx
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1)
    .for('update');
  return live;
}

export async function markCodeUsed(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(smsCodes).set({ usedAt: now }).where(eq(smsCodes.id, id));
}

/** Counts a wrong try; `usedAt` set ends the code. */
export async function countWrongTry(tx: Tx, id: string, usedAt: Date | null): Promise<void> {
  await tx
    .update(smsCodes)
    .set({ wrongTries: sql`${smsCodes.wrongTries} + 1`, usedAt })
    .where(eq(smsCodes.id, id));
}
