/** Queries of single sign-on (decision 0026). School tables run under the school's row-level security. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { sessions, ssoConfigs, ssoIdentities, ssoLogins, ssoRequests } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;
export type SsoConfigValues = Omit<typeof ssoConfigs.$inferInsert, 'schoolId' | 'updatedAt'>;

export async function configOf(tx: Tx): Promise<SsoConfigRow | undefined> {
  // sso_configs' primary key (school_id); row-level security keeps it to the school
  const [row] = await tx.select().from(ssoConfigs);
  return row;
}

/** Sets the fields given; those left out keep their value. */
export async function saveConfig(tx: Tx, schoolId: string, values: Partial<SsoConfigValues>, now: Date): Promise<void> {
  await tx
    .insert(ssoConfigs)
    .values({ schoolId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: ssoConfigs.schoolId, set: { ...values, updatedAt: now } });
}

export async function accountOfSubject(tx: Tx, issuer: string, subject: string): Promise<string | undefined> {
  // index: sso_identities_subject_uq (school_id, issuer, subject)
  const [row] = await tx.select({ accountId: ssoIdentities.accountId }).from(ssoIdentities).where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
  return row?.accountId;
}

/** Binds a subject to an account; false when the account is already bound to another subject of this issuer. */
export async function bindSubject(tx: Tx, values: { schoolId: string; issuer: string; subject: string; accountId: string }): Promise<boolean> {
  const rows = await tx.insert(ssoIdentities).values(values).onConflictDoNothing().returning({ id: ssoIdentities.id });
  return rows.length > 0;
}

export async function sessionIdOfTokenHash(tx: Tx, tokenHash: string): Promise<string | undefined> {
  // index: sessions_token_uq (token_hash)
  const [row] = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, tokenHash));
  return row?.id;
}

/** Records what opened an SSO session; false when that ticket or nonce was used before (a replay). */
export async function recordLogin(tx: Tx, values: { schoolId: string; sessionId: string; protocol: 'cas' | 'oidc'; proofHash: string }): Promise<boolean> {
  const rows = await tx.insert(ssoLogins).values(values).onConflictDoNothing().returning({ id: ssoLogins.id });
  return rows.length > 0;
}

export async function loginOfSession(tx: Tx, sessionId: string) {
  // index: sso_logins_session_idx (session_id)
  const [row] = await tx.select({ protocol: ssoLogins.protocol }).from(ssoLogins).where(eq(ssoLogins.sessionId, sessionId)).limit(1);
  return row;
}

export async function sessionOfProof(tx: Tx, proofHash: string): Promise<string | undefined> {
  // index: sso_logins_proof_uq (school_id, proof_hash)
  const [row] = await tx.select({ sessionId: ssoLogins.sessionId }).from(ssoLogins).where(eq(ssoLogins.proofHash, proofHash));
  return row?.sessionId;
}

export async function insertRequest(tx: Tx, values: typeof ssoRequests.$inferInsert): Promise<void> {
  await tx.insert(ssoRequests).values(values);
}

/** Takes an unexpired, unused sign-in request by its state, once: a second take finds nothing. */
export async function takeRequest(tx: Tx, stateHash: string, now: Date) {
  // index: sso_requests_state_uq (school_id, state_hash)
  const [row] = await tx
    .update(ssoRequests)
    .set({ usedAt: now })
    .where(and(eq(ssoRequests.stateHash, stateHash), isNull(ssoRequests.usedAt), gt(ssoRequests.expiresAt, now)))
    .returning();
  return row;
}

/** Forgets sign-in requests that ended more than a day ago. */
export async function pruneRequests(tx: Tx, before: Date): Promise<void> {
  await tx.delete(ssoRequests).where(sql`${ssoRequests.expiresAt} < ${before}`);
}
