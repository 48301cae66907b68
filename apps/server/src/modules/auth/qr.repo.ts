/** The SQL of QR sign-in and registration codes (docs/decisions/0016-repositories.md). */
import { and, eq, inArray } from 'drizzle-orm';
import { qrCodes } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';

export type QrRow = typeof qrCodes.$inferSelect;
export type QrStatus = QrRow['status'];
export type NewQrCode = Omit<typeof qrCodes.$inferInsert, 'status' | 'accountId' | 'schoolId' | 'openId'>;
/** What the steps of a code's life change on it. */
export type QrChange = Partial<Pick<QrRow, 'status' | 'accountId' | 'schoolId' | 'openId'>>;

export async function insertQrCode(tx: Tx, fields: NewQrCode): Promise<void> {
  await tx.insert(qrCodes).values(fields);
}

/** A code, locked for update: its steps are taken one at a time. */
export async function qrCodeForUpdate(tx: Tx, id: string): Promise<QrRow | undefined> {
  // qr_codes' primary key (id)
  const [row] = await tx.select().from(qrCodes).where(eq(qrCodes.id, id)).limit(1).for('update');
  return row;
}

export async function updateQrCode(tx: Tx, id: string, change: QrChange): Promise<void> {
  await tx.update(qrCodes).set(change).where(eq(qrCodes.id, id));
}

/** Changes a code only while its status is one of `statuses`. */
export async function updateQrCodeIn(tx: Tx, id: string, statuses: readonly QrStatus[], change: QrChange): Promise<void> {
  await tx
    .update(qrCodes)
    .set(change)
    .where(and(eq(qrCodes.id, id), inArray(qrCodes.status, [...statuses])));
}
