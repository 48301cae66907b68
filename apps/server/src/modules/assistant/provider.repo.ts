import { and, asc, desc, eq, gt, gte, lt, or, sql, sum } from 'drizzle-orm';
import { assistantMessages, assistantReservations, assistantSessions, assistantSettings, assistantUsage } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';

export type SettingsRow = typeof assistantSettings.$inferSelect;

export async function settingsRow(tx: Tx): Promise<SettingsRow | undefined> {
  const [row] = await tx.select().from(assistantSettings);
  return row;
}

/**
 * The settings row, locked until the transaction ends: admitting questions against the budget one at
 * a time per school (a second admitter waits here, then reads the first one's reservation).
 */
export async function lockSettings(tx: Tx): Promise<SettingsRow | undefined> {
  const [row] = await tx.select().from(assistantSettings).for('update');
  return row;
}

/** Tokens held by answers under way that began after `since` (older ones are stale): the school's, or one person's (accountId). */
export async function reservedSince(tx: Tx, since: Date, accountId?: string): Promise<number> {
  const [row] = await tx
    .select({ tokens: sum(assistantReservations.tokens) })
    .from(assistantReservations)
    .where(and(gt(assistantReservations.createdAt, since), accountId === undefined ? undefined : eq(assistantReservations.accountId, accountId)));
  return Number(row?.tokens ?? 0);
}

export async function reserve(tx: Tx, v: { schoolId: string; accountId: string; tokens: number; at: Date }): Promise<string> {
  const [row] = await tx.insert(assistantReservations).values({ schoolId: v.schoolId, accountId: v.accountId, tokens: v.tokens, createdAt: v.at }).returning({ id: assistantReservations.id });
  return row!.id;
}

/** Ends a reservation, and drops the stale ones with it (older than `staleBefore`). */
export async function release(tx: Tx, id: string, staleBefore: Date): Promise<void> {
  await tx.delete(assistantReservations).where(or(eq(assistantReservations.id, id), lt(assistantReservations.createdAt, staleBefore)));
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

/**
 * When the school's `nth` most recent question since `since` was asked (null: fewer than `nth`):
 * what its hourly limit turns on (assistant_messages_created_idx).
 */
export async function nthAskedInSchoolSince(tx: Tx, since: Date, nth: number): Promise<Date | null> {
  const [row] = await tx
    .select({ at: assistantMessages.createdAt })
    .from(assistantMessages)
    .where(gt(assistantMessages.createdAt, since))
    .orderBy(desc(assistantMessages.createdAt))
    .limit(1)
    .offset(nth - 1);
  return row?.at ?? null;
}

/** Tokens the school used in [from, to) (days). */
export async function tokensBetween(tx: Tx, from: string, to: string): Promise<number> {
  const [row] = await tx.select({ tokens: sum(assistantUsage.tokens) }).from(assistantUsage).where(and(gte(assistantUsage.day, from), lt(assistantUsage.day, to)));
  return Number(row?.tokens ?? 0);
}

/** Tokens one person used on a school day (assistant_usage_account_idx). */
export async function personTokensOn(tx: Tx, accountId: string, day: string): Promise<number> {
  const [row] = await tx.select({ tokens: sum(assistantUsage.tokens) }).from(assistantUsage).where(and(eq(assistantUsage.accountId, accountId), eq(assistantUsage.day, day)));
  return Number(row?.tokens ?? 0);
}

/** Adds one answer (questions 1) or a connection test (questions 0) to the day's usage of its model and asker. */
export async function addUsage(tx: Tx, v: { schoolId: string; day: string; model: string; accountId: string; tokens: number; estimatedTokens: number; questions: 0 | 1 }): Promise<void> {
  await tx
    .insert(assistantUsage)
    .values(v)
    .onConflictDoUpdate({
      target: [assistantUsage.schoolId, assistantUsage.day, assistantUsage.model, assistantUsage.accountId],
      set: {
        questions: sql`${assistantUsage.questions} + ${v.questions}`,
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
