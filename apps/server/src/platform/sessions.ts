import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DEFAULT_IDENTITY_PERMISSIONS, SESSION, type TIdentity } from '@hxk/contracts';
import { accounts, schoolMemberships, sessions } from '../db/schema/index.ts';
import type { Tx } from './db.ts';
import { platformTx } from './tenancy.ts';
import type { AuthState, Deps } from './context.ts';

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');

export type SessionMethod = 'password' | 'sms' | 'qr' | 'register' | 'sso';

/** Creates a server-side session; only the token's hash is stored. Returns the token. */
export async function createSession(
  tx: Tx,
  deps: Deps,
  input: { accountId: string; schoolId: string | null; method: SessionMethod; ip: string; userAgent: string },
): Promise<{ token: string; sessionId: string }> {
  const token = randomToken();
  const now = deps.now();
  const [row] = await tx
    .insert(sessions)
    .values({
      tokenHash: sha256(token),
      accountId: input.accountId,
      schoolId: input.schoolId,
      method: input.method,
      ip: input.ip,
      userAgent: input.userAgent.slice(0, 512),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION.absoluteSeconds * 1000),
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id };
}

/**
 * Resolves a token to the person and the active school in one query. The membership must still be
 * approved: removing someone from a school takes effect on their next request.
 */
export async function resolveSession(deps: Deps, token: string): Promise<AuthState | null> {
  const now = deps.now();
  return platformTx(deps.dbh.db, 'auth', async (tx) => {
    const [row] = await tx
      .select({
        sessionId: sessions.id,
        accountId: sessions.accountId,
        schoolId: sessions.schoolId,
        method: sessions.method,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        account: accounts.account,
        name: accounts.name,
        status: accounts.status,
        mustChangePassword: accounts.mustChangePassword,
        identity: schoolMemberships.identity,
        membershipStatus: schoolMemberships.status,
      })
      .from(sessions)
      .innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .leftJoin(
        schoolMemberships,
        and(eq(schoolMemberships.schoolId, sessions.schoolId), eq(schoolMemberships.accountId, sessions.accountId)),
      )
      .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt)))
      .limit(1);
    if (!row || row.status !== 'active') return null;
    const idleLimit = row.lastSeenAt.getTime() + SESSION.idleSeconds * 1000;
    if (row.expiresAt <= now || idleLimit <= now.getTime()) return null;
    // Touch at most once a minute: a read-mostly hot path should not write on every request.
    if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
      await tx.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
    }
    const member = row.membershipStatus === 'approved' && row.identity != null;
    const identity = member ? (row.identity as TIdentity) : null;
    return {
      sessionId: row.sessionId,
      accountId: row.accountId,
      account: row.account,
      name: row.name,
      schoolId: member ? row.schoolId : null,
      identity,
      permissions: identity ? DEFAULT_IDENTITY_PERMISSIONS[identity] : [],
      mustChangePassword: row.mustChangePassword,
      sso: row.method === 'sso',
    };
  });
}

export async function revokeSession(tx: Tx, sessionId: string, now: Date): Promise<void> {
  await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of an account (password change, disabling), optionally keeping one. */
export async function revokeAccountSessions(tx: Tx, accountId: string, now: Date, keepSessionId?: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.accountId, accountId),
        isNull(sessions.revokedAt),
        keepSessionId ? sql`${sessions.id} <> ${keepSessionId}` : sql`true`,
      ),
    );
}
