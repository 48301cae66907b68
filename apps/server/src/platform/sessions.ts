import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MENU_BY_ID, SESSION, effectiveGrants, type TIdentity } from '@hxk/contracts';
import { sessions } from '../db/schema/index.ts';
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

type SessionRow = {
  session_id: string | number;
  account_id: string | number;
  school_id: string | number | null;
  method: string;
  last_seen_at: Date | string;
  expires_at: Date | string;
  account: string;
  name: string;
  status: string;
  must_change_password: boolean;
  identity: number | null;
  membership_status: string | null;
  menu_ids: number[] | null;
};

type Lookup = { account_id: string | number; school_id: string | number | null; status: string; expires_at: string | Date; membership_status: string | null };

/**
 * Whether the socket's session still stands for this person in this school (not revoked or expired,
 * account active, membership approved). Read without touching the session: an open socket is not
 * activity that should keep an idle session alive.
 */
export async function sessionStands(deps: Deps, token: string, schoolId: string, accountId: string): Promise<boolean> {
  const [row] = await deps.dbh.rows<Lookup>(sql`select account_id, school_id, status, expires_at, membership_status from hxk_session_lookup(${sha256(token)})`);
  return !!row && String(row.account_id) === accountId && String(row.school_id) === schoolId && row.status === 'active'
    && row.membership_status === 'approved' && new Date(row.expires_at) > deps.now();
}

/**
 * Resolves a token to the person and the active school in one statement (hxk_session_lookup, a
 * platform-role function: migration 0002). The membership must still be approved: removing
 * someone from a school takes effect on their next request.
 */
export async function resolveSession(deps: Deps, token: string): Promise<AuthState | null> {
  const now = deps.now();
  const [row] = await deps.dbh.rows<SessionRow>(sql`select * from hxk_session_lookup(${sha256(token)})`);
  if (!row || row.status !== 'active') return null;
  const lastSeen = new Date(row.last_seen_at);
  const idleLimit = lastSeen.getTime() + SESSION.idleSeconds * 1000;
  if (new Date(row.expires_at) <= now || idleLimit <= now.getTime()) return null;
  const sessionId = String(row.session_id);
  // Touch at most once a minute: a read-mostly hot path should not write on every request.
  if (now.getTime() - lastSeen.getTime() > 60_000) {
    await platformTx(deps.dbh.db, 'auth', (tx) => tx.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId)));
  }
  const member = row.membership_status === 'approved' && row.identity != null;
  const identity = member ? (row.identity as TIdentity) : null;
  return {
    sessionId,
    accountId: String(row.account_id),
    account: row.account,
    name: row.name,
    schoolId: member && row.school_id != null ? String(row.school_id) : null,
    identity,
    // Keys of the menus and buttons the person's roles grant in this school, under today's groups.
    permissions: member ? [...effectiveGrants(row.menu_ids ?? [])].flatMap((id) => MENU_BY_ID.get(id)?.key ?? []) : [],
    mustChangePassword: row.must_change_password,
    sso: row.method === 'sso',
  };
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
