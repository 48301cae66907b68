/**
 * Who owns an account (ARCHITECTURE section 5). Accounts are platform-wide: password, phone, email,
 * name and avatar belong to the person. A school may change them, or reset the password, only for an
 * account whose every membership is in that school. Every writer of another person's account asks
 * here: password reset, member edits, the SCIM sync and the people import.
 */
import type { Tx } from '../../platform/db.ts';
import { membershipsOfAccounts } from './members.repo.ts';

export type MembershipFact = { schoolId: string; status: string };

/**
 * True when the school may change the account's identity fields: the account has at least one
 * membership, and every membership (approved, pending, disabled, rejected) is in this school.
 *
 * An invitation is not a membership: the person has not agreed to anything. An invitation of this
 * school therefore never makes the account the school's (else a sync run twice would adopt whoever
 * the first run invited), and an invitation of another school takes nothing away from this one.
 * An account with no membership belongs to no school.
 */
export function schoolOwnsAccount(memberships: readonly MembershipFact[], schoolId: string): boolean {
  const binding = memberships.filter((m) => m.status !== 'invited');
  return binding.length > 0 && binding.every((m) => m.schoolId === schoolId);
}

/**
 * Every membership of these accounts, in every school. Reads across schools: call it on a platform
 * transaction (the 'users' or 'jobs' path), never under a school's row-level security, which would
 * hide the other schools and make every account look like the school's own.
 */
export async function accountMemberships(tx: Tx, accountIds: readonly string[]): Promise<Map<string, MembershipFact[]>> {
  const out = new Map<string, MembershipFact[]>(accountIds.map((id) => [id, []]));
  if (!accountIds.length) return out;
  const ids = [...out.keys()];
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await membershipsOfAccounts(tx, ids.slice(i, i + 1000));
    for (const r of rows) out.get(r.accountId)?.push({ schoolId: r.schoolId, status: r.status });
  }
  return out;
}

/** The accounts among these that the school owns (see schoolOwnsAccount), on a platform transaction. */
export async function accountsOwnedBy(tx: Tx, schoolId: string, accountIds: readonly string[]): Promise<Set<string>> {
  const all = await accountMemberships(tx, accountIds);
  return new Set([...all].filter(([, ms]) => schoolOwnsAccount(ms, schoolId)).map(([id]) => id));
}
