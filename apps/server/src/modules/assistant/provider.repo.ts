import { and, asc, eq, gt, gte, lt, sql, sum } from 'drizzle-orm';
import { assistantMessages, assistantSessions, assistantSettings, assistantUsage } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';

export type SettingsRow = typeof assistantSettings.$inferSelect;

export async function settingsRow(tx: Tx): Promise<SettingsRow | undefined> {
  const [row] = await tx.select().from(assistantSettings);
  return row;
}

export async function saveSettings(tx: Tx, schoolId: string, v: Omit<typeof assistantSettings.$inferInsert, 'schoolId'>): Promise<void> {
  await tx.insert(assistantSettings).values({ schoolId, ...v }).onConflictDoUpdate({ target: assistantSettings.schoolId, set: v });
}

/** When the person asked their questions since `since` (every session of theirs). */
export async function askedSince(tx: Tx, accountId: string, since: Date): Promise<Date[]> {
  const rows = await tx
    .select({ at: assistantMessages.createdAt })
    .from(assistantMessages)
    .innerJoin(assistantSessions, and(eq(assistantSessions.schoolId, assistantMessages.schoolId), eq(assistantSessions.id, assistantMessages.sessionId)))
    .where(and(eq(assistantSessions.creatorId, accountId), gt(assistantMessages.createdAt, since)));
  return rows.map((r) => r.at);
}

/** Tokens the school used in [from, to) (days). */
export async function tokensBetween(tx: Tx, from: string, to: string): Promise<number> {
  const [row] = await tx.select({ tokens: sum(assistantUsage.tokens) }).from(assistantUsage).where(and(gte(assistantUsage.day, from), lt(assistantUsage.day, to)));
  return Number(row?.tokens ?? 0);
}

/** Adds one answer to the day's usage of its model and asker. */
export async function addUsage(tx: Tx, v: { schoolId: string; day: string; model: string; accountId: string; tokens: number; estimatedTokens: number }): Promise<void> {
  await tx
    .insert(assistantUsage)
    .values({ ...v, questions: 1 })
    .onConflictDoUpdate({
      target: [assistantUsage.schoolId, assistantUsage.day, assistantUsage.model, assistantUsage.accountId],
      set: {
        questions: sql`${assistantUsage.questions} + 1`,
        tokens: sql`${assistantUsage.tokens} + ${v.tokens}`,
        estimatedTokens: sql`${assistantUsage.estimatedTokens} + ${v.estimatedTokens}`,
      },
    });
}

export type UsageRow = { day: string; model: string; questions: number; tokens: number; estimatedTokens: number };

/** Usage per day and model in [from, to): of the whole school, or of one person (accountId). */
export async function usageByDay(tx: Tx, from: string, to: string, accountId: string | null): Promise<UsageRow[]> {
  const rows = await tx
    .select({
      day: assistantUsage.day,
      model: assistantUsage.model,
      questions: sum(assistantUsage.questions),
      tokens: sum(assistantUsage.tokens),
      estimatedTokens: sum(assistantUsage.estimatedTokens),
    })
    .from(assistantUsage)
    .where(and(gte(assistantUsage.day, from), lt(assistantUsage.day, to), accountId === null ? undefined : eq(assistantUsage.accountId, accountId)))
    .groupBy(assistantUsage.day, assistantUsage.model)
    .orderBy(asc(assistantUsage.day), asc(assistantUsage.model));
  return rows.map((r) => ({ day: r.day, model: r.model, questions: Number(r.questions ?? 0), tokens: Number(r.tokens ?? 0), estimatedTokens: Number(r.estimatedTokens ?? 0) }));
}
