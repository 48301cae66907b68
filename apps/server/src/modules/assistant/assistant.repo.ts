import { and, asc, desc, eq } from 'drizzle-orm';
import { assistantMessages, assistantSessions } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import type { TAssistantToolUse } from '@hxk/contracts';

export type SessionRow = typeof assistantSessions.$inferSelect;
export type MessageRow = typeof assistantMessages.$inferSelect;

export async function insertSession(tx: Tx, schoolId: string, creatorId: string, model: number): Promise<SessionRow> {
  const [row] = await tx.insert(assistantSessions).values({ schoolId, creatorId, model }).returning();
  return row!;
}

/** The asker's own session, or undefined (another person's is as absent as a missing one). */
export async function ownSession(tx: Tx, creatorId: string, id: string): Promise<SessionRow | undefined> {
  const [row] = await tx.select().from(assistantSessions).where(and(eq(assistantSessions.id, id), eq(assistantSessions.creatorId, creatorId)));
  return row;
}

export function ownSessions(tx: Tx, creatorId: string, limit: number): Promise<SessionRow[]> {
  return tx.select().from(assistantSessions).where(eq(assistantSessions.creatorId, creatorId)).orderBy(desc(assistantSessions.updatedAt), desc(assistantSessions.id)).limit(limit);
}

export async function deleteSession(tx: Tx, id: string): Promise<void> {
  await tx.delete(assistantSessions).where(eq(assistantSessions.id, id));
}

export async function touchSession(tx: Tx, id: string, at: Date, title: string | null): Promise<void> {
  await tx.update(assistantSessions).set({ updatedAt: at, ...(title !== null ? { title } : {}) }).where(eq(assistantSessions.id, id));
}

export async function insertMessage(tx: Tx, v: typeof assistantMessages.$inferInsert): Promise<MessageRow> {
  const [row] = await tx.insert(assistantMessages).values(v).returning();
  return row!;
}

export async function finishMessage(
  tx: Tx,
  id: string,
  v: { thoughtProcess: string; summarize: string; stopState: number; finishReason: string | null; errorKey: string | null; thinkMs: number | null; tools: TAssistantToolUse[] },
): Promise<void> {
  await tx.update(assistantMessages).set(v).where(eq(assistantMessages.id, id));
}

export function messagesOf(tx: Tx, sessionId: string): Promise<MessageRow[]> {
  return tx.select().from(assistantMessages).where(eq(assistantMessages.sessionId, sessionId)).orderBy(asc(assistantMessages.createdAt), asc(assistantMessages.id));
}
