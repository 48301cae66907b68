import { IDENTITY_NAMES, builtinRoleMenus, type TIdentity } from '@hxk/contracts';
import type { Database, Tx } from '../../platform/db.ts';
import { platformTx } from '../../platform/tenancy.ts';
import * as repo from './roles.repo.ts';

const BUILTIN_NAMES: Record<TIdentity, string> = {
  1: 'Administrator',
  2: 'Supervision group leader',
  3: 'Supervision member',
  4: 'Teacher',
  5: 'Student',
};

/**
 * Gives a school its five built-in roles with their default grants (once), and every approved member
 * without a role the built-in role of their identity. Idempotent.
 */
export async function ensureBuiltinRoles(tx: Tx, schoolId: string): Promise<void> {
  const byIdentity = new Map<number, string>();
  for (const r of await repo.rolesOfSchool(tx, schoolId)) if (r.builtin != null) byIdentity.set(r.builtin, r.id);
  for (const identity of Object.keys(IDENTITY_NAMES).map(Number) as TIdentity[]) {
    if (byIdentity.has(identity)) continue;
    const roleId = await repo.insertBuiltinRole(tx, schoolId, BUILTIN_NAMES[identity], identity);
    byIdentity.set(identity, roleId);
    await repo.insertRoleMenus(tx, schoolId, roleId, [...builtinRoleMenus(identity)]);
  }
  // Approved members who hold no role yet get the built-in role of their identity.
  const bare = await repo.approvedMembersWithoutRole(tx, schoolId);
  if (bare.length) await repo.insertUserRoles(tx, bare.map((m) => ({ schoolId, accountId: m.accountId, roleId: byIdentity.get(m.identity)! })));
}

/** The built-in role of an identity in the transaction's school. */
export const builtinRoleId = repo.builtinRoleId;

/**
 * At start: schools created before roles existed (or by hand) get theirs, and every built-in
 * administrator role holds the whole menu tree, including screens and buttons added by a newer
 * release (the administrator role is by definition complete; other roles keep what schools chose).
 */
export async function ensureAllSchoolsHaveRoles(db: Database): Promise<void> {
  await platformTx(db, 'seed', async (tx) => {
    const rows = await repo.schoolIdsWithoutRoles(tx);
    for (const r of rows) await ensureBuiltinRoles(tx, r.id);
    await repo.grantMenusToAdminRoles(tx, [...builtinRoleMenus(1)]);
  });
}
